// Integers that do not fit where they are written are located errors, never silently wrapped
// or clamped: tile dimensions, 64-bit literals, typed scalar attributes, custom-syntax widths.

#include "IrTestUtil.h"

#include <gtest/gtest.h>

using namespace tilelens::ir;

namespace {

// The first diagnostic of parsing `body` inside an entry function, "LINE:COL: MESSAGE".
std::string firstError(const std::string& signature, const std::string& body = "    return\n")
{
    const std::string text =
        "cuda_tile.module @m {\n  entry @k(" + signature + ") {\n" + body + "  }\n}\n";
    ParseOptions options;
    options.fileName = "r.mlir";
    const ParseResult r = parseModule(text, options);
    if (r.diagnostics.empty())
        return "no error";
    const auto& d = r.diagnostics[0];
    return std::to_string(d.place.line) + ":" + std::to_string(d.place.column) + ": " + d.message;
}

} // namespace

TEST(IrOutOfRange, DimensionPastTwoToThe48IsAnError)
{
    // Printed back as 281474976710656 before, with exit code 0.
    EXPECT_EQ(firstError("%a: tile<99999999999999999999xi32>"),
              "2:21: dimension 99999999999999999999 is too large (the limit is 2^48)");
    EXPECT_EQ(firstError("%a: tile<4x281474976710657xi32>"),
              "2:23: dimension 281474976710657 is too large (the limit is 2^48)");
    EXPECT_EQ(firstError("%a: tile<4x281474976710656xi32>"), "no error");
}

TEST(IrOutOfRange, NegativeDimensionIsAnError)
{
    EXPECT_NE(firstError("%a: tile<4x-2xi32>"), "no error");
}

TEST(IrOutOfRange, IntegerLiteralPast64BitsIsAnError)
{
    EXPECT_EQ(firstError("%a: tile<f32>",
                         "    %c = constant <i64: 1> : tile<i64>\n"
                         "    assume div_by<99999999999999999999>, %c : tile<i64>\n    return\n"),
              "4:19: integer 99999999999999999999 is out of range (more than 64 bits)");
    EXPECT_EQ(firstError("%a: tile<f32>", "    return {x = -9223372036854775809 : i64}\n"),
              "3:17: integer -9223372036854775809 is out of range (more than 64 bits)");
    // Both readings of 64 bits are accepted, as MLIR does.
    EXPECT_EQ(firstError("%a: tile<f32>", "    return {x = 0xFFFFFFFFFFFFFFFF : i64, "
                                          "y = -9223372036854775808 : i64}\n"),
              "no error");
}

TEST(IrOutOfRange, ScalarAttributePastItsWidthIsAnError)
{
    EXPECT_EQ(firstError("%a: tile<f32>", "    return {x = 300 : i8}\n"),
              "3:17: integer 300 does not fit in i8");
    EXPECT_EQ(firstError("%a: tile<f32>", "    return {x = -129 : i8}\n"),
              "3:17: integer -129 does not fit in i8");
    EXPECT_EQ(firstError("%a: tile<f32>", "    return {x = 255 : i8, y = -128 : i8}\n"),
              "no error");
}
