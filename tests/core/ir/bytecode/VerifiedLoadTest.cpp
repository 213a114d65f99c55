// The loader of the analyses (ir::loadVerified*): what does not verify is refused with the
// verifier's located errors (a byte offset in bytecode, where ops have no line), and an entry
// is handed on while the rest still parses only once it verifies.

#include "BytecodeBuilder.h"
#include "ir/Function.h"
#include "ir/Verifier.h"
#include "ir/bytecode/IrFileLoader.h"

#include <gtest/gtest.h>

using namespace tilelens;
using namespace tilelens::test;

namespace {

const std::string kReturn = bytesOf({0x5C, 0x00, 0x00});

// The first error of a verified load of `bytes`, which must not load.
Diagnostic refusal(const std::string& bytes, size_t expectedErrors = 1)
{
    size_t verifierErrors = 0;
    const ir::ParseResult r =
        ir::loadVerifiedIrContents(bytes, "built.tileirbc", {}, &verifierErrors);
    EXPECT_FALSE(r.ok());
    EXPECT_EQ(verifierErrors, expectedErrors);
    for (const Diagnostic& d : r.diagnostics)
        if (d.severity == Severity::Error)
            return d;
    ADD_FAILURE() << "no error";
    return {};
}

} // namespace

TEST(VerifiedLoad, ANegativeViewDimensionInBytecodeIsPlacedAtItsOpsByteOffset)
{
    // A partition_view whose dim_map sends its tile dimension to tensor dimension -1 (four
    // 0xFF bytes): the interpreter indexed the tensor's shape with it.
    BytecodeBuilder b(3);
    const uint64_t tv = b.type(varint(14) + varint(b.num(7)) + leList({8}, 8) + leList({1}, 8));
    const uint64_t pv =
        b.type(varint(15) + varint(0) + leList({4}, 4) + varint(tv) + leList({-1}, 4));
    const std::string makeView = bytesOf({0x42}) + varint(pv) + varint(0);
    b.kernel("k", b.func({tv}), makeView + kReturn);
    const std::string bytes = b.build();
    // The bytes read; only the verifier objects.
    EXPECT_TRUE(ir::loadIrContents(bytes, "built.tileirbc").ok());
    const Diagnostic d = refusal(bytes);
    ASSERT_GT(d.place.byteOffset, 0);
    EXPECT_EQ(bytes.substr(size_t(d.place.byteOffset), makeView.size()), makeView);
    EXPECT_EQ(d.format(), "built.tileirbc:@" + std::to_string(d.place.byteOffset) +
                              ": error: target dimension must not be negative, got -1");
}

TEST(VerifiedLoad, ACmpiWithAFloatResultInBytecodeIsRefused)
{
    // cmpi lhs, rhs with its result type index pointing at a float tile: one byte of the
    // corpus's bytecode changed.
    BytecodeBuilder b(3);
    const uint64_t ti = b.tile(b.num(3), {4});
    const uint64_t tf = b.tile(b.num(7), {4});
    const std::string cmpi = bytesOf({0x0F}) + varint(tf) + bytesOf({0x00, 0x00, 0x00, 0x00});
    b.kernel("k", b.func({ti}), cmpi + kReturn);
    const std::string bytes = b.build();
    const Diagnostic d = refusal(bytes);
    ASSERT_GT(d.place.byteOffset, 0);
    EXPECT_EQ(bytes.substr(size_t(d.place.byteOffset), cmpi.size()), cmpi);
    EXPECT_EQ(d.message, "result #0 must be 'tile<4xi1>' (i1 values shaped as the operands), but "
                         "got 'tile<4xf32>'");
}

TEST(VerifiedLoad, OnlyEntriesThatVerifyAreHandedOnWhileTheRestParses)
{
    const std::string text = "cuda_tile.module @m {\n"
                             "  entry @bad(%a: tile<4xi32>) {\n"
                             "    %0 = cmpi equal %a, %a, signed : tile<4xi32> -> tile<4xf32>\n"
                             "    return\n"
                             "  }\n"
                             "  entry @good(%a: tile<4xi32>) {\n"
                             "    %0 = cmpi equal %a, %a, signed : tile<4xi32> -> tile<4xi1>\n"
                             "    return\n"
                             "  }\n"
                             "}\n";
    std::vector<std::string> announced;
    ir::ParseOptions options;
    options.onFunction = [&](const ir::Function& f) { announced.emplace_back(f.name); };
    size_t verifierErrors = 0;
    const ir::ParseResult r =
        ir::loadVerifiedIrContents(text, "two.mlir", options, &verifierErrors);
    EXPECT_EQ(announced, std::vector<std::string>{"good"});
    EXPECT_FALSE(r.ok());
    EXPECT_EQ(verifierErrors, 1u);
    ASSERT_EQ(r.diagnostics.size(), 1u);
    EXPECT_EQ(r.diagnostics[0].format(),
              "two.mlir:3:5: error: result #0 must be 'tile<4xi1>' (i1 values shaped as the "
              "operands), but got 'tile<4xf32>'");

    // What verifies loads as before.
    announced.clear();
    const ir::ParseResult good = ir::loadVerifiedIrContents(
        text.substr(0, text.find("  entry @bad")) + text.substr(text.find("  entry @good")),
        "good.mlir", options, &verifierErrors);
    EXPECT_TRUE(good.ok());
    EXPECT_EQ(verifierErrors, 0u);
    EXPECT_EQ(announced, std::vector<std::string>{"good"});
}

TEST(VerifiedLoad, SyntaxErrorsComeAloneWithoutTheVerifiers)
{
    size_t verifierErrors = 7;
    const ir::ParseResult r = ir::loadVerifiedIrContents(
        "cuda_tile.module @m {\n  entry @k() {\n    %0 = addf %x, %x : tile<4xf32>\n", "s.mlir", {},
        &verifierErrors);
    EXPECT_FALSE(r.ok());
    EXPECT_EQ(verifierErrors, 0u);
}
