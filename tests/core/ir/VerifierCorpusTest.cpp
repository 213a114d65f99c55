// The verifier against the dialect's own negative tests (invalid.mlir, view_invalid.mlir:
// chunks split at `// -----`, each `// expected-error` naming a line), and against every valid
// corpus file, which must verify clean.

#include "IrTestUtil.h"
#include "TestPaths.h"
#include "ir/Verifier.h"
#include "ir/bytecode/IrFileLoader.h"

#include <QDir>
#include <cstdlib>
#include <gtest/gtest.h>
#include <iostream>
#include <map>
#include <regex>

using namespace tilelens::ir;
namespace tu = tilelens::ir::testutil;
using tilelens::Diagnostic;
using tilelens::Severity;

namespace {

std::string corpus(const QString& rel)
{
    return (tilelens::test::corpusDir() + QLatin1Char('/') + rel).toStdString();
}

std::vector<std::string> filesIn(const QString& rel, const QString& pattern)
{
    QDir dir(tilelens::test::corpusDir() + QLatin1Char('/') + rel);
    std::vector<std::string> out;
    for (const QString& f : dir.entryList({pattern}, QDir::Files, QDir::Name))
        out.push_back(dir.filePath(f).toStdString());
    return out;
}

// Lines named by `// expected-error` comments: `@below`/`@above`, `@+N`/`@-N`, or the
// comment's own line.
std::vector<int> expectedErrorLines(const std::string& text)
{
    static const std::regex kExpected(R"(expected-error\s*(@(below|above|[+-]\d+))?)");
    std::vector<int> lines;
    int line = 0;
    size_t pos = 0;
    while (pos <= text.size()) {
        size_t end = text.find('\n', pos);
        if (end == std::string::npos)
            end = text.size();
        ++line;
        std::smatch m;
        const std::string l = text.substr(pos, end - pos);
        if (std::regex_search(l, m, kExpected)) {
            const std::string at = m[2].str();
            int target = line;
            if (at == "below")
                target = line + 1;
            else if (at == "above")
                target = line - 1;
            else if (!at.empty())
                target = line + std::stoi(at);
            lines.push_back(target);
        }
        pos = end + 1;
    }
    return lines;
}

struct Coverage
{
    size_t chunks = 0;    // chunks with at least one expected error
    size_t matched = 0;   // every expected line has an error there
    size_t parseOnly = 0; // the same, from the parser alone
};

Coverage measure(const std::string& path)
{
    const std::string text = tu::readText(path);
    const std::vector<int> expected = expectedErrorLines(text);
    std::vector<ParseResult> results = parseFileSplit(path);
    Coverage c;
    for (size_t i = 0; i < results.size(); ++i) {
        ParseResult& r = results[i];
        const int first = r.firstLine;
        const int next = i + 1 < results.size() ? results[i + 1].firstLine : INT32_MAX;
        std::vector<int> lines;
        for (int l : expected)
            if (l >= first && l < next)
                lines.push_back(l);
        if (lines.empty())
            continue;
        ++c.chunks;
        const auto allHit = [&] {
            for (int l : lines) {
                bool hit = false;
                for (const Diagnostic& d : r.diagnostics)
                    hit = hit || (d.severity == Severity::Error && d.place.line == l);
                if (!hit)
                    return false;
            }
            return true;
        };
        c.parseOnly += allHit() ? 1 : 0;
        verifyParseResult(r, path);
        const bool hit = allHit();
        c.matched += hit ? 1 : 0;
        // TILELENS_VERIFIER_MISSES=1 lists the chunks still missed, to pick the next rule.
        if (!hit && std::getenv("TILELENS_VERIFIER_MISSES")) {
            std::cout << "MISS " << path << ":" << lines[0] << "\n";
            for (const Diagnostic& d : r.diagnostics)
                std::cout << "    got " << d.format() << "\n";
        }
    }
    return c;
}

} // namespace

TEST(VerifierCorpus, InvalidChunksGetTheExpectedErrorAtTheExpectedLine)
{
    TILELENS_REQUIRE_CORPUS();
    // Floors at what the verifier reaches, so coverage cannot silently regress.
    const std::map<std::string, size_t> floors = {{"invalid.mlir", 213}, {"view_invalid.mlir", 40}};
    for (const auto& [name, floor] : floors) {
        const Coverage c =
            measure(corpus(QStringLiteral("cuda-tile-dialect/") + QString::fromStdString(name)));
        std::cout << name << ": " << c.matched << " of " << c.chunks
                  << " chunks get an error at every expected line (" << c.parseOnly
                  << " from the parser alone)\n";
        EXPECT_GE(c.matched, floor) << name;
    }
}

TEST(VerifierCorpus, EveryValidCorpusFileVerifiesClean)
{
    TILELENS_REQUIRE_CORPUS();
    std::vector<std::string> files =
        filesIn(QStringLiteral("tilegym-cutile/mlir"), QStringLiteral("*.mlir"));
    for (const auto& f :
         filesIn(QStringLiteral("tilegym-cutile/bytecode"), QStringLiteral("*.tileirbc")))
        files.push_back(f);
    for (const auto& f : filesIn(QStringLiteral("real-ports"), QStringLiteral("*.mlir")))
        files.push_back(f);
    size_t verified = 0;
    for (const std::string& f : files) {
        ParseResult r = loadIrFile(f);
        ASSERT_TRUE(r.ok()) << f << "\n" << tu::dumpDiagnostics(r);
        EXPECT_TRUE(verifyParseResult(r, f)) << tu::dumpDiagnostics(r);
        ++verified;
    }
    for (const char* name :
         {"arith.mlir", "canonicalize.mlir", "conversion.mlir", "debuginfo_attr.mlir",
          "debuginfo_update_symbol_names.mlir", "dense_attr.mlir",
          "entry_opt_hints_default_silent.mlir", "memory_consistency_ops.mlir", "ops.mlir",
          "opt_hints.mlir", "syntax_omit_dialect_prefix.mlir", "types.mlir"}) {
        const std::string path =
            corpus(QStringLiteral("cuda-tile-dialect/") + QString::fromLatin1(name));
        for (ParseResult& r : parseFileSplit(path)) {
            ASSERT_TRUE(r.ok()) << path << ":" << r.firstLine;
            EXPECT_TRUE(verifyParseResult(r, path)) << tu::dumpDiagnostics(r);
            ++verified;
        }
    }
    EXPECT_GT(verified, 250u);
}
