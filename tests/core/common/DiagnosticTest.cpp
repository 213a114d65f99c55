#include "common/Diagnostic.h"

#include "common/FileReader.h"

#include <gtest/gtest.h>

using namespace tilelens;

TEST(Diagnostic, FormatsFileLineColumn)
{
    Diagnostic d;
    d.place = {"a.mlir", 3, 7, -1};
    d.message = "unknown SSA value %x";
    EXPECT_EQ(d.format(), "a.mlir:3:7: error: unknown SSA value %x");
}

TEST(Diagnostic, FormatsByteOffsetForBinaryInput)
{
    Diagnostic d;
    d.severity = Severity::Warning;
    d.place.file = "k.tileirbc";
    d.place.byteOffset = 42;
    d.message = "unknown section id 9";
    EXPECT_EQ(d.format(), "k.tileirbc:@42: warning: unknown section id 9");
}

TEST(FileReader, ReportsMissingFileWithItsPath)
{
    Diagnostics diags;
    auto contents = readFile("/nonexistent/dir/file.mlir", diags);
    EXPECT_FALSE(contents.has_value());
    ASSERT_EQ(diags.size(), 1u);
    EXPECT_NE(diags[0].format().find("/nonexistent/dir/file.mlir: error: cannot open file"),
              std::string::npos);
}

TEST(FileReader, RefusesFilesOverTheLimit)
{
    Diagnostics diags;
    auto contents = readFile(TILELENS_SOURCE_DIR "/CMakeLists.txt", diags, 10);
    EXPECT_FALSE(contents.has_value());
    ASSERT_EQ(diags.size(), 1u);
    EXPECT_NE(diags[0].message.find("too large"), std::string::npos);
}

TEST(FileReader, ReadsWholeFile)
{
    Diagnostics diags;
    auto contents = readFile(TILELENS_SOURCE_DIR "/CMakeLists.txt", diags);
    ASSERT_TRUE(contents.has_value());
    EXPECT_NE(contents->bytes.find("project(TileLens"), std::string::npos);
    EXPECT_TRUE(diags.empty());
}
