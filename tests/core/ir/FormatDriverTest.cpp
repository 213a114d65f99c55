// The text parser reads custom-syntax ops as a driver of their rows (ir/OpFormat.h,
// ParseOps.cpp): what an element means comes from the op's declarations, not from its
// mnemonic. Each test reads a word whose meaning depends on the row.

#include "IrTestUtil.h"
#include "ir/Block.h"
#include "ir/Function.h"
#include "ir/OpFormat.h"
#include "ir/OpInfo.h"

#include <gtest/gtest.h>
#include <string>

using namespace tilelens::ir;
namespace tu = tilelens::ir::testutil;

namespace {

ParseResult parseBody(const std::string& body)
{
    return parseModule("cuda_tile.module @m {\n  entry @k(%a: tile<i32>, %b: tile<i32>, %p: "
                       "tile<ptr<f32>>, %t: tile<f32>) {\n" +
                       body + "\n    return\n  }\n}\n");
}

const Op& firstOp(const ParseResult& r)
{
    return *r.modules[0]->functions[0]->body->entryBlock()->ops[0];
}

size_t warnings(const ParseResult& r)
{
    size_t n = 0;
    for (const auto& d : r.diagnostics)
        n += d.severity == tilelens::Severity::Warning ? 1 : 0;
    return n;
}

} // namespace

TEST(FormatDriver, TheRowsGiveTheParserItsFacts)
{
    EXPECT_EQ(opFormat(OpId::MmaI).signedness[0], "signedness_lhs");
    EXPECT_EQ(opFormat(OpId::MmaI).signedness[1], "signedness_rhs");
    EXPECT_EQ(opFormat(OpId::CmpI).signedness[1], "signedness");
    EXPECT_EQ(opFormat(OpId::Assert).stringAttribute, "message");
    EXPECT_EQ(opFormat(OpId::PrintTko).stringAttribute, "str");
    size_t atomic = 0, resultTypeWritten = 0;
    for (size_t i = 1; i < kOpIdCount; ++i) {
        atomic += opFormat(OpId(i)).atomicMode ? 1 : 0;
        resultTypeWritten += opFormat(OpId(i)).resultTypeWritten ? 1 : 0;
    }
    EXPECT_EQ(atomic, 2u);            // atomic_rmw_tko, atomic_red_view_tko
    EXPECT_EQ(resultTypeWritten, 4u); // make_{tensor,partition,strided,gather_scatter}_view
    ASSERT_NE(bareKeyword("acq_rel"), nullptr);
    EXPECT_EQ(bareKeyword("acq_rel")->attribute, "memory_ordering_semantics");
    EXPECT_EQ(bareKeyword("xchg")->cls, KeywordClass::AtomicMode);
    EXPECT_EQ(bareKeyword("fast_acc")->cls, KeywordClass::UnitFlag);
    EXPECT_EQ(bareKeyword("unsignedCmp"), nullptr); // for's `unsigned`, never bare
}

// `add` is an atomic mode only for an op whose row declares `mode`; elsewhere it is an
// unknown keyword kept as a flag, with a warning.
TEST(FormatDriver, AnAtomicModeKeywordNeedsTheRowsModeAttribute)
{
    ParseResult atomic = parseBody("    %r, %tk = atomic_rmw_tko relaxed device %p, %t, add : "
                                   "tile<ptr<f32>>, tile<f32> -> tile<f32>, token");
    ASSERT_TRUE(atomic.ok()) << tu::dumpDiagnostics(atomic);
    EXPECT_EQ(warnings(atomic), 0u);
    ASSERT_NE(firstOp(atomic).attr("mode"), nullptr);

    ParseResult plain = parseBody("    %r = addi %a, %b add : tile<i32>");
    EXPECT_EQ(warnings(plain), 1u) << tu::dumpDiagnostics(plain);
    EXPECT_EQ(firstOp(plain).attr("mode"), nullptr);
    EXPECT_NE(firstOp(plain).attr("add"), nullptr);
}

// mmai's two bare signedness keywords are its lhs and rhs attributes (the row's order);
// another op's are its one `signedness`.
TEST(FormatDriver, SignednessKeywordsFillTheRowsAttributesInOrder)
{
    ParseResult mma = parseBody("    %r = mmai %a, %b, %a unsigned signed : tile<i32>, "
                                "tile<i32>, tile<i32>");
    ASSERT_TRUE(mma.ok()) << tu::dumpDiagnostics(mma);
    ASSERT_NE(firstOp(mma).attr("signedness_lhs"), nullptr);
    ASSERT_NE(firstOp(mma).attr("signedness_rhs"), nullptr);
    EXPECT_EQ(firstOp(mma).attr("signedness_lhs")->text, "unsigned");
    EXPECT_EQ(firstOp(mma).attr("signedness_rhs")->text, "signed");

    ParseResult max = parseBody("    %r = maxi %a, %b unsigned : tile<i32>");
    ASSERT_TRUE(max.ok()) << tu::dumpDiagnostics(max);
    EXPECT_NE(firstOp(max).attr("signedness"), nullptr);
}

// A quoted string is the row's string attribute: assert's message, print's str.
TEST(FormatDriver, AQuotedStringIsTheRowsStringAttribute)
{
    ParseResult r = parseBody("    assert \"boom\", %a : tile<i32>");
    ASSERT_TRUE(r.ok()) << tu::dumpDiagnostics(r);
    ASSERT_NE(firstOp(r).attr("message"), nullptr);
    EXPECT_EQ(firstOp(r).attr("str"), nullptr);
}

// An integer after `name =` has the row's width: reduce's dim is i32, so 2^32 does not fit;
// cat's dim is i64.
TEST(FormatDriver, AKeyedIntegerHasTheRowsWidth)
{
    ParseResult reduce = parseBody(
        "    %r = reduce %a dim = 4294967296 identities = [0 : i32] : tile<4xi32> -> tile<i32> "
        "(%x: tile<i32>, %y: tile<i32>) {\n      yield %x : tile<i32>\n    }");
    EXPECT_NE(tu::dumpDiagnostics(reduce).find("does not fit in i32"), std::string::npos)
        << tu::dumpDiagnostics(reduce);
    ParseResult cat = parseBody("    %r = cat %a, %b dim = 4294967296 : tile<i32>");
    EXPECT_EQ(tu::dumpDiagnostics(cat).find("does not fit"), std::string::npos)
        << tu::dumpDiagnostics(cat);
}
