// Dense literal numbers take hand-written fast paths (short decimals, decimal
// integers); they must give exactly the bits of the general conversion.

#include "IrTestUtil.h"
#include "ir/Block.h"
#include "ir/FloatBits.h"
#include "ir/Function.h"
#include "ir/Region.h"

#include <cstdlib>
#include <gtest/gtest.h>
#include <random>
#include <string>
#include <vector>

using namespace tilelens::ir;
namespace tu = tilelens::ir::testutil;

namespace {
// Parses one `constant <ELEM: [v0, v1, ...]>` per literal list and returns the stored bits.
std::vector<int64_t> denseBits(const std::string& elem, const std::vector<std::string>& values)
{
    std::string list;
    for (size_t i = 0; i < values.size(); ++i)
        list += (i ? ", " : "") + values[i];
    std::string text = "cuda_tile.module @m {\n  entry @k() {\n    %c = constant <" + elem + ": [" +
                       list + "]> : tile<" + std::to_string(values.size()) + "x" + elem +
                       ">\n    return\n  }\n}\n";
    ParseResult r = parseModule(text);
    EXPECT_TRUE(r.ok()) << tu::dumpDiagnostics(r);
    if (!r.ok())
        return {};
    const Attribute* a = r.modules[0]->functions[0]->body->entryBlock()->ops[0]->attr("value");
    std::vector<int64_t> out(a->intList.begin(), a->intList.end());
    if (a->splat)
        out.assign(values.size(), out[0]);
    return out;
}
} // namespace

TEST(IrDenseNumbers, DecimalFloatsMatchStrtodBitForBit)
{
    std::vector<std::string> values = {"0.0",
                                       "-0.0",
                                       "1.0",
                                       "0.1",
                                       "1.5",
                                       "1e22",
                                       "1e23",
                                       "1e-22",
                                       "5e-324",
                                       "3.5e+2",
                                       "1.",
                                       ".5",
                                       "-2.25",
                                       "123456789012345678",
                                       "9007199254740993",
                                       "1.4426950216293335",
                                       "0.30000000000000004",
                                       "1.7976931348623157e308"};
    std::mt19937_64 rng(7);
    for (int i = 0; i < 3000; ++i) {
        std::string v = (rng() & 1) ? "-" : "";
        v += std::to_string(rng() % 100000000000ull);
        if (rng() & 1)
            v += "." + std::to_string(rng() % 10000000ull);
        if (rng() % 3 == 0)
            v += "e" + std::to_string(int(rng() % 61) - 30);
        values.push_back(v);
    }
    std::vector<int64_t> bits = denseBits("f64", values);
    ASSERT_EQ(bits.size(), values.size());
    for (size_t i = 0; i < values.size(); ++i)
        EXPECT_EQ(uint64_t(bits[i]), floatToBits(std::strtod(values[i].c_str(), nullptr), "f64"))
            << values[i];
    std::vector<int64_t> f32 = denseBits("f32", {"0.1", "1.4426950216293335", "-3.0e-5"});
    ASSERT_EQ(f32.size(), 3u);
    EXPECT_EQ(uint64_t(f32[0]), floatToBits(0.1, "f32"));
    EXPECT_EQ(uint64_t(f32[1]), floatToBits(1.4426950216293335, "f32"));
    EXPECT_EQ(uint64_t(f32[2]), floatToBits(-3.0e-5, "f32"));
}

TEST(IrDenseNumbers, DecimalIntegersAndTheirLimits)
{
    std::vector<int64_t> b =
        denseBits("i64", {"0", "-1", "9223372036854775807", "-9223372036854775808", "+42", "0x10"});
    ASSERT_EQ(b.size(), 6u);
    EXPECT_EQ(b[0], 0);
    EXPECT_EQ(b[1], -1);
    EXPECT_EQ(b[2], INT64_MAX);
    EXPECT_EQ(b[3], INT64_MIN);
    EXPECT_EQ(b[4], 42);
    EXPECT_EQ(b[5], 16);
    // Out of range: a located error, not a wrapped value.
    ParseResult r = parseModule("cuda_tile.module @m {\n  entry @k() {\n"
                                "    %c = constant <i8: [1, 300]> : tile<2xi8>\n"
                                "    %d = constant <i64: 99999999999999999999> : tile<i64>\n"
                                "    return\n  }\n}\n");
    EXPECT_FALSE(r.ok());
    ASSERT_GE(r.diagnostics.size(), 2u);
    EXPECT_EQ(r.diagnostics[0].place.line, 3);
    EXPECT_EQ(r.diagnostics[1].place.line, 4);
}

namespace {
// Parses `opLine` as the only op of a kernel (line 3 of the module).
ParseResult parseOneOp(const std::string& opLine)
{
    return parseModule("cuda_tile.module @m {\n  entry @k() {\n" + opLine +
                       "\n    return\n  }\n}\n");
}
const Attribute* firstValue(const ParseResult& r)
{
    return r.modules[0]->functions[0]->body->entryBlock()->ops[0]->attr("value");
}
std::vector<int64_t> storedBits(const Attribute* a)
{
    return std::vector<int64_t>(a->intList.begin(), a->intList.end());
}
} // namespace

// Runs of one spelling take a shortcut (the previous token's bits are reused);
// a value that differs anywhere in the run, a sign, a prefix of the previous
// token or a line break must still be read exactly.
TEST(IrDenseNumbers, RepeatedSpellingsKeepEveryValueAndItsPlace)
{
    std::vector<std::string> values(300, "128");
    values[150] = "1280";
    values[151] = "-128";
    values[152] = "12";
    values[299] = "0x80";
    std::vector<int64_t> b = denseBits("i32", values);
    ASSERT_EQ(b.size(), 300u);
    EXPECT_EQ(b[0], 128);
    EXPECT_EQ(b[149], 128);
    EXPECT_EQ(b[150], 1280);
    EXPECT_EQ(b[151], -128);
    EXPECT_EQ(b[152], 12);
    EXPECT_EQ(b[153], 128);
    EXPECT_EQ(b[299], 128);

    // All equal: stored once, as a splat.
    ParseResult s = parseOneOp("    %c = constant <f32: [[1.5, 1.5], [1.5, 1.5]]> : tile<2x2xf32>");
    ASSERT_TRUE(s.ok()) << tu::dumpDiagnostics(s);
    EXPECT_TRUE(firstValue(s)->splat);
    EXPECT_EQ(firstValue(s)->intList.size(), 1u);

    // Irregular spacing around the commas (the shortcut wants exactly ", ").
    ParseResult w = parseOneOp("    %c = constant <i32: [5, 5,  6,5 , 5,\n 5,   5]> : tile<7xi32>");
    ASSERT_TRUE(w.ok()) << tu::dumpDiagnostics(w);
    EXPECT_EQ(storedBits(firstValue(w)), (std::vector<int64_t>{5, 5, 6, 5, 5, 5, 5}));

    // A bad token is reported at each place it occurs, never reused silently.
    ParseResult r = parseOneOp("    %c = constant <i8: [300, 300,\n 300]> : tile<3xi8>");
    EXPECT_FALSE(r.ok());
    ASSERT_EQ(r.diagnostics.size(), 3u) << tu::dumpDiagnostics(r);
    EXPECT_EQ(r.diagnostics[0].place.column, 25);
    EXPECT_EQ(r.diagnostics[1].place.column, 30);
    EXPECT_EQ(r.diagnostics[2].place.line, 4);
    EXPECT_EQ(r.diagnostics[2].place.column, 2);

    // Without an element type in the literal the tile's is used.
    ParseResult g = parseOneOp("    %c = \"cuda_tile.constant\"() {value = dense<[7, 7, -7]> : "
                               "tile<3xi8>} : () -> tile<3xi8>");
    ASSERT_TRUE(g.ok()) << tu::dumpDiagnostics(g);
    EXPECT_FALSE(firstValue(g)->splat);
    EXPECT_EQ(storedBits(firstValue(g)), (std::vector<int64_t>{7, 7, -7}));
}

// Long runs are compared a block of about 64 bytes ("128, " twelve times) at a
// time: a different value at any place in or after a block must be kept, and a
// run of 1,000 equal values must still be one splat value.
TEST(IrDenseNumbers, RunsComparedInBlocksKeepAValueAtEveryOffset)
{
    for (size_t at = 0; at < 40; ++at) {
        SCOPED_TRACE(at);
        std::vector<std::string> values(60, "128");
        values[at] = at % 2 ? "1280" : "12";
        std::vector<int64_t> b = denseBits("i32", values);
        ASSERT_EQ(b.size(), 60u);
        for (size_t i = 0; i < b.size(); ++i)
            EXPECT_EQ(b[i], i == at ? (at % 2 ? 1280 : 12) : 128) << i;
    }
    std::vector<int64_t> splat = denseBits("i16", std::vector<std::string>(1000, "-7"));
    ASSERT_EQ(splat.size(), 1000u);
    EXPECT_EQ(splat[999], -7);
}
