// Conformance on the shared corpus: every cutile-ir dump and every chunk of the
// valid cuda-tile dialect tests parses without errors, op counts agree with an
// independent line count, and parse -> print -> parse gives an equal model.

#include "IrTestUtil.h"
#include "TestPaths.h"
#include "ir/Equality.h"
#include "ir/Printer.h"

#include <QDir>
#include <gtest/gtest.h>

using namespace tilelens::ir;
namespace tu = tilelens::ir::testutil;
using tilelens::Diagnostic;
using tilelens::Diagnostics;

namespace {

std::vector<std::string> cutileFiles()
{
    QDir dir(tilelens::test::corpusDir() + QStringLiteral("/tilegym-cutile/mlir"));
    std::vector<std::string> out;
    for (const QString& f : dir.entryList({QStringLiteral("*.mlir")}, QDir::Files, QDir::Name))
        out.push_back(dir.filePath(f).toStdString());
    return out;
}

std::string dialectFile(const char* name)
{
    return (tilelens::test::corpusDir() + QStringLiteral("/cuda-tile-dialect/") +
            QString::fromLatin1(name))
        .toStdString();
}

const char* const kValidDialectFiles[] = {
    "arith.mlir",
    "canonicalize.mlir",
    "conversion.mlir",
    "debuginfo_attr.mlir",
    "debuginfo_update_symbol_names.mlir",
    "dense_attr.mlir",
    "entry_opt_hints_default_silent.mlir",
    "memory_consistency_ops.mlir",
    "ops.mlir",
    "opt_hints.mlir",
    "syntax_omit_dialect_prefix.mlir",
    "types.mlir",
};

void expectRoundTrip(const Module& m, const std::string& where)
{
    for (PrintStyle style : {PrintStyle::Custom, PrintStyle::Generic}) {
        const std::string text = printModule(m, style);
        ParseResult again = parseModule(text);
        ASSERT_TRUE(again.ok()) << where << " style " << int(style) << ": "
                                << tu::dumpDiagnostics(again);
        ASSERT_EQ(again.modules.size(), 1u) << where;
        std::string why;
        EXPECT_TRUE(equals(m, *again.modules[0], &why))
            << where << " style " << int(style) << ": " << why;
    }
}

} // namespace

TEST(IrCorpus, AllCutileDumpsParseWithoutErrors)
{
    TILELENS_REQUIRE_CORPUS();
    const auto files = cutileFiles();
    ASSERT_EQ(files.size(), 98u);
    for (const std::string& f : files) {
        ParseResult r = parseFile(f);
        EXPECT_TRUE(r.ok()) << tu::dumpDiagnostics(r);
        EXPECT_TRUE(r.diagnostics.empty()) << tu::dumpDiagnostics(r);
        ASSERT_EQ(r.modules.size(), 1u) << f;
        EXPECT_EQ(r.modules[0]->name, "kernels") << f;
        EXPECT_EQ(r.modules[0]->functions.size(), 1u) << f;
        EXPECT_EQ(r.syntax, Syntax::CutileIr) << f;
    }
}

TEST(IrCorpus, CutileOpCountsMatchIndependentLineCount)
{
    TILELENS_REQUIRE_CORPUS();
    size_t total = 0;
    for (const std::string& f : cutileFiles()) {
        ParseResult r = parseFile(f);
        const size_t lines = tu::countOpLines(tu::readText(f));
        EXPECT_EQ(tu::writtenOpCount(r), lines) << f;
        total += lines;
    }
    // Counted once with grep over the corpus (lines starting with an op name, optionally after `%x
    // = `).
    EXPECT_EQ(total, 13920u);
}

TEST(IrCorpus, CutileDumpsRoundTrip)
{
    TILELENS_REQUIRE_CORPUS();
    for (const std::string& f : cutileFiles()) {
        ParseResult r = parseFile(f);
        ASSERT_TRUE(r.ok()) << f;
        expectRoundTrip(*r.modules[0], f);
    }
}

TEST(IrCorpus, ValidDialectChunksParseWithoutErrorsAndRoundTrip)
{
    TILELENS_REQUIRE_CORPUS();
    size_t chunks = 0;
    for (const char* name : kValidDialectFiles) {
        const std::string path = dialectFile(name);
        auto results = parseFileSplit(path);
        for (const ParseResult& r : results) {
            ++chunks;
            EXPECT_TRUE(r.ok()) << path << " chunk at line " << r.firstLine << "\n"
                                << tu::dumpDiagnostics(r);
            for (const Module* m : r.modules)
                if (!m->name.empty())
                    expectRoundTrip(*m, path + ":" + std::to_string(r.firstLine));
        }
    }
    EXPECT_GE(chunks, 50u);
}

TEST(IrCorpus, InvalidDialectChunksParseOrGiveLocatedErrors)
{
    TILELENS_REQUIRE_CORPUS();
    for (const char* name : {"invalid.mlir", "view_invalid.mlir"}) {
        const std::string path = dialectFile(name);
        auto results = parseFileSplit(path);
        EXPECT_GT(results.size(), 70u) << path;
        size_t parsed = 0;
        for (const ParseResult& r : results) {
            parsed += r.ok() ? 1 : 0;
            for (const Diagnostic& d : r.diagnostics) {
                EXPECT_EQ(d.place.file, path);
                EXPECT_GE(d.place.line, r.firstLine) << d.format();
                EXPECT_GT(d.place.column, 0) << d.format();
                EXPECT_FALSE(d.message.empty());
            }
        }
        EXPECT_GT(parsed, results.size() / 2) << path; // most chunks are syntactically fine
    }
}
