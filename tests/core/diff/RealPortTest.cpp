// The differ on real ports (issue 13): TileGym's Rust ports compiled by the real cuTile Rust
// compiler against the cuTile Python reference (tests/data/real-ports), and seeded source-level
// porting mistakes and refactors of those ports (tests/data/port-mistakes). The expected
// findings and their justification live next to the data (README.md, REVIEW.md,
// expected.json); this file only checks the differ's result against them. Failure messages
// name the pair or case, the expected entry and what the differ reported at its lines.

#include "DiffTestUtil.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <algorithm>
#include <cctype>
#include <gtest/gtest.h>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace tilelens::diff::test {
namespace {

QString realPortsDir()
{
    return tilelens::test::testDataDir() + QStringLiteral("/real-ports");
}

QString mistakesDir()
{
    return tilelens::test::testDataDir() + QStringLiteral("/port-mistakes");
}

struct Site
{
    int line = 0;
    std::string op;
};

// One expected finding: a critical or a warn with the generated sites where it may be
// reported (one finding at any of them suffices) and reference lines for findings that have
// no generated site.
struct ExpectedFinding
{
    std::string id;
    std::vector<Site> sites;
    std::vector<int> referenceLines;
    std::string reason;
    // A warn the differ still reports as critical (not yet proven harmless): the test then
    // demands that critical, so the entry fails once the differ reaches the warn.
    std::string knownReportedAs;
};

struct PairData
{
    std::string name;
    std::string dir;
    std::string loadError; // non-empty when expected.json could not be read
    std::vector<std::string> allowedVerdicts;
    std::vector<ExpectedFinding> criticals;
    std::vector<ExpectedFinding> warns;
    // Ratchet for criticals the review classifies as equivalent, noise or warn but the differ
    // still reports: the test demands exactly this many, so it fails when the differ gets
    // worse and when it gets better (then the number is lowered).
    int knownFalseCriticals = 0;
    std::string knownFalseCriticalsReason;
};

// What one comparison of a seeded case must show (expected.json's `expect`): the one finding
// of `severity` at its line, or with "none" no critical at all. Lines are 1-based, of the
// comparison's reference file (the unmodified port or the Python reference) and of the case's
// generated.mlir; 0 = not given.
struct SideExpectation
{
    std::string severity; // critical | warn | none
    int referenceLine = 0;
    int generatedLine = 0;
    std::string op;
    // Known gap: why the differ does not meet this yet (`open`), and what it reports instead
    // (`today`: its new criticals and, for a warn, its new warns, each as "rule ref R gen G
    // op", sorted). The test demands exactly that, so it fails on any change: when the differ
    // gets there the entry's open/today is removed, when it reports otherwise today is updated.
    std::string open;
    bool hasToday = false;
    std::vector<std::string> todayCriticals;
    std::optional<std::vector<std::string>> todayWarns;
};

struct CaseData
{
    std::string name; // <op>/<case>
    std::string dir;
    std::string loadError;
    std::string kind; // mistake | refactor | neutral | specialised | hint
    std::string category;
    std::string baselinePair;
    std::vector<Site> criticalSites;
    bool referenceCritical = false;
    std::string reason;
    std::optional<SideExpectation> vsUnmodified;
    std::optional<SideExpectation> vsReference;
};

// gtest prints a failing parameter by its name, not as bytes.
void PrintTo(const PairData& p, std::ostream* os)
{
    *os << p.name;
}

void PrintTo(const CaseData& c, std::ostream* os)
{
    *os << c.name;
}

QJsonObject readJson(const QString& path, std::string& error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        error = path.toStdString() + ": cannot open";
        return {};
    }
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &pe);
    if (pe.error != QJsonParseError::NoError || !doc.isObject()) {
        error = path.toStdString() + ": byte " + std::to_string(pe.offset) + ": " +
                pe.errorString().toStdString();
        return {};
    }
    return doc.object();
}

std::string str(const QJsonObject& o, const char* key)
{
    return o.value(QLatin1String(key)).toString().toStdString();
}

std::vector<int> ints(const QJsonValue& v)
{
    std::vector<int> out;
    for (const QJsonValue x : v.toArray())
        out.push_back(x.toInt());
    return out;
}

std::vector<Site> sites(const QJsonValue& v)
{
    std::vector<Site> out;
    for (const QJsonValue x : v.toArray()) {
        const QJsonObject o = x.toObject();
        out.push_back({o.value(QLatin1String("line")).toInt(), str(o, "op")});
    }
    return out;
}

std::vector<ExpectedFinding> findings(const QJsonValue& v)
{
    std::vector<ExpectedFinding> out;
    for (const QJsonValue x : v.toArray()) {
        const QJsonObject o = x.toObject();
        out.push_back({str(o, "id"), sites(o.value(QLatin1String("sites"))),
                       ints(o.value(QLatin1String("reference_lines"))), str(o, "reason"),
                       str(o, "known_reported_as")});
    }
    return out;
}

// One finding as a `today` entry spells it: rule, reference line, generated line (0 = none), op.
std::string findingKey(const std::string& rule, int referenceLine, int generatedLine,
                       const std::string& op)
{
    return rule + " ref " + std::to_string(referenceLine) + " gen " +
           std::to_string(generatedLine) + " " + op;
}

std::vector<std::string> todayFindings(const QJsonValue& v)
{
    std::vector<std::string> out;
    for (const QJsonValue x : v.toArray()) {
        const QJsonObject o = x.toObject();
        out.push_back(findingKey(str(o, "rule"), o.value(QLatin1String("reference_line")).toInt(),
                                 o.value(QLatin1String("generated_line")).toInt(), str(o, "op")));
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::optional<SideExpectation> sideExpectation(const QJsonValue& v)
{
    if (!v.isObject())
        return std::nullopt;
    const QJsonObject o = v.toObject();
    SideExpectation e{str(o, "severity"),
                      o.value(QLatin1String("reference_line")).toInt(),
                      o.value(QLatin1String("generated_line")).toInt(),
                      str(o, "op"),
                      str(o, "open"),
                      o.contains(QLatin1String("today")),
                      {},
                      std::nullopt};
    const QJsonObject today = o.value(QLatin1String("today")).toObject();
    e.todayCriticals = todayFindings(today.value(QLatin1String("criticals")));
    if (today.contains(QLatin1String("warns")))
        e.todayWarns = todayFindings(today.value(QLatin1String("warns")));
    return e;
}

std::vector<PairData> loadPairs()
{
    std::vector<PairData> out;
    const QDir dir(realPortsDir());
    for (const QString& name : dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
        PairData p;
        p.name = name.toStdString();
        p.dir = dir.filePath(name).toStdString();
        const QJsonObject o =
            readJson(dir.filePath(name) + QStringLiteral("/expected.json"), p.loadError);
        for (const QJsonValue v : o.value(QLatin1String("allowed_verdicts")).toArray())
            p.allowedVerdicts.push_back(v.toString().toStdString());
        p.criticals = findings(o.value(QLatin1String("criticals")));
        p.warns = findings(o.value(QLatin1String("warns")));
        p.knownFalseCriticals = o.value(QLatin1String("known_false_criticals")).toInt();
        p.knownFalseCriticalsReason = str(o, "known_false_criticals_reason");
        out.push_back(std::move(p));
    }
    return out;
}

std::vector<CaseData> loadCases()
{
    std::vector<CaseData> out;
    const QDir root(mistakesDir());
    for (const QString& op : root.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
        const QDir opDir(root.filePath(op));
        for (const QString& c : opDir.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
            CaseData d;
            d.name = (op + QLatin1Char('/') + c).toStdString();
            d.dir = opDir.filePath(c).toStdString();
            const QJsonObject o =
                readJson(opDir.filePath(c) + QStringLiteral("/expected.json"), d.loadError);
            d.kind = str(o, "kind");
            d.category = str(o, "category");
            d.baselinePair = str(o, "baseline_pair");
            d.criticalSites = sites(o.value(QLatin1String("critical_sites")));
            d.referenceCritical = o.value(QLatin1String("reference_critical")).toBool();
            d.reason = str(o, "reason");
            const QJsonObject expect = o.value(QLatin1String("expect")).toObject();
            d.vsUnmodified = sideExpectation(expect.value(QLatin1String("vs_unmodified")));
            d.vsReference = sideExpectation(expect.value(QLatin1String("vs_reference")));
            out.push_back(std::move(d));
        }
    }
    return out;
}

const std::vector<PairData>& allPairs()
{
    static const std::vector<PairData> pairs = loadPairs();
    return pairs;
}

const std::vector<CaseData>& allCases()
{
    static const std::vector<CaseData> cases = loadCases();
    return cases;
}

std::vector<CaseData> casesWhere(bool (*keep)(const CaseData&))
{
    std::vector<CaseData> out;
    for (const CaseData& c : allCases())
        if (keep(c))
            out.push_back(c);
    return out;
}

// Runs the differ once per (reference, generated) file pair; several tests share a result.
const DiffResult& diffOf(const std::string& refPath, const std::string& genPath)
{
    static std::map<std::pair<std::string, std::string>, DiffResult> cache;
    const auto key = std::make_pair(refPath, genPath);
    auto it = cache.find(key);
    if (it != cache.end())
        return it->second;
    Diagnostics diags;
    auto r = compareVerifiedFiles(refPath, genPath, diags);
    std::string why;
    for (const auto& d : diags)
        why += d.format() + "\n";
    EXPECT_TRUE(r.has_value()) << "differ could not read " << refPath << " / " << genPath << ":\n"
                               << why;
    return cache.emplace(key, r ? *r : DiffResult()).first->second;
}

std::string siteText(const std::optional<OpSite>& s)
{
    if (!s)
        return "-";
    return std::to_string(s->line) + " " + s->op;
}

std::string describeOne(const Divergence& d)
{
    std::string s = d.id + " " + severityName(d.severity) + " [" + d.rule + "] ref " +
                    siteText(d.reference) + " | gen " + siteText(d.generated) + ": " + d.message;
    if (!d.refValue.empty() || !d.genValue.empty())
        s += " (ref: " + d.refValue + ", gen: " + d.genValue + ")";
    return s;
}

bool contains(const std::vector<int>& v, int x)
{
    return std::find(v.begin(), v.end(), x) != v.end();
}

std::vector<int> lines(const std::vector<Site>& sites)
{
    std::vector<int> out;
    out.reserve(sites.size());
    for (const Site& s : sites)
        out.push_back(s.line);
    return out;
}

std::string joined(const std::vector<int>& v)
{
    std::string s;
    for (int x : v)
        s += (s.empty() ? "" : ", ") + std::to_string(x);
    return s;
}

// A divergence is at an expected finding's place when its generated site is one of the
// finding's sites, or, having no generated site, its reference line is one of the finding's.
bool isAt(const Divergence& d, const std::vector<int>& genLines, const std::vector<int>& refLines)
{
    if (d.generated && d.generated->line > 0)
        return contains(genLines, d.generated->line);
    return d.reference && contains(refLines, d.reference->line);
}

// Everything the differ said at these places, for failure messages.
std::string reportedAt(const DiffResult& r, const std::vector<int>& genLines,
                       const std::vector<int>& refLines)
{
    std::string s;
    for (const Divergence& d : r.divergences)
        if (isAt(d, genLines, refLines))
            s += "    " + describeOne(d) + "\n";
    return s.empty() ? "    (nothing)\n" : s;
}

std::string criticalsOf(const DiffResult& r)
{
    std::string s;
    for (const Divergence& d : r.divergences)
        if (d.severity == Severity::Critical)
            s += "    " + describeOne(d) + "\n";
    return s.empty() ? "    (none)\n" : s;
}

bool hasSeverityAt(const DiffResult& r, Severity sev, const std::vector<int>& genLines,
                   const std::vector<int>& refLines)
{
    return std::any_of(r.divergences.begin(), r.divergences.end(), [&](const Divergence& d) {
        return d.severity == sev && isAt(d, genLines, refLines);
    });
}

// The op written on a 1-based line of an IR file: the first word after an optional
// "%a, %b = " result list ("entry" for the entry line).
std::string opOnLine(const std::string& text, int line)
{
    size_t b = 0;
    for (int i = 1; i < line && b != std::string::npos; ++i) {
        b = text.find('\n', b);
        b = b == std::string::npos ? b : b + 1;
    }
    if (b == std::string::npos)
        return {};
    std::string l = text.substr(b, text.find('\n', b) - b);
    l.erase(0, l.find_first_not_of(' '));
    if (!l.empty() && l[0] == '%' && l.find(" = ") != std::string::npos)
        l = l.substr(l.find(" = ") + 3);
    return l.substr(0, l.find(' '));
}

std::string pairPath(const std::string& pair, const char* file)
{
    return (realPortsDir() + QLatin1Char('/') + QString::fromStdString(pair) + QLatin1Char('/') +
            QLatin1String(file))
        .toStdString();
}

std::string paramName(std::string s)
{
    for (char& c : s)
        if (!std::isalnum(static_cast<unsigned char>(c)))
            c = '_';
    return s;
}

// ----- data sanity: runs on any differ ---------------------------------------------------

TEST(RealPortData, PairsAndCasesArePresentAndConsistent)
{
    ASSERT_GE(allPairs().size(), 6u) << "no real-port pairs under " << realPortsDir().toStdString();
    ASSERT_GE(allCases().size(), 20u) << "too few cases under " << mistakesDir().toStdString();
    for (const PairData& p : allPairs()) {
        EXPECT_EQ(p.loadError, "") << p.name;
        EXPECT_FALSE(p.allowedVerdicts.empty()) << p.name << ": no allowed_verdicts";
        EXPECT_GE(p.knownFalseCriticals, 0) << p.name;
        EXPECT_EQ(p.knownFalseCriticals > 0, !p.knownFalseCriticalsReason.empty())
            << p.name << ": known_false_criticals needs known_false_criticals_reason and v.v.";
        const std::string gen = readText(QString::fromStdString(p.dir + "/generated.mlir"));
        ASSERT_FALSE(gen.empty()) << p.name << ": generated.mlir missing";
        for (const auto* list : {&p.criticals, &p.warns})
            for (const ExpectedFinding& f : *list)
                for (const Site& s : f.sites)
                    EXPECT_EQ(opOnLine(gen, s.line), s.op)
                        << p.name << " " << f.id << ": generated line " << s.line;
    }
    for (const CaseData& c : allCases()) {
        EXPECT_EQ(c.loadError, "") << c.name;
        EXPECT_TRUE(c.kind == "mistake" || c.kind == "refactor" || c.kind == "neutral" ||
                    c.kind == "specialised" || c.kind == "hint")
            << c.name << ": kind " << c.kind;
        EXPECT_TRUE(
            QFile::exists(QString::fromStdString(pairPath(c.baselinePair, "generated.mlir"))))
            << c.name << ": baseline pair " << c.baselinePair << " missing";
        EXPECT_EQ(c.kind == "mistake", !c.criticalSites.empty())
            << c.name << ": a mistake needs critical sites, a refactor has none";
        const std::string gen = readText(QString::fromStdString(c.dir + "/generated.mlir"));
        EXPECT_NE(gen, readText(QString::fromStdString(pairPath(c.baselinePair, "generated.mlir"))))
            << c.name << ": the seeded change left the IR unchanged";
        for (const Site& s : c.criticalSites)
            EXPECT_EQ(opOnLine(gen, s.line), s.op) << c.name << ": generated line " << s.line;
        for (const auto* side : {&c.vsUnmodified, &c.vsReference}) {
            if (!*side)
                continue;
            const SideExpectation& e = **side;
            EXPECT_TRUE(e.severity == "critical" || e.severity == "warn" || e.severity == "none")
                << c.name << ": expect severity " << e.severity;
            EXPECT_EQ(e.severity == "none", e.generatedLine == 0 && e.referenceLine == 0)
                << c.name << ": an expected finding needs its line, \"none\" has none";
            EXPECT_EQ(e.open.empty(), !e.hasToday)
                << c.name << ": a known gap needs both \"open\" and \"today\"";
            EXPECT_EQ(e.todayWarns.has_value(), e.hasToday && e.severity == "warn")
                << c.name << ": \"today\" lists warns exactly where a warn is expected";
            if (e.generatedLine > 0) {
                EXPECT_EQ(opOnLine(gen, e.generatedLine), e.op)
                    << c.name << ": expected generated line " << e.generatedLine;
            }
        }
        EXPECT_EQ(c.vsUnmodified.has_value(), c.vsReference.has_value())
            << c.name << ": expect names both comparisons or neither";
    }
}

// ----- real pairs ------------------------------------------------------------------------

class RealPair : public ::testing::TestWithParam<PairData>
{
protected:
    const DiffResult& result() const
    {
        return diffOf(GetParam().dir + "/reference.mlir", GetParam().dir + "/generated.mlir");
    }
};

TEST_P(RealPair, VerdictIsAllowed)
{
    const PairData& p = GetParam();
    const std::string verdict = verdictName(result().verdict);
    if (p.knownFalseCriticals > 0) {
        // Known false criticals force FAIL_FIXABLE; allowed_verdicts applies once they are gone.
        EXPECT_EQ(verdict, "FAIL_FIXABLE") << p.name;
        return;
    }
    EXPECT_TRUE(std::find(p.allowedVerdicts.begin(), p.allowedVerdicts.end(), verdict) !=
                p.allowedVerdicts.end())
        << p.name << ": verdict " << verdict << " (" << result().count(Severity::Critical)
        << " critical, " << result().count(Severity::Warn) << " warn); criticals:\n"
        << criticalsOf(result());
}

TEST_P(RealPair, ExpectedCriticalsAreReported)
{
    const PairData& p = GetParam();
    for (const ExpectedFinding& f : p.criticals)
        EXPECT_TRUE(hasSeverityAt(result(), Severity::Critical, lines(f.sites), f.referenceLines))
            << p.name << " " << f.id << ": no critical at generated line(s) "
            << joined(lines(f.sites)) << " (reference " << joined(f.referenceLines)
            << "); why it is critical: " << f.reason << "\n  reported there:\n"
            << reportedAt(result(), lines(f.sites), f.referenceLines);
}

TEST_P(RealPair, NoCriticalTheReviewDoesNotList)
{
    const PairData& p = GetParam();
    std::string unexpected;
    int count = 0;
    for (const Divergence& d : result().divergences) {
        if (d.severity != Severity::Critical)
            continue;
        const bool listed = std::any_of(p.criticals.begin(), p.criticals.end(), [&](const auto& f) {
            return isAt(d, lines(f.sites), f.referenceLines);
        });
        if (!listed) {
            unexpected += "    " + describeOne(d) + "\n";
            ++count;
        }
    }
    EXPECT_EQ(count, p.knownFalseCriticals)
        << p.name << ": criticals that " << p.dir
        << "/REVIEW.md classifies as equivalent, noise or warn (expected.json's "
           "known_false_criticals ratchet is "
        << p.knownFalseCriticals << ": lower it when the differ improves):\n"
        << unexpected;
}

TEST_P(RealPair, ExpectedWarnsAreReported)
{
    const PairData& p = GetParam();
    for (const ExpectedFinding& f : p.warns) {
        if (f.knownReportedAs == "critical") {
            EXPECT_TRUE(
                hasSeverityAt(result(), Severity::Critical, lines(f.sites), f.referenceLines))
                << p.name << " " << f.id << ": known to be reported as critical; if it is a "
                << "warn now, drop known_reported_as (and lower known_false_criticals)";
            continue;
        }
        EXPECT_TRUE(hasSeverityAt(result(), Severity::Warn, lines(f.sites), f.referenceLines))
            << p.name << " " << f.id << ": no warn at generated line(s) " << joined(lines(f.sites))
            << " (reference " << joined(f.referenceLines) << "); a reviewer must see: " << f.reason
            << "\n  reported there:\n"
            << reportedAt(result(), lines(f.sites), f.referenceLines);
    }
}

INSTANTIATE_TEST_SUITE_P(RealPorts, RealPair, ::testing::ValuesIn(allPairs()),
                         [](const auto& info) { return paramName(info.param.name); });

// ----- seeded mistakes -------------------------------------------------------------------

class SeededMistake : public ::testing::TestWithParam<CaseData>
{
protected:
    void expectCriticalAtSites(const char* side, const std::string& refPath) const
    {
        const CaseData& c = GetParam();
        const DiffResult& r = diffOf(refPath, c.dir + "/generated.mlir");
        const std::vector<int> at = lines(c.criticalSites);
        EXPECT_EQ(r.verdict, Verdict::FailFixable)
            << c.name << " (" << c.category << ") against the " << side << ": verdict "
            << verdictName(r.verdict) << ", expected FAIL_FIXABLE";
        EXPECT_TRUE(hasSeverityAt(r, Severity::Critical, at, {}))
            << c.name << " (" << c.category << ") against the " << side
            << ": no critical at generated line(s) " << joined(at) << "; why: " << c.reason
            << "\n  reported there:\n"
            << reportedAt(r, at, {}) << "  all criticals:\n"
            << criticalsOf(r);
    }
};

TEST_P(SeededMistake, CriticalAgainstUnmodifiedPort)
{
    expectCriticalAtSites("unmodified Rust IR",
                          pairPath(GetParam().baselinePair, "generated.mlir"));
}

INSTANTIATE_TEST_SUITE_P(PortMistakes, SeededMistake,
                         ::testing::ValuesIn(casesWhere([](const CaseData& c) {
                             return c.kind == "mistake";
                         })),
                         [](const auto& info) { return paramName(info.param.name); });

class SeededMistakeVsReference : public SeededMistake
{
};

TEST_P(SeededMistakeVsReference, CriticalAgainstReference)
{
    expectCriticalAtSites("Python reference", pairPath(GetParam().baselinePair, "reference.mlir"));
}

INSTANTIATE_TEST_SUITE_P(PortMistakes, SeededMistakeVsReference,
                         ::testing::ValuesIn(casesWhere([](const CaseData& c) {
                             return c.kind == "mistake" && c.referenceCritical;
                         })),
                         [](const auto& info) { return paramName(info.param.name); });

// ----- refactors that change nothing -----------------------------------------------------

class SeededRefactor : public ::testing::TestWithParam<CaseData>
{
};

TEST_P(SeededRefactor, NotFailingAgainstUnmodifiedPort)
{
    const CaseData& c = GetParam();
    const DiffResult& r =
        diffOf(pairPath(c.baselinePair, "generated.mlir"), c.dir + "/generated.mlir");
    EXPECT_NE(r.verdict, Verdict::FailFixable)
        << c.name << " (" << c.category << ") changes nothing (" << c.reason
        << ") but the differ says FAIL_FIXABLE; criticals:\n"
        << criticalsOf(r);
}

TEST_P(SeededRefactor, SameVerdictAgainstReferenceAsUnmodifiedPort)
{
    const CaseData& c = GetParam();
    const std::string ref = pairPath(c.baselinePair, "reference.mlir");
    const DiffResult& before = diffOf(ref, pairPath(c.baselinePair, "generated.mlir"));
    const DiffResult& after = diffOf(ref, c.dir + "/generated.mlir");
    EXPECT_EQ(verdictName(after.verdict), std::string(verdictName(before.verdict)))
        << c.name << " (" << c.category << "): against the reference the refactored port gets "
        << verdictName(after.verdict) << " (" << after.count(Severity::Critical)
        << " critical), the unmodified port " << verdictName(before.verdict) << " ("
        << before.count(Severity::Critical) << " critical); refactored port's criticals:\n"
        << criticalsOf(after);
}

INSTANTIATE_TEST_SUITE_P(PortRefactors, SeededRefactor,
                         ::testing::ValuesIn(casesWhere([](const CaseData& c) {
                             return c.kind == "refactor";
                         })),
                         [](const auto& info) { return paramName(info.param.name); });

// ----- one finding per seeded change, at its line (issue 30) -----------------------------

// A finding of `after` is new when `before` (the same reference against the unmodified port)
// has no finding of the same severity, rule, kind, reference line and generated op left to
// pair it with: generated lines move with the seeded change, reference lines do not.
std::vector<const Divergence*> newFindings(const DiffResult& after, const DiffResult* before,
                                           Severity severity)
{
    using Key = std::tuple<std::string, int, int, std::string>;
    auto key = [](const Divergence& d) {
        return Key{d.rule, static_cast<int>(d.kind), d.reference ? d.reference->line : 0,
                   d.generated ? d.generated->op : std::string()};
    };
    std::map<Key, int> left;
    if (before)
        for (const Divergence& d : before->divergences)
            if (d.severity == severity)
                ++left[key(d)];
    std::vector<const Divergence*> out;
    for (const Divergence& d : after.divergences) {
        if (d.severity != severity)
            continue;
        auto it = left.find(key(d));
        if (it != left.end() && it->second > 0)
            --it->second;
        else
            out.push_back(&d);
    }
    return out;
}

bool isAtExpected(const Divergence& d, const SideExpectation& e)
{
    if (d.generated && d.generated->line > 0)
        return d.generated->line == e.generatedLine;
    return d.reference && e.referenceLine > 0 && d.reference->line == e.referenceLine;
}

std::vector<std::string> keysOf(const std::vector<const Divergence*>& ds)
{
    std::vector<std::string> out;
    for (const Divergence* d : ds) {
        const int refLine = d->reference ? d->reference->line : 0;
        const int genLine = d->generated ? d->generated->line : 0;
        const std::string op = d->generated   ? d->generated->op
                               : d->reference ? d->reference->op
                                              : std::string();
        out.push_back(findingKey(d->rule, refLine, genLine, op));
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::string listed(const std::vector<const Divergence*>& ds)
{
    std::string out;
    for (const Divergence* d : ds)
        out += "    " + describeOne(*d) + "\n";
    return out.empty() ? "    (none)\n" : out;
}

// Empty when the comparison shows what e demands, else what it shows instead.
std::string unmetExpectation(const std::vector<const Divergence*>& crits,
                             const std::vector<const Divergence*>& warns, const SideExpectation& e)
{
    if (e.severity == "critical") {
        if (crits.size() == 1 && isAtExpected(*crits.front(), e))
            return {};
        return "expected exactly one new critical, at generated line " +
               std::to_string(e.generatedLine) + "; new criticals:\n" + listed(crits);
    }
    if (!crits.empty())
        return "expected no new critical; new criticals:\n" + listed(crits);
    if (e.severity == "warn" && std::none_of(warns.begin(), warns.end(), [&](const Divergence* d) {
            return isAtExpected(*d, e);
        }))
        return "expected a new warn at generated line " + std::to_string(e.generatedLine) +
               "; new warns:\n" + listed(warns);
    return {};
}

std::string joined(const std::vector<std::string>& keys)
{
    std::string out;
    for (const std::string& k : keys)
        out += "    " + k + "\n";
    return out.empty() ? "    (none)\n" : out;
}

class SeededExpectation : public ::testing::TestWithParam<CaseData>
{
protected:
    void check(const char* side, const SideExpectation& e, const std::string& refPath,
               const DiffResult* before) const
    {
        const CaseData& c = GetParam();
        const DiffResult& r = diffOf(refPath, c.dir + "/generated.mlir");
        const std::vector<const Divergence*> crits = newFindings(r, before, Severity::Critical);
        const std::vector<const Divergence*> warns = newFindings(r, before, Severity::Warn);
        const std::string unmet = unmetExpectation(crits, warns, e);
        if (e.open.empty()) {
            EXPECT_EQ(unmet, "") << c.name << " (" << c.category << ") against the " << side << ": "
                                 << c.reason;
            return;
        }
        EXPECT_NE(unmet, "") << c.name << " against the " << side
                             << " meets its expectation now: remove its \"open\" and \"today\" ("
                             << e.open << ")";
        EXPECT_EQ(joined(keysOf(crits)), joined(e.todayCriticals))
            << c.name << " against the " << side
            << ": the new criticals differ from \"today\" (update it; known gap: " << e.open << ")";
        if (e.todayWarns) {
            EXPECT_EQ(joined(keysOf(warns)), joined(*e.todayWarns))
                << c.name << " against the " << side
                << ": the new warns differ from \"today\" (update it; known gap: " << e.open << ")";
        }
    }
};

TEST_P(SeededExpectation, AgainstUnmodifiedPort)
{
    check("unmodified Rust IR", *GetParam().vsUnmodified,
          pairPath(GetParam().baselinePair, "generated.mlir"), nullptr);
}

TEST_P(SeededExpectation, AgainstReference)
{
    const std::string ref = pairPath(GetParam().baselinePair, "reference.mlir");
    check("Python reference", *GetParam().vsReference, ref,
          &diffOf(ref, pairPath(GetParam().baselinePair, "generated.mlir")));
}

INSTANTIATE_TEST_SUITE_P(PortMistakes, SeededExpectation,
                         ::testing::ValuesIn(casesWhere([](const CaseData& c) {
                             return c.vsUnmodified.has_value() && c.vsReference.has_value();
                         })),
                         [](const auto& info) { return paramName(info.param.name); });

} // namespace
} // namespace tilelens::diff::test
