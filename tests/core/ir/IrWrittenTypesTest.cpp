// Op::writtenOperandTypes(): the operand types as written in an op's type
// signature, kept by the text parser (all three syntaxes), compared by
// ir::equals and written back by the printer.

#include "IrTestUtil.h"
#include "ir/Block.h"
#include "ir/Equality.h"
#include "ir/Function.h"
#include "ir/Printer.h"
#include "ir/Region.h"

#include <gtest/gtest.h>
#include <string>
#include <vector>

using namespace tilelens::ir;
namespace tu = tilelens::ir::testutil;

namespace {
const char* kKernel =
    "cuda_tile.module @m {\n"
    "  entry @k(%0: tile<ptr<f32>>, %1: tile<i32>, %2: tile<4xptr<f32>>, %3: tile<4xi1>) {\n"
    "    %4 = make_token : token\n"
    "    %5 = addi %1, %1 : tile<i32>\n"
    "    %6 = cmpi less_than %5, %1, signed : tile<i32> -> tile<i1>\n"
    "    %7 = select %6, %5, %1 : tile<i1>, tile<i32>\n"
    "    %8, %9 = load_ptr_tko weak %2, %3 token=%4 : tile<4xptr<f32>>, tile<4xi1> -> "
    "tile<4xf32>, token\n"
    "    %10 = store_ptr_tko weak %2, %8 token=%9 : tile<4xptr<f32>>, tile<4xf32> -> token\n"
    "    %11, %12, %13 = get_tile_block_id : tile<i32>\n"
    "    %14 = constant <i32: 1> : tile<i32>\n"
    "    return\n"
    "  }\n"
    "}\n";

std::vector<std::string> written(const Op* op)
{
    std::vector<std::string> out;
    for (const Type* t : op->writtenOperandTypes())
        out.push_back(t->canonical());
    return out;
}

const Op* opAt(const ParseResult& r, size_t i)
{
    return r.modules[0]->functions[0]->body->entryBlock()->ops[i];
}

using L = std::vector<std::string>;
} // namespace

TEST(IrWrittenTypes, CustomFormKeepsTheSignaturesOperandTypes)
{
    ParseResult r = parseModule(kKernel);
    ASSERT_TRUE(r.ok()) << tu::dumpDiagnostics(r);
    EXPECT_EQ(written(opAt(r, 0)), L{}); // make_token: no operands
    EXPECT_EQ(written(opAt(r, 1)), L{"tile<i32>"});
    EXPECT_EQ(written(opAt(r, 2)), L{"tile<i32>"});
    EXPECT_EQ(written(opAt(r, 3)), (L{"tile<i1>", "tile<i32>"}));
    EXPECT_EQ(written(opAt(r, 4)), (L{"tile<4xptr<f32>>", "tile<4xi1>"}));
    EXPECT_EQ(written(opAt(r, 5)), (L{"tile<4xptr<f32>>", "tile<4xf32>"}));
    EXPECT_EQ(written(opAt(r, 6)), L{}); // the type is the results'
    EXPECT_EQ(written(opAt(r, 7)), L{}); // constant: none written
}

TEST(IrWrittenTypes, GenericFormKeepsTheFunctionTypeInputs)
{
    ParseResult r = parseModule(
        "\"cuda_tile.module\"() ({\n"
        "  \"cuda_tile.entry\"() ({\n"
        "  ^bb0(%a: !cuda_tile.tile<4xf32>):\n"
        "    %s = \"cuda_tile.addf\"(%a, %a) : (!cuda_tile.tile<4xf32>, !cuda_tile.tile<4xf32>) "
        "-> !cuda_tile.tile<4xf32>\n"
        "    \"cuda_tile.return\"() : () -> ()\n"
        "  }) {function_type = (!cuda_tile.tile<4xf32>) -> (), sym_name = \"k\"} : () -> ()\n"
        "}) {sym_name = \"m\"} : () -> ()\n");
    ASSERT_TRUE(r.ok()) << tu::dumpDiagnostics(r);
    EXPECT_EQ(written(opAt(r, 0)), (L{"tile<4xf32>", "tile<4xf32>"}));
    EXPECT_EQ(written(opAt(r, 1)), L{});
}

TEST(IrWrittenTypes, AnEditOfOnlyTheWrittenTypesIsADifference)
{
    std::string edited = kKernel;
    const std::string from = "tile<4xptr<f32>>, tile<4xi1> -> ";
    edited.replace(edited.find(from), from.size(), "tile<4xptr<f32>>, tile<4xi8> -> ");
    ParseResult a = parseModule(kKernel), b = parseModule(edited);
    ASSERT_TRUE(a.ok() && b.ok()) << tu::dumpDiagnostics(b);
    std::string why;
    EXPECT_FALSE(equals(*a.modules[0], *b.modules[0], &why));
    EXPECT_NE(why.find("written operand type tile<4xi1> vs tile<4xi8>"), std::string::npos) << why;
}

TEST(IrWrittenTypes, PrinterRoundTripKeepsThem)
{
    std::string edited = kKernel; // a written type unlike the operand's own type
    const std::string from = "select %6, %5, %1 : tile<i1>, tile<i32>";
    edited.replace(edited.find(from), from.size(), "select %6, %5, %1 : tile<i1>, tile<i64>");
    for (const std::string& text : {std::string(kKernel), edited}) {
        ParseResult r = parseModule(text);
        ASSERT_TRUE(r.ok()) << tu::dumpDiagnostics(r);
        for (PrintStyle style : {PrintStyle::Custom, PrintStyle::Generic}) {
            const std::string printed = printModule(*r.modules[0], style);
            ParseResult again = parseModule(printed);
            ASSERT_TRUE(again.ok()) << tu::dumpDiagnostics(again) << printed;
            std::string why;
            EXPECT_TRUE(equals(*r.modules[0], *again.modules[0], &why)) << why << printed;
            if (style == PrintStyle::Custom) {
                for (size_t i = 0; i < 8; ++i)
                    EXPECT_EQ(written(opAt(r, i)), written(opAt(again, i))) << i << printed;
            }
        }
    }
}
