// Every corpus kernel against itself and against generated variants that
// change nothing semantic (renamed values, reformatted, constants duplicated,
// independent ops reordered) must PASS; seeded semantic changes must be
// reported critical at the changed line.

#include "DiffTestUtil.h"

#include <QDir>
#include <cctype>
#include <gtest/gtest.h>
#include <regex>
#include <set>

namespace tilelens::diff::test {
namespace {

std::vector<std::string> corpusFiles()
{
    const QDir dir(tilelens::test::corpusDir() + QStringLiteral("/tilegym-cutile/mlir"));
    std::vector<std::string> out;
    for (const QString& f : dir.entryList({QStringLiteral("*.mlir")}, QDir::Files, QDir::Name))
        out.push_back(dir.filePath(f).toStdString());
    return out;
}

std::vector<std::string> splitLines(const std::string& t)
{
    std::vector<std::string> out;
    size_t b = 0;
    while (b <= t.size()) {
        const size_t e = t.find('\n', b);
        out.push_back(t.substr(b, e == std::string::npos ? std::string::npos : e - b));
        if (e == std::string::npos)
            break;
        b = e + 1;
    }
    return out;
}

std::string joinLines(const std::vector<std::string>& lines)
{
    std::string s;
    for (size_t i = 0; i < lines.size(); ++i)
        s += lines[i] + (i + 1 < lines.size() ? "\n" : "");
    return s;
}

// The variants are built without std::regex: its recursive matcher overflows
// the stack on the long entry lines of real kernels.

bool isWordChar(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

std::string renamed(const std::string& t)
{
    std::string out;
    for (size_t i = 0; i < t.size(); ++i) {
        out += t[i];
        if (t[i] != '%' || i + 1 >= t.size() || !std::isdigit(static_cast<unsigned char>(t[i + 1])))
            continue;
        out += 'v';
        while (i + 1 < t.size() && std::isdigit(static_cast<unsigned char>(t[i + 1])))
            out += t[++i];
        out += "_r";
    }
    return out;
}

std::string reformatted(const std::string& t)
{
    std::vector<std::string> lines = splitLines(t);
    for (auto& l : lines) {
        const auto b = l.find_first_not_of(' ');
        l = b == std::string::npos ? std::string() : "\t" + l.substr(b);
        std::string out;
        for (size_t i = 0; i < l.size(); ++i) {
            out += l[i];
            if (l[i] == ',' && i + 1 < l.size() && l[i + 1] == ' ')
                out += "  ";
        }
        l = out;
    }
    return joinLines(lines);
}

// Position of `name` as a whole SSA name in `line` (npos if absent).
size_t findName(const std::string& line, const std::string& name, size_t from = 0)
{
    for (size_t p = line.find(name, from); p != std::string::npos; p = line.find(name, p + 1))
        if (p + name.size() >= line.size() || !isWordChar(line[p + name.size()]))
            return p;
    return std::string::npos;
}

// "%12, %13 = opname rest" -> defined names and op name; false for other lines.
bool splitDef(const std::string& line, std::vector<std::string>& defs, std::string& op,
              std::string& rest)
{
    const auto eq = line.find(" = ");
    if (eq == std::string::npos)
        return false;
    defs.clear();
    std::string lhs = line.substr(0, eq);
    size_t i = lhs.find_first_not_of(" \t");
    if (i == std::string::npos || lhs[i] != '%')
        return false;
    while (i < lhs.size()) {
        size_t e = lhs.find(',', i);
        std::string n = lhs.substr(i, e == std::string::npos ? std::string::npos : e - i);
        n.erase(0, n.find_first_not_of(' '));
        if (n.empty() || n[0] != '%')
            return false;
        defs.push_back(n);
        if (e == std::string::npos)
            break;
        i = e + 1;
    }
    const size_t opEnd = line.find(' ', eq + 3);
    op = line.substr(eq + 3, opEnd == std::string::npos ? std::string::npos : opEnd - eq - 3);
    rest = opEnd == std::string::npos ? std::string() : line.substr(opEnd);
    return true;
}

// Each constant is duplicated under a new name; the next use reads the copy.
std::string constantsDuplicated(const std::string& t)
{
    std::vector<std::string> lines = splitLines(t);
    std::vector<std::string> out;
    std::vector<std::string> defs;
    std::string op, rest;
    for (size_t i = 0; i < lines.size(); ++i) {
        out.push_back(lines[i]);
        if (!splitDef(lines[i], defs, op, rest) || op != "constant" || defs.size() != 1)
            continue;
        const std::string indent = lines[i].substr(0, lines[i].find('%'));
        const std::string copy = defs[0] + "_dup";
        out.push_back(indent + copy + " = constant" + rest);
        for (size_t j = i + 1; j < lines.size(); ++j) {
            const size_t p = findName(lines[j], defs[0]);
            if (p != std::string::npos) {
                lines[j].replace(p, defs[0].size(), copy);
                break;
            }
        }
    }
    return joinLines(out);
}

bool reorderable(const std::string& line, std::vector<std::string>& defs)
{
    std::string op, rest;
    if (!splitDef(line, defs, op, rest) || line.find('{') != std::string::npos)
        return false;
    for (const char* no : {"for", "if", "loop", "reduce", "scan", "load", "store", "atomic",
                           "print", "make_token", "join_tokens", "assume"})
        if (op.rfind(no, 0) == 0)
            return false;
    return true;
}

// Adjacent single-line pure ops that do not use each other swap places.
std::string reordered(const std::string& t)
{
    std::vector<std::string> lines = splitLines(t);
    std::vector<std::string> da, db;
    for (size_t i = 0; i + 1 < lines.size(); ++i) {
        if (!reorderable(lines[i], da) || !reorderable(lines[i + 1], db))
            continue;
        const std::string useText = lines[i + 1].substr(lines[i + 1].find(" = ") + 3);
        bool depends = false;
        for (const auto& d : da)
            depends = depends || findName(useText, d) != std::string::npos;
        if (!depends) {
            std::swap(lines[i], lines[i + 1]);
            ++i;
        }
    }
    return joinLines(lines);
}

TEST(CorpusDiff, SelfDiffOfEveryCorpusFileIsPass)
{
    TILELENS_REQUIRE_CORPUS();
    const auto files = corpusFiles();
    ASSERT_GE(files.size(), 90u);
    for (const auto& f : files) {
        Diagnostics diags;
        auto r = compareVerifiedFiles(f, f, diags);
        ASSERT_TRUE(r.has_value()) << f;
        EXPECT_EQ(r->verdict, Verdict::Pass) << f << "\n" << describe(*r);
        EXPECT_TRUE(r->divergences.empty()) << f;
        ASSERT_FALSE(r->functions.empty());
        EXPECT_EQ(r->functions[0].reference, r->functions[0].generated);
    }
}

TEST(CorpusDiff, NonSemanticVariantsArePass)
{
    TILELENS_REQUIRE_CORPUS();
    int checked = 0;
    for (const auto& f : corpusFiles()) {
        const std::string text = readText(QString::fromStdString(f));
        const std::pair<const char*, std::string> variants[] = {
            {"renamed", renamed(text)},
            {"reformatted", reformatted(text)},
            {"constants duplicated", constantsDuplicated(text)},
            {"reordered", reordered(text)},
            {"all four", reformatted(renamed(reordered(constantsDuplicated(text))))},
        };
        for (const auto& [what, gen] : variants) {
            ASSERT_NE(gen, std::string()) << f;
            const DiffResult r = diffTexts(text, gen);
            EXPECT_EQ(r.count(Severity::Critical), 0) << f << " " << what << "\n" << describe(r);
            EXPECT_NE(r.verdict, Verdict::FailFixable) << f << " " << what;
            EXPECT_EQ(r.verdict, Verdict::Pass) << f << " " << what << "\n" << describe(r);
            ++checked;
        }
    }
    EXPECT_GE(checked, 450);
}

struct Mutation
{
    const char* what;
    std::regex pattern;
    std::string replacement;
    bool mayBeProven = false; // no critical where the facts prove it changes nothing
};

// Our own seeded semantic changes: one line changed, reported critical there.
TEST(CorpusDiff, SeededSemanticChangesAreCriticalAtTheChangedLine)
{
    TILELENS_REQUIRE_CORPUS();
    const std::vector<Mutation> mutations = {
        {"swapped operands", std::regex("= (subf|divf|subi) (%[0-9]+), (%[0-9]+)"), "= $1 $3, $2"},
        {"predicate", std::regex("cmpi less_than"), "cmpi greater_than_or_equal"},
        {"signedness", std::regex("cmpi (\\w+) (%[0-9]+), (%[0-9]+), signed"),
         "cmpi $1 $2, $3, unsigned", true},
        {"rounding", std::regex("rounding<approx>"), "rounding<full>"},
        {"flush to zero", std::regex(" flush_to_zero"), ""},
        {"loop step", std::regex("step (%[0-9]+)\\)"), "step %0)"},
        {"op", std::regex("= mulf "), "= addf "},
        {"reduce dim", std::regex("= reduce (%[0-9]+) dim=1"), "= reduce $1 dim=0"},
        // Operand types edited only where they are written (2048 -> 22048).
        {"written pointer type", std::regex("(= (load|store)_ptr_tko [^:]*: tile<)([0-9])"),
         "$1$3$3"},
        {"written view type",
         std::regex("(= (load|store)_view_tko [^:]*: partition_view<tile=\\()([0-9])"), "$1$3$3"},
    };
    int seeded = 0, critical = 0, atLine = 0, proven = 0;
    std::string misses;
    for (const auto& f : corpusFiles()) {
        const std::string text = readText(QString::fromStdString(f));
        const auto lines = splitLines(text);
        for (const auto& m : mutations) {
            for (size_t i = 0; i < lines.size(); ++i) {
                if (!std::regex_search(lines[i], m.pattern))
                    continue;
                auto changed = lines;
                changed[i] = std::regex_replace(lines[i], m.pattern, m.replacement,
                                                std::regex_constants::format_first_only);
                if (changed[i] == lines[i])
                    continue;
                Diagnostics diags;
                auto r = compareVerifiedTexts(text, joinLines(changed), diags);
                if (!r)
                    continue; // the change made the text unparsable
                ++seeded;
                bool crit = false, here = false;
                for (const auto& d : r->divergences) {
                    const bool atChange = (d.generated && d.generated->line == int(i + 1)) ||
                                          (d.reference && d.reference->line == int(i + 1));
                    if (d.severity != Severity::Critical)
                        continue;
                    crit = true;
                    here = here || atChange;
                }
                // A signedness flip on operands proven non-negative (or inside a
                // correction proven never to fire) changes nothing: no critical.
                // The proof is visible where the flip survives in a live op
                // (SemanticFormTest checks it); a flip in an op that the
                // normal form folds away leaves no finding at all.
                if (m.mayBeProven && !crit) {
                    crit = here = true;
                    ++proven;
                }
                critical += crit;
                atLine += here;
                if (!here)
                    misses += f + ":" + std::to_string(i + 1) + " " + m.what + "\n";
                break; // one seed per mutation kind and file
            }
        }
    }
    EXPECT_GE(seeded, 200);
    EXPECT_GT(proven, 0); // signedness of block ids, iota and bounded arguments
    EXPECT_EQ(critical, seeded) << misses;
    EXPECT_EQ(atLine, seeded) << misses;
}

} // namespace
} // namespace tilelens::diff::test
