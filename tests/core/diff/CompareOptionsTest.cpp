// CompareOptions::alignedRows = false (the CLI's json, text, markdown and SARIF
// formats) leaves FunctionDiff::rows empty and changes nothing those reports say.

#include "DiffTestUtil.h"
#include "diff/ReportWriters.h"
#include "ir/Parser.h"

#include <QDir>
#include <gtest/gtest.h>

namespace tilelens::diff::test {
namespace {

std::vector<const ir::Module*> modulesOf(const ir::ParseResult& r)
{
    return {r.modules.begin(), r.modules.end()};
}

TEST(CompareOptions, WithoutAlignedRowsEveryOtherReportIsTheSame)
{
    const QDir root(tilelens::test::testDataDir() + QStringLiteral("/real-ports"));
    const QStringList pairs = root.entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    ASSERT_GE(pairs.size(), 6);
    const RuleSet rules = RuleSet::defaults();
    for (const QString& pair : pairs) {
        SCOPED_TRACE(pair.toStdString());
        const std::string refText =
            readText(root.filePath(pair + QStringLiteral("/reference.mlir")));
        std::string genText = readText(root.filePath(pair + QStringLiteral("/generated.mlir")));
        // One entry more on the generated side: a function-level row as well.
        const auto entry = genText.find("  entry @");
        ASSERT_NE(entry, std::string::npos);
        const auto end = genText.rfind("\n}");
        std::string extra = genText.substr(entry, end - entry + 1);
        extra.insert(extra.find('('), "_extra");
        genText.insert(end + 1, extra);

        const ir::ParseResult ref = ir::parseModule(refText, {});
        const ir::ParseResult gen = ir::parseModule(genText, {});
        ASSERT_TRUE(ref.ok() && gen.ok());
        const DiffResult full = compareModules(modulesOf(ref), modulesOf(gen), rules, "r", "g");
        CompareOptions options;
        options.alignedRows = false;
        const DiffResult lean =
            compareModules(modulesOf(ref), modulesOf(gen), rules, "r", "g", options);

        ASSERT_EQ(full.functions.size(), lean.functions.size());
        EXPECT_GE(full.functions.size(), 2u);
        for (size_t i = 0; i < full.functions.size(); ++i) {
            EXPECT_FALSE(full.functions[i].rows.empty());
            EXPECT_TRUE(lean.functions[i].rows.empty());
        }
        EXPECT_FALSE(full.divergences.empty());
        EXPECT_EQ(writeJsonReport(full), writeJsonReport(lean));
        EXPECT_EQ(writeTextReport(full), writeTextReport(lean));
        EXPECT_EQ(writeMarkdownReport(full), writeMarkdownReport(lean));
        EXPECT_EQ(writeSarifReport(full, rules), writeSarifReport(lean, rules));
    }
}

} // namespace
} // namespace tilelens::diff::test
