// Issue 32: discovery is linear in the entries of a file. A kernel.rs with 20k
// #[cutile::entry] took 22.5 s and a Python module with 20k @ct.kernel 111 s; the work is
// counted here (characters, lines and name comparisons), not timed (tests/bench times it).
// The faster code must find exactly what the simple one did: the simple versions are kept
// below as references and both run on generated sources of every shape the rules know.

#include "workspace/EntryPairing.h"
#include "workspace/SourceLocator.h"

#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSet>
#include <algorithm>
#include <gtest/gtest.h>
#include <tuple>

using namespace tilelens::ws;

namespace {

// ---- the simple (quadratic) versions, as discovery had them before issue 32 ----

int refIndent(const QString& line)
{
    int n = 0;
    while (n < line.size() && (line.at(n) == QLatin1Char(' ') || line.at(n) == QLatin1Char('\t')))
        ++n;
    return n;
}

PythonFunctionRange refFindPythonFunction(const QString& text, const QString& functionName)
{
    PythonFunctionRange r;
    const QStringList lines = text.split(QLatin1Char('\n'));
    const QRegularExpression defRe(QStringLiteral(R"(^\s*(?:async\s+)?def\s+%1\s*\()")
                                       .arg(QRegularExpression::escape(functionName)));
    int at = -1;
    for (int i = 0; i < lines.size() && at < 0; ++i)
        if (defRe.match(lines.at(i)).hasMatch())
            at = i;
    if (at < 0)
        return r;
    const int indent = refIndent(lines.at(at));
    r.defLine = r.firstLine = at + 1;
    for (int i = at - 1; i >= 0; --i) {
        const QString t = lines.at(i).trimmed();
        if (!t.startsWith(QLatin1Char('@')) || refIndent(lines.at(i)) != indent)
            break;
        r.firstLine = i + 1;
        if (t.startsWith(QLatin1String("@ct.kernel")) ||
            t.startsWith(QLatin1String("@cuda.tile.kernel")) ||
            t.startsWith(QLatin1String("@tile.kernel")))
            r.isCtKernel = true;
    }
    int i = at;
    int depth = 0;
    for (; i < lines.size(); ++i) {
        for (const QChar c : lines.at(i)) {
            if (c == QLatin1Char('(') || c == QLatin1Char('['))
                ++depth;
            else if (c == QLatin1Char(')') || c == QLatin1Char(']'))
                --depth;
        }
        if (depth <= 0 && lines.at(i).trimmed().endsWith(QLatin1Char(':')))
            break;
    }
    r.lastLine = std::min(i, int(lines.size()) - 1) + 1;
    for (int j = i + 1; j < lines.size(); ++j) {
        const QString t = lines.at(j).trimmed();
        if (t.isEmpty() || t.startsWith(QLatin1Char('#')))
            continue;
        if (refIndent(lines.at(j)) <= indent)
            break;
        r.lastLine = j + 1;
    }
    return r;
}

std::vector<PythonKernel> refFindPythonKernels(const QString& text)
{
    std::vector<PythonKernel> out;
    static const QRegularExpression defRe(QStringLiteral(R"(^[ \t]*(?:async\s+)?def\s+(\w+)\s*\()"),
                                          QRegularExpression::MultilineOption);
    QSet<QString> seen;
    for (auto it = defRe.globalMatch(text); it.hasNext();) {
        const QString name = it.next().captured(1);
        if (seen.contains(name))
            continue;
        seen.insert(name);
        const PythonFunctionRange r = refFindPythonFunction(text, name);
        if (!r.isCtKernel)
            continue;
        PythonKernel k;
        k.name = name;
        k.firstLine = r.firstLine;
        k.defLine = r.defLine;
        auto uses = QRegularExpression(QStringLiteral("\\b%1\\b").arg(name)).globalMatch(text);
        int count = 0;
        while (uses.hasNext() && count < 2) {
            uses.next();
            ++count;
        }
        k.launched = count > 1;
        out.push_back(k);
    }
    return out;
}

std::vector<RustEntry> refFindRustEntries(const QString& kernelRs)
{
    std::vector<RustEntry> out;
    static const QRegularExpression attrRe(QStringLiteral(R"(#\[\s*cutile::entry\b)"));
    static const QRegularExpression fnRe(QStringLiteral(R"(\bfn\s+([A-Za-z_]\w*))"));
    for (auto it = attrRe.globalMatch(kernelRs); it.hasNext();) {
        const auto a = it.next();
        const auto f = fnRe.match(kernelRs, a.capturedEnd(0));
        if (!f.hasMatch())
            continue;
        RustEntry e;
        e.name = f.captured(1);
        e.line = int(kernelRs.left(f.capturedStart(1)).count(QLatin1Char('\n'))) + 1;
        qsizetype open = -1;
        int angle = 0;
        for (qsizetype i = f.capturedEnd(1); i < kernelRs.size(); ++i) {
            const QChar c = kernelRs.at(i);
            if (c == QLatin1Char('<'))
                ++angle;
            else if (c == QLatin1Char('>'))
                --angle;
            else if (c == QLatin1Char('(') && angle <= 0) {
                open = i;
                break;
            }
        }
        if (open >= 0) {
            int depth = 0;
            qsizetype close = open;
            for (; close < kernelRs.size(); ++close) {
                if (kernelRs.at(close) == QLatin1Char('('))
                    ++depth;
                else if (kernelRs.at(close) == QLatin1Char(')') && --depth == 0)
                    break;
            }
            const QString params = kernelRs.mid(open, close - open);
            const bool tensor = params.contains(QLatin1String("Tensor<"));
            const bool ptr =
                params.contains(QRegularExpression(QStringLiteral(R"(\*\s*mut\s+E\b)")));
            e.paramKind = tensor && ptr ? QStringLiteral("mixed")
                          : tensor      ? QStringLiteral("tensor")
                          : ptr         ? QStringLiteral("ptr")
                                        : QString();
        }
        out.push_back(e);
    }
    return out;
}

QStringList tokensOf(const QString& name)
{
    return name.toLower().split(QLatin1Char('_'), Qt::SkipEmptyParts);
}

bool isBackward(const QStringList& tokens)
{
    return tokens.contains(QLatin1String("backward")) || tokens.contains(QLatin1String("bwd"));
}

// How well a Rust entry name fits a Python kernel name; 0 = not at all.
// Exact token sequences win; `non_persistent_X` stands for the plain `X` (the
// Python side names its default kernel without the prefix) and must not pair
// with a Python name holding the negated token; otherwise one name's tokens
// must contain the other's, ranked by their overlap.
int refNameScore(const QString& entry, const QString& python)
{
    QStringList e = tokensOf(entry);
    const QStringList p = tokensOf(python);
    if (isBackward(e) != isBackward(p))
        return 0;
    bool negated = false;
    for (int i = 0; i + 1 < e.size(); ++i) {
        if (e.at(i) != QLatin1String("non"))
            continue;
        if (p.contains(e.at(i + 1)))
            return 0;
        e.remove(i, 2);
        negated = true;
        --i;
    }
    if (e == p)
        return negated ? 900 : 1000;
    const QSet<QString> es(e.begin(), e.end());
    const QSet<QString> ps(p.begin(), p.end());
    QSet<QString> shared = es;
    shared.intersect(ps);
    shared.remove(QStringLiteral("kernel"));
    if (shared.isEmpty() || !(es.contains(ps) || ps.contains(es)))
        return 0;
    QSet<QString> all = es;
    all.unite(ps);
    return int(100 * (es.size() + ps.size() - all.size()) / all.size());
}

std::vector<EntryPairing> refPairEntries(const std::vector<RustEntry>& entries,
                                         const std::vector<PythonKernel>& pythonKernels,
                                         const ManualPairings& manual = {})
{
    std::vector<EntryPairing> out;
    std::vector<bool> taken(pythonKernels.size(), false);
    auto pythonIndex = [&](const QString& name) -> int {
        for (size_t i = 0; i < pythonKernels.size(); ++i)
            if (pythonKernels[i].name == name)
                return int(i);
        return -1;
    };
    for (const RustEntry& e : entries) {
        EntryPairing p;
        p.entry = e;
        out.push_back(p);
    }
    std::vector<bool> decided(out.size(), false);

    // 1. By hand.
    for (size_t i = 0; i < out.size(); ++i) {
        const auto m = manual.find(out[i].entry.name);
        if (m == manual.end())
            continue;
        if (m->second.isEmpty()) {
            out[i].reason = QStringLiteral("left unpaired by hand in .tilelens/pairings.json");
            decided[i] = true;
            continue;
        }
        const int at = pythonIndex(m->second);
        if (at < 0 || taken[size_t(at)]) {
            out[i].reason = QStringLiteral("the hand pairing with %1 in .tilelens/pairings.json "
                                           "was not applied: %2")
                                .arg(m->second, at < 0 ? QStringLiteral("no @ct.kernel function "
                                                                        "of that name")
                                                       : QStringLiteral("already paired"));
            continue;
        }
        out[i].python = pythonKernels[size_t(at)];
        out[i].rule = PairingRule::Manual;
        taken[size_t(at)] = true;
        decided[i] = true;
    }

    // 2. By name: best scores first, so an exact name is never taken by a looser one.
    std::vector<std::tuple<int, size_t, size_t>> candidates; // score, entry, python
    for (size_t i = 0; i < out.size(); ++i) {
        for (size_t j = 0; j < pythonKernels.size(); ++j) {
            if (decided[i] || taken[j])
                continue;
            if (const int s = refNameScore(out[i].entry.name, pythonKernels[j].name); s > 0)
                candidates.emplace_back(s, i, j);
        }
    }
    std::stable_sort(candidates.begin(), candidates.end(),
                     [](const auto& a, const auto& b) { return std::get<0>(a) > std::get<0>(b); });
    for (const auto& [score, i, j] : candidates) {
        if (decided[i] || taken[j])
            continue;
        out[i].python = pythonKernels[j];
        out[i].rule = PairingRule::Name;
        taken[j] = true;
        decided[i] = true;
    }

    // 3. By launch: one entry left and one launched Python kernel of the same direction.
    std::vector<size_t> openEntries;
    for (size_t i = 0; i < out.size(); ++i)
        if (!decided[i])
            openEntries.push_back(i);
    QStringList launchedNames;
    std::vector<size_t> launched;
    if (openEntries.size() == 1) {
        const bool backward = isBackward(tokensOf(out[openEntries[0]].entry.name));
        for (size_t j = 0; j < pythonKernels.size(); ++j) {
            if (!taken[j] && pythonKernels[j].launched &&
                isBackward(tokensOf(pythonKernels[j].name)) == backward) {
                launched.push_back(j);
                launchedNames << pythonKernels[j].name;
            }
        }
        if (launched.size() == 1) {
            EntryPairing& p = out[openEntries[0]];
            p.python = pythonKernels[launched[0]];
            p.rule = PairingRule::Launch;
            taken[launched[0]] = true;
            decided[openEntries[0]] = true;
        }
    }
    for (size_t i = 0; i < out.size(); ++i) {
        if (decided[i] || !out[i].reason.isEmpty())
            continue;
        if (pythonKernels.empty())
            out[i].reason = QStringLiteral("the Python file has no @ct.kernel function");
        else if (openEntries.size() == 1 && launched.size() > 1)
            out[i].reason = QStringLiteral("no @ct.kernel function matches by name, and several "
                                           "launched ones could be it (%1)")
                                .arg(launchedNames.join(QStringLiteral(", ")));
        else
            out[i].reason = QStringLiteral("no @ct.kernel function matches by name or by what "
                                           "the wrapper launches");
    }
    return out;
}

// ---- generated sources ----

QString pick(QRandomGenerator& rng, const QStringList& from)
{
    return from.at(int(rng.bounded(quint32(from.size()))));
}

QString randomName(QRandomGenerator& rng)
{
    static const QStringList parts =
        QStringLiteral("gemm persistent non kernel bwd backward scale static sp row a b tma fused")
            .split(QLatin1Char(' '));
    QString name = rng.bounded(3) == 0 ? QStringLiteral("_") : QString();
    const int n = 1 + int(rng.bounded(4));
    for (int i = 0; i < n; ++i)
        name += (i ? QStringLiteral("_") : QString()) + pick(rng, parts);
    return name;
}

QString randomPython(QRandomGenerator& rng, QStringList* names)
{
    QString text = QStringLiteral("import cuda.tile as ct\n");
    const int functions = 1 + int(rng.bounded(12));
    for (int f = 0; f < functions; ++f) {
        const QString indent = rng.bounded(4) == 0 ? QStringLiteral("    ") : QString();
        const QString name = randomName(rng);
        *names << name;
        if (rng.bounded(3))
            text +=
                indent +
                pick(rng, {QStringLiteral("@ct.kernel"), QStringLiteral("@ct.kernel(occupancy=2)"),
                           QStringLiteral("@cuda.tile.kernel"), QStringLiteral("@other")}) +
                QLatin1Char('\n');
        if (rng.bounded(5) == 0)
            text += indent + QStringLiteral("@ct.kernel\n");
        text += indent + (rng.bounded(6) == 0 ? QStringLiteral("async ") : QString()) +
                QStringLiteral("def ") + name;
        switch (rng.bounded(4)) {
        case 0:
            text += QStringLiteral("(a, b):\n");
            break;
        case 1:
            text += QStringLiteral("(\n") + indent + QStringLiteral("    a: ct.Array[int],\n") +
                    indent + QStringLiteral("):\n");
            break;
        case 2:
            text += QStringLiteral("(a, b=[1, 2]\n") + indent + QStringLiteral("  , c) -> int:\n");
            break;
        default:
            text += QStringLiteral("(a,\n"); // never closed: the signature runs on
            break;
        }
        const int body = int(rng.bounded(5));
        for (int b = 0; b < body; ++b)
            text += pick(rng, {indent + QStringLiteral("    x = 1\n"), QStringLiteral("\n"),
                               QStringLiteral("# comment\n"), indent + QStringLiteral("    # c\n"),
                               indent + QStringLiteral("        deeper()\n"),
                               indent + QStringLiteral("    ") + pick(rng, *names) +
                                   QStringLiteral("[grid](a)\n"),
                               QStringLiteral("top_level = 2\n")});
    }
    return text;
}

QString randomRust(QRandomGenerator& rng)
{
    QString text = QStringLiteral("use cutile::prelude::*;\n");
    const int items = int(rng.bounded(10));
    for (int i = 0; i < items; ++i) {
        const int attrs = int(rng.bounded(3));
        for (int a = 0; a < attrs; ++a)
            text += pick(rng, {QStringLiteral("#[cutile::entry]\n"),
                               QStringLiteral("#[ cutile::entry(grid = 1)]\n"),
                               QStringLiteral("#[inline]\n")});
        text += pick(rng, {QStringLiteral("pub "), QString(), QStringLiteral("unsafe ")}) +
                QStringLiteral("fn ") + randomName(rng);
        text += pick(
            rng, {QStringLiteral("<const N: usize>"), QString(), QStringLiteral("<T: Into<f32>>")});
        text +=
            pick(rng, {QStringLiteral("(x: &Tensor<f32, {[N]}>, y: *mut E) {\n    body(x);\n}\n"),
                       QStringLiteral("(p: *mut E,\n   n: i32) {\n}\n"), QStringLiteral("() {}\n"),
                       QStringLiteral("(a: (i32, i32)) {}\n")});
    }
    return text;
}

void expectSameRange(const PythonFunctionRange& a, const PythonFunctionRange& b,
                     const QString& what)
{
    EXPECT_EQ(a.firstLine, b.firstLine) << what.toStdString();
    EXPECT_EQ(a.defLine, b.defLine) << what.toStdString();
    EXPECT_EQ(a.lastLine, b.lastLine) << what.toStdString();
    EXPECT_EQ(a.isCtKernel, b.isCtKernel) << what.toStdString();
}

QString manyRustEntries(int n)
{
    QString text;
    for (int i = 0; i < n; ++i)
        text += QStringLiteral("#[cutile::entry]\nfn entry_%1(x: &Tensor<f32, {[128]}>, y: *mut E) "
                               "{\n    let t = load(x);\n    store(y, t);\n}\n\n")
                    .arg(i);
    return text;
}

QString manyPythonKernels(int n)
{
    QString text = QStringLiteral("import cuda.tile as ct\n\n");
    for (int i = 0; i < n; ++i)
        text += QStringLiteral("@ct.kernel\ndef kernel_%1(a):\n    pass\n\n").arg(i);
    return text;
}

} // namespace

TEST(DiscoveryScale, PythonLookupsFindWhatTheSimpleScanFound)
{
    QRandomGenerator rng(32);
    for (int round = 0; round < 300; ++round) {
        QStringList names;
        const QString text = randomPython(rng, &names);
        const PythonSource source(text);
        for (const QString& name : names + QStringList{QStringLiteral("absent")})
            expectSameRange(source.find(name), refFindPythonFunction(text, name), text + name);
        const auto fast = findPythonKernels(text);
        const auto simple = refFindPythonKernels(text);
        ASSERT_EQ(fast.size(), simple.size()) << text.toStdString();
        for (size_t i = 0; i < fast.size(); ++i) {
            EXPECT_EQ(fast[i].name, simple[i].name);
            EXPECT_EQ(fast[i].firstLine, simple[i].firstLine);
            EXPECT_EQ(fast[i].defLine, simple[i].defLine);
            EXPECT_EQ(fast[i].launched, simple[i].launched) << fast[i].name.toStdString();
        }
    }
}

TEST(DiscoveryScale, RustEntriesAreWhatTheSimpleScanFound)
{
    QRandomGenerator rng(32);
    for (int round = 0; round < 300; ++round) {
        const QString text = randomRust(rng);
        const auto fast = findRustEntries(text);
        const auto simple = refFindRustEntries(text);
        ASSERT_EQ(fast.size(), simple.size()) << text.toStdString();
        for (size_t i = 0; i < fast.size(); ++i) {
            EXPECT_EQ(fast[i].name, simple[i].name) << text.toStdString();
            EXPECT_EQ(fast[i].line, simple[i].line) << text.toStdString();
            EXPECT_EQ(fast[i].paramKind, simple[i].paramKind) << text.toStdString();
        }
    }
}

TEST(DiscoveryScale, PairingComparesOnlyNamesThatCanMatchAndPairsTheSame)
{
    QRandomGenerator rng(32);
    for (int round = 0; round < 200; ++round) {
        std::vector<RustEntry> entries;
        std::vector<PythonKernel> kernels;
        QSet<QString> seen;
        for (int i = int(rng.bounded(8)); i >= 0; --i) {
            RustEntry e;
            e.name = randomName(rng);
            entries.push_back(e);
        }
        for (int i = int(rng.bounded(8)); i >= 0; --i) {
            PythonKernel k;
            k.name = randomName(rng);
            k.launched = rng.bounded(2) == 0;
            if (!seen.contains(k.name))
                kernels.push_back(k);
            seen.insert(k.name);
        }
        const auto fast = pairEntries(entries, kernels);
        const auto simple = refPairEntries(entries, kernels);
        ASSERT_EQ(fast.size(), simple.size());
        for (size_t i = 0; i < fast.size(); ++i) {
            EXPECT_EQ(fast[i].python ? fast[i].python->name : QString(),
                      simple[i].python ? simple[i].python->name : QString())
                << fast[i].entry.name.toStdString();
            EXPECT_EQ(fast[i].rule, simple[i].rule);
            EXPECT_EQ(fast[i].reason, simple[i].reason);
        }
    }
}

// 20k entries: each character of kernel.rs is looked at a bounded number of times.
TEST(DiscoveryScale, TwentyThousandRustEntriesAreScannedOnce)
{
    const QString text = manyRustEntries(20000);
    qint64 scanned = 0;
    const auto entries = findRustEntries(text, &scanned);
    ASSERT_EQ(entries.size(), 20000u);
    EXPECT_EQ(entries.back().name, QStringLiteral("entry_19999"));
    EXPECT_EQ(entries.back().line, 19999 * 6 + 2);
    EXPECT_EQ(entries.back().paramKind, QStringLiteral("mixed"));
    EXPECT_LE(scanned, 3 * text.size()) << "characters looked at for a file of " << text.size();
}

// 20k @ct.kernel: each lookup visits a bounded number of lines, and pairing 20k entries with
// 20k kernels compares each entry with the few names that can match, not all 20k.
TEST(DiscoveryScale, TwentyThousandPythonKernelsArePairedInLinearWork)
{
    const PythonSource source(manyPythonKernels(20000));
    const auto kernels = findPythonKernels(source);
    ASSERT_EQ(kernels.size(), 20000u);
    EXPECT_EQ(kernels.back().defLine, 2 + 19999 * 4 + 2);
    EXPECT_LE(source.visitedLines(), 8 * 20000);

    std::vector<RustEntry> entries;
    for (int i = 0; i < 20000; ++i) {
        RustEntry e;
        e.name = QStringLiteral("kernel_%1").arg(i);
        entries.push_back(e);
    }
    qint64 compared = 0;
    const auto pairs = pairEntries(entries, kernels, {}, &compared);
    EXPECT_EQ(pairs.back().python->name, QStringLiteral("kernel_19999"));
    EXPECT_EQ(pairs.back().rule, PairingRule::Name);
    EXPECT_LE(compared, 4 * 20000);
}
