// The formats of the op table (ir/OpFormat.h): every row compiles, places only what it
// declares, and the printer that walks them writes text the parser reads back as the same
// model, also for generic input whose ops lack what their custom form needs.

#include "ir/OpFormat.h"

#include "IrTestUtil.h"
#include "ir/Equality.h"
#include "ir/OpInfo.h"
#include "ir/Printer.h"

#include <gtest/gtest.h>
#include <string>

using namespace tilelens::ir;
namespace tu = tilelens::ir::testutil;

TEST(OpFormat, EveryRowCompilesAndPlacesOnlyWhatTheOpDeclares)
{
    for (size_t i = 1; i < kOpIdCount; ++i) {
        const OpInfo& row = opInfo(OpId(i));
        const OpFormat& f = opFormat(row.id);
        EXPECT_EQ(f.id, row.id);
        for (const FormatElement& e : f.elements) {
            if (e.item == FormatItem::Attribute) {
                // Each placed attribute is the layout's or has the dialect's spelling.
                EXPECT_TRUE(f.declared(e.text) || dialectAttribute(e.text))
                    << row.mnemonic << " $" << e.text;
            }
            if (e.item == FormatItem::Optional) {
                EXPECT_GT(e.end, e.anchor) << row.mnemonic;
                EXPECT_GT(e.anchor, 0) << row.mnemonic;
            }
        }
        // A format with a token operand group is a _tko op's.
        if (f.hasTokenOperand) {
            EXPECT_EQ(row.mnemonic.substr(row.mnemonic.size() - 4), "_tko") << row.mnemonic;
        }
    }
}

TEST(OpFormat, TheLayoutSaysWhichIntegersAreI32)
{
    EXPECT_TRUE(opFormat(OpId::Reduce).declared("dim")->i32);
    EXPECT_TRUE(opFormat(OpId::Scan).declared("dim")->i32);
    EXPECT_FALSE(opFormat(OpId::Cat).declared("dim")->i32);
    EXPECT_EQ(opFormat(OpId::For).directive, Directive::ForOp);
    EXPECT_EQ(opFormat(OpId::MakePartitionView).types, TypeList::ResultTypes);
    EXPECT_EQ(opFormat(OpId::MmaFScaled).resultTypeOperand, 2); // the acc's type
    EXPECT_TRUE(opFormat(OpId::StorePtrTko).tokenResultOnly);
    EXPECT_FALSE(opFormat(OpId::JoinTokens).tokenResultOnly);
}

TEST(OpFormat, OperandGroupsSplitTheOperandList)
{
    ParseResult r = parseModule("cuda_tile.module @m {\n"
                                "  entry @k(%v: partition_view<tile=(8), tensor_view<8xf32, "
                                "strides=[1]>>, %i: tile<i32>, %x: tile<8xf32>, %t: token) {\n"
                                "    %a = atomic_red_view_tko relaxed device %v[%i], add, %x "
                                "token = %t : tile<8xf32>, partition_view<tile=(8), "
                                "tensor_view<8xf32, strides=[1]>>, tile<i32> -> token\n"
                                "    return\n  }\n}\n");
    ASSERT_TRUE(r.ok()) << tu::dumpDiagnostics(r);
    const Op& op = *r.modules[0]->functions[0]->body->entryBlock()->ops[0];
    std::vector<OperandSegment> s;
    ASSERT_TRUE(opFormat(op.id()).segment(op, s));
    ASSERT_EQ(s.size(), 4u); // view indices* value token?
    EXPECT_EQ(s[0].begin, 0u);
    EXPECT_EQ(s[1].begin, 1u);
    EXPECT_EQ(s[1].end, 2u);
    EXPECT_EQ(s[2].begin, 2u);
    EXPECT_EQ(s[3].begin, 3u);
    EXPECT_EQ(s[3].end, 4u);
}

// Generic-form for, if, loop, reduce and scan without the regions, operands or block
// arguments their custom form names crashed the custom printer; now they print generically
// and read back as the same model.
TEST(OpFormat, RegionOpsLackingTheirRegionsPrintWithoutACrash)
{
    const char* const scan =
        "%r = \"cuda_tile.scan\"(%a) : (!cuda_tile.tile<4xf32>) -> (!cuda_tile.tile<4xf32>)";
    for (const char* op : {"\"cuda_tile.for\"() : () -> ()", "\"cuda_tile.if\"() : () -> ()",
                           "\"cuda_tile.loop\"(%a) : (!cuda_tile.tile<4xf32>) -> ()",
                           "\"cuda_tile.reduce\"(%a) : (!cuda_tile.tile<4xf32>) -> ()", scan}) {
        const std::string text =
            std::string("\"cuda_tile.module\"() ({\n  \"cuda_tile.entry\"() ({\n"
                        "  ^bb0(%a: !cuda_tile.tile<4xf32>):\n    ") +
            op +
            "\n    \"cuda_tile.return\"() : () -> ()\n  }) {function_type = "
            "(!cuda_tile.tile<4xf32>) -> (), sym_name = \"k\"} : () -> ()\n}) "
            "{sym_name = \"m\"} : () -> ()\n";
        ParseResult r = parseModule(text);
        ASSERT_TRUE(r.ok()) << op << "\n" << tu::dumpDiagnostics(r);
        const std::string printed = printModule(*r.modules[0], PrintStyle::Custom);
        ParseResult again = parseModule(printed);
        ASSERT_TRUE(again.ok()) << printed << tu::dumpDiagnostics(again);
        std::string why;
        EXPECT_TRUE(equals(*r.modules[0], *again.modules[0], &why)) << printed << why;
    }
}
