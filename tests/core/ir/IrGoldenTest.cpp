// Golden files: one input per op family and per attribute/type form
// (tests/data/ir/golden/*.mlir -> *.expected = model dump), and golden
// diagnostics for malformed inputs (tests/data/ir/malformed/*.mlir -> *.expected).
// Set TILELENS_UPDATE_GOLDENS=1 to rewrite the expected files after a reviewed change.

#include "IrTestUtil.h"
#include "TestPaths.h"
#include "ir/Equality.h"
#include "ir/Printer.h"

#include <QDir>
#include <QFileInfo>
#include <gtest/gtest.h>

using namespace tilelens::ir;
namespace tu = tilelens::ir::testutil;
using tilelens::Diagnostic;
using tilelens::Diagnostics;

namespace {

std::vector<std::string> inputs(const char* folder)
{
    QDir dir(tilelens::test::testDataDir() + QStringLiteral("/ir/") + QString::fromLatin1(folder));
    std::vector<std::string> out;
    for (const QString& f : dir.entryList({QStringLiteral("*.mlir")}, QDir::Files, QDir::Name))
        out.push_back(dir.filePath(f).toStdString());
    return out;
}

void compareGolden(const std::string& input, const std::string& actual)
{
    const std::string expectedPath = input.substr(0, input.size() - 5) + ".expected";
    if (qEnvironmentVariableIsSet("TILELENS_UPDATE_GOLDENS")) {
        std::ofstream(expectedPath, std::ios::binary) << actual;
        return;
    }
    ASSERT_TRUE(QFileInfo::exists(QString::fromStdString(expectedPath)))
        << expectedPath << " is missing";
    EXPECT_EQ(tu::readText(expectedPath), actual) << "golden mismatch for " << input;
}

ParseOptions named(const std::string& path)
{
    ParseOptions o;
    o.fileName = QFileInfo(QString::fromStdString(path)).fileName().toStdString();
    return o;
}

} // namespace

TEST(IrGolden, OpFamiliesAttributesAndTypes)
{
    const auto files = inputs("golden");
    ASSERT_GE(files.size(), 16u);
    for (const std::string& f : files) {
        const std::string text = tu::readText(f);
        ParseResult r = parseModule(text, named(f));
        EXPECT_TRUE(r.ok()) << f << "\n" << tu::dumpDiagnostics(r);
        compareGolden(f, tu::dumpModel(r) + tu::dumpDiagnostics(r));
        for (const Module* m : r.modules)
            for (PrintStyle style : {PrintStyle::Custom, PrintStyle::Generic}) {
                ParseResult again = parseModule(printModule(*m, style));
                ASSERT_TRUE(again.ok()) << f << " style " << int(style) << "\n"
                                        << tu::dumpDiagnostics(again) << printModule(*m, style);
                std::string why;
                EXPECT_TRUE(equals(*m, *again.modules[0], &why))
                    << f << " style " << int(style) << ": " << why;
            }
    }
}

TEST(IrGolden, MalformedInputsGiveLocatedDiagnostics)
{
    const auto files = inputs("malformed");
    ASSERT_GE(files.size(), 8u);
    for (const std::string& f : files) {
        Diagnostics pre;
        const std::string text = tu::readText(f);
        ASSERT_TRUE(checkTextInput(text, "x", pre)) << f;
        ParseResult r = parseModule(text, named(f));
        const bool shouldPass = f.find("_ok.mlir") != std::string::npos;
        EXPECT_EQ(r.ok(), shouldPass) << f << "\n" << tu::dumpDiagnostics(r);
        for (const Diagnostic& d : r.diagnostics) {
            EXPECT_GT(d.place.line, 0) << d.format();
            EXPECT_GT(d.place.column, 0) << d.format();
        }
        compareGolden(f, tu::dumpDiagnostics(r));
    }
}
