// Encodings the corpus lacks, built with BytecodeBuilder: version-dependent
// fields, optional operands, defaults, predicates, hints, i1 constants, view
// types, globals, producer, debug locations and region scoping.
#include "BytecodeBuilder.h"
#include "ir/Block.h"
#include "ir/Region.h"
#include "ir/bytecode/BytecodeReader.h"

#include <gtest/gtest.h>

using namespace tilelens;
using namespace tilelens::test;

namespace {

struct Decoded
{
    ir::ParseResult result;
    Diagnostics diags;
    const ir::Module* module() const
    {
        return result.modules.empty() ? nullptr : result.modules[0];
    }
    const ir::Function* kernel() const { return module() ? module()->functions[0] : nullptr; }
    const ir::Op* op(size_t i) const { return kernel()->body->blocks[0]->ops[i]; }
    std::string error() const { return diags.empty() ? std::string() : diags[0].message; }
};

Decoded decode(const BytecodeBuilder& b)
{
    Decoded d;
    d.result = ir::readBytecode(b.build(), "built.tileirbc", d.diags);
    return d;
}

std::string attr(const ir::Op* op, const char* name)
{
    const ir::Attribute* a = op->attr(name);
    return a ? a->canonical() : std::string("<none>");
}

const std::string kReturn = bytesOf({0x5C, 0x00, 0x00});

} // namespace

TEST(BytecodeEncoding, DefaultRoundingIsOmittedAndFlagsBecomeUnitAttributes)
{
    BytecodeBuilder b(3);
    uint64_t tf = b.tile(b.num(7), {8});
    uint64_t c = b.constant(le(0x3F800000, 4)); // splat 1.0
    std::string body =
        bytesOf({0x10}) + varint(tf) + varint(c)                           // %0 = constant
        + bytesOf({0x02}) + varint(tf) + bytesOf({0x00, 0x00, 0x00, 0x00}) // addf, nearest_even
        + bytesOf({0x02}) + varint(tf) + bytesOf({0x01, 0x01, 0x00, 0x01}) // ftz, zero
        + kReturn;
    b.kernel("k", b.func({}), body);
    Decoded d = decode(b);
    ASSERT_TRUE(d.result.ok()) << d.error();
    EXPECT_EQ(attr(d.op(0), "value"), "<f32: 1.000000e+00> : tile<8xf32>");
    EXPECT_TRUE(d.op(0)->attr("value")->splat);
    EXPECT_TRUE(d.op(1)->attributes.empty());
    EXPECT_EQ(attr(d.op(2), "rounding_mode"), "rounding<zero>");
    EXPECT_EQ(attr(d.op(2), "flush_to_zero"), "unit");
    EXPECT_EQ(d.op(2)->operands[1], d.op(1)->results[0]);
}

TEST(BytecodeEncoding, PrintOf131HasAnUnnumberedTokenResult)
{
    // 13.1: `print` stores no result; the model still has the token (unused)
    // and the next value keeps index 0.
    BytecodeBuilder b(1);
    uint64_t ti = b.tile(b.num(3), {2});
    uint64_t c = b.constant(le(1, 4) + le(2, 4));
    std::string body = bytesOf({0x55, 0x00}) + varint(b.str("x=%d")) + bytesOf({0x00}) +
                       bytesOf({0x10}) + varint(ti) + varint(c) + bytesOf({0x50}) + varint(ti) +
                       bytesOf({0x00}) + kReturn;
    b.kernel("k", b.func({}), body);
    Decoded d = decode(b);
    ASSERT_TRUE(d.result.ok()) << d.error();
    const ir::Op* print = d.op(0);
    EXPECT_TRUE(print->name.is("print_tko"));
    ASSERT_EQ(print->results.size(), 1u);
    EXPECT_EQ(print->resultType(0)->canonical(), "token");
    EXPECT_EQ(attr(print, "str"), "\"x=%d\"");
    EXPECT_EQ(d.op(2)->operands[0], d.op(1)->results[0]);

    // 13.2: the token is stored and numbered; flags field present.
    BytecodeBuilder b2(2);
    uint64_t tok = b2.token();
    uint64_t ti2 = b2.tile(b2.num(3), {2});
    uint64_t c2 = b2.constant(le(1, 4) + le(2, 4));
    std::string body2 = bytesOf({0x55, 0x01}) + varint(tok) + bytesOf({0x00}) +
                        varint(b2.str("x")) + bytesOf({0x00}) + bytesOf({0x10}) + varint(ti2) +
                        varint(c2) + bytesOf({0x50}) + varint(ti2) + bytesOf({0x01, 0x01}) +
                        kReturn; // negi overflow=no_signed_wrap of %1
    b2.kernel("k", b2.func({}), body2);
    Decoded d2 = decode(b2);
    ASSERT_TRUE(d2.result.ok()) << d2.error();
    EXPECT_EQ(d2.op(2)->operands[0], d2.op(1)->results[0]);
    EXPECT_EQ(attr(d2.op(2), "overflow"), "overflow<no_signed_wrap>");
}

TEST(BytecodeEncoding, OptionalOperandsFollowTheFlagBits)
{
    BytecodeBuilder b(1);
    uint64_t f32 = b.num(7);
    uint64_t tp = b.tile(b.ptr(f32), {8}), tm = b.tile(b.num(0), {8}), tv = b.tile(f32, {8}),
             tok = b.token();
    std::string body = bytesOf({0x3D}) + varint(tv) + varint(tok) +
                       bytesOf({0x14, 0x00, 0x00, 0x01, 0x02}) + bytesOf({0x3D}) + varint(tv) +
                       varint(tok) + bytesOf({0x01, 0x01, 0x01, 0x00}) + kReturn;
    b.kernel("k", b.func({tp, tm, tok}), body);
    Decoded d = decode(b);
    ASSERT_TRUE(d.result.ok()) << d.error();
    const ir::Block* blk = d.kernel()->body->blocks[0];
    const ir::Op* l1 = d.op(0);
    ASSERT_EQ(l1->operands.size(), 3u); // pointers, mask, token (no padding)
    EXPECT_EQ(l1->operands[1], blk->arguments[1]);
    EXPECT_EQ(l1->operands[2], blk->arguments[2]);
    EXPECT_EQ(attr(l1, "memory_ordering_semantics"), "memory_ordering<weak>");
    EXPECT_EQ(l1->attr("memory_scope"), nullptr);
    const ir::Op* l2 = d.op(1);
    EXPECT_EQ(l2->operands.size(), 1u);
    EXPECT_EQ(attr(l2, "memory_ordering_semantics"), "memory_ordering<relaxed>");
    EXPECT_EQ(attr(l2, "memory_scope"), "memory_scope<device>");
    EXPECT_EQ(l2->resultType(1)->canonical(), "token");
}

TEST(BytecodeEncoding, EnumValuesOutOfRangeAreRejected)
{
    BytecodeBuilder b(3);
    uint64_t ti = b.tile(b.num(3), {});
    b.kernel("k", b.func({ti}),
             bytesOf({0x03}) + varint(ti) + bytesOf({0x09, 0x00, 0x00}) + kReturn);
    Decoded d = decode(b);
    EXPECT_FALSE(d.result.ok());
    EXPECT_EQ(d.error(), "invalid value 9 for attribute 'overflow' of addi");
}

TEST(BytecodeEncoding, OversizedDimensionsAreRejected)
{
    BytecodeBuilder b(3);
    uint64_t ti = b.tile(b.num(3), {int64_t(1) << 49});
    b.kernel("k", b.func({ti}), kReturn);
    Decoded d = decode(b);
    EXPECT_FALSE(d.result.ok());
    EXPECT_EQ(d.error(), "the tile shape of type 1 has a dimension 562949953421312 that is too "
                         "large (the limit is 2^48)");
    ASSERT_FALSE(d.diags.empty());
    EXPECT_GT(d.diags[0].place.byteOffset, 0);
}

TEST(BytecodeEncoding, AssumePredicates)
{
    BytecodeBuilder b(3);
    uint64_t ti = b.tile(b.num(3), {});
    std::string body = bytesOf({0x06}) + varint(ti) + bytesOf({0x08}) + varint(16) +
                       bytesOf({0x03}) + svarint(4) + svarint(1) + bytesOf({0x00}) +
                       bytesOf({0x06}) + varint(ti) + bytesOf({0x0C, 0x01}) + svarint(-3) +
                       bytesOf({0x00}) + bytesOf({0x06}) + varint(ti) + bytesOf({0x09}) +
                       leList({1, 4}, 8) + bytesOf({0x00}) + kReturn;
    b.kernel("k", b.func({ti}), body);
    Decoded d = decode(b);
    ASSERT_TRUE(d.result.ok()) << d.error();
    EXPECT_EQ(attr(d.op(0), "predicate"), "div_by<16, every 4 along 1>");
    EXPECT_EQ(attr(d.op(1), "predicate"), "bounded<-3, ?>");
    EXPECT_EQ(attr(d.op(2), "predicate"), "same_elements<[1, 4]>");
}

TEST(BytecodeEncoding, PermutationWithInt32MinIsRejected)
{
    BytecodeBuilder b(1);
    uint64_t ti = b.tile(b.num(3), {2, 2});
    b.kernel("k", b.func({ti}),
             bytesOf({0x53}) + varint(ti) + varint(2) + le(1, 4) + le(0x80000000u, 4) +
                 bytesOf({0x00}) + kReturn);
    Decoded d = decode(b);
    EXPECT_EQ(d.error(), "array contains unsupported value -2147483648");
}

TEST(BytecodeEncoding, EntryOptimizationHints)
{
    auto hints = [](BytecodeBuilder& b, const std::string& key) {
        return varint(11) + varint(1) + varint(b.str("sm_100")) + varint(10) + varint(2) +
               varint(b.str(key)) + varint(1) + varint(b.num(3)) + varint(2) +
               varint(b.str("allow_tma")) + varint(3) + bytesOf({0});
    };
    BytecodeBuilder b(3);
    b.kernel("k", b.func({}), kReturn, 0, hints(b, "num_cta_in_cga"));
    Decoded d = decode(b);
    ASSERT_TRUE(d.result.ok()) << d.error();
    ASSERT_NE(d.kernel()->optimizationHints, nullptr);
    EXPECT_EQ(d.kernel()->optimizationHints->canonical(),
              "optimization_hints<sm_100 = {allow_tma = false, num_cta_in_cga = 2}>");
    EXPECT_EQ(d.kernel()->attr("optimization_hints"), d.kernel()->optimizationHints);

    BytecodeBuilder bad(3);
    bad.kernel("k", bad.func({}), kReturn, 0, hints(bad, ""));
    EXPECT_EQ(decode(bad).error(), "invalid empty attribute name for DictionaryAttr element 0");
}

TEST(BytecodeEncoding, I1ConstantsPackedOrBytewise)
{
    const std::vector<int64_t> expected = {1, 0, 1, 0, 0, 0, 0, 0, 0, 1};
    for (const std::string& raw :
         {bytesOf({0x05, 0x02}), bytesOf({1, 0, 1, 0, 0, 0, 0, 0, 0, 1})}) {
        BytecodeBuilder b(3);
        uint64_t t = b.tile(b.num(0), {10});
        b.kernel("k", b.func({}), bytesOf({0x10}) + varint(t) + varint(b.constant(raw)) + kReturn);
        Decoded d = decode(b);
        ASSERT_TRUE(d.result.ok()) << d.error();
        const ir::Attribute* v = d.op(0)->attr("value");
        ASSERT_EQ(v->intList.size(), 10u);
        EXPECT_EQ(std::vector<int64_t>(v->intList.begin(), v->intList.end()), expected);
    }
    BytecodeBuilder b(3);
    uint64_t t = b.tile(b.num(0), {10});
    b.kernel("k", b.func({}),
             bytesOf({0x10}) + varint(t) + varint(b.constant(bytesOf({0xFF}))) + kReturn);
    Decoded d = decode(b);
    ASSERT_TRUE(d.result.ok()) << d.error();
    EXPECT_EQ(attr(d.op(0), "value"), "<i1: true> : tile<10xi1>");
}

TEST(BytecodeEncoding, PartitionViewLegacyAndFlagsEncodingsAgree)
{
    const std::string expected =
        "partition_view<tile=(128), padding_value = zero, tensor_view<?xf32, strides=[1]>>";
    for (int minor : {1, 3}) {
        BytecodeBuilder b(minor);
        uint64_t tv =
            b.type(varint(14) + varint(b.num(7)) + leList({INT64_MIN}, 8) + leList({1}, 8));
        std::string pv = minor == 3 ? varint(15) + varint(1) + leList({128}, 4) + varint(tv) +
                                          leList({0}, 4) + varint(0)
                                    : varint(15) + leList({128}, 4) + varint(tv) + leList({0}, 4) +
                                          bytesOf({1}) + varint(0);
        b.kernel("k", b.func({b.type(pv)}), kReturn);
        Decoded d = decode(b);
        ASSERT_TRUE(d.result.ok()) << d.error();
        EXPECT_EQ(d.kernel()->argumentTypes[0]->canonical(), expected) << "13." << minor;
        EXPECT_TRUE(d.kernel()->argumentTypes[0]->dimMap.empty()); // identity is not kept
    }
}

TEST(BytecodeEncoding, GlobalsAndProducer)
{
    BytecodeBuilder b(3);
    uint64_t f32 = b.num(7);
    uint64_t t4 = b.tile(f32, {4});
    uint64_t c =
        b.constant(le(0x3F800000, 4) + le(0x40000000, 4) + le(0x40400000, 4) + le(0x40800000, 4));
    b.global(varint(b.str("lut")) + varint(t4) + varint(c) + varint(64) + varint(1) + varint(1));
    b.producer("test 1.0");
    uint64_t tp = b.tile(b.ptr(f32), {});
    b.kernel("k", b.func({}), bytesOf({0x2C}) + varint(tp) + varint(b.str("lut")) + kReturn);
    Decoded d = decode(b);
    ASSERT_TRUE(d.result.ok()) << d.error();
    const ir::Module* m = d.module();
    ASSERT_EQ(m->attributes.size(), 1u);
    EXPECT_EQ(m->attributes[0].name, "producer");
    EXPECT_EQ(m->attributes[0].value->canonical(), "\"test 1.0\"");
    ASSERT_EQ(m->globals.size(), 1u);
    const ir::Op* g = m->globals[0];
    EXPECT_TRUE(g->name.is("global"));
    EXPECT_EQ(attr(g, "sym_name"), "\"lut\"");
    EXPECT_EQ(attr(g, "alignment"), "64 : i64");
    EXPECT_EQ(attr(g, "constant"), "unit");
    EXPECT_EQ(attr(g, "sym_visibility"), "symbol_visibility<private>");
    EXPECT_EQ(attr(g, "value"),
              "<f32: [1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : tile<4xf32>");
    EXPECT_EQ(attr(d.op(0), "name"), "@lut");

    BytecodeBuilder old(1); // 13.1 globals have four fields
    uint64_t t2 = old.tile(old.num(3), {2});
    old.global(varint(old.str("g")) + varint(t2) + varint(old.constant(le(5, 4) + le(5, 4))) +
               varint(0));
    old.kernel("k", old.func({}), kReturn);
    Decoded d1 = decode(old);
    ASSERT_TRUE(d1.result.ok()) << d1.error();
    const ir::Op* g1 = d1.module()->globals[0];
    EXPECT_EQ(g1->attributes.size(), 2u); // sym_name and value; public and alignment 0 are defaults
    EXPECT_EQ(attr(g1, "value"), "<i32: 5> : tile<2xi32>");
}

TEST(BytecodeEncoding, DebugLocations)
{
    BytecodeBuilder b(3);
    uint64_t sFile = b.str("k.py"), sDir = b.str("/src"), sName = b.str("k");
    std::vector<std::string> attrs = {
        varint(2) + varint(sFile) + varint(sDir), // #0 file
        varint(1) + varint(1),                    // #1 compile unit
        varint(5) + varint(1) + varint(3) + varint(sName) + varint(sName) + varint(2) +
            varint(3),                                                 // #2 subprogram
        varint(4) + varint(3) + varint(sFile) + varint(4) + varint(2), // #3 loc 4:2
        varint(4) + varint(3) + varint(sFile) + varint(5) + varint(6), // #4 loc 5:6
        varint(6) + varint(4) + varint(5),                             // #5 callsite(#3 at #4)
    };
    auto debugPayload = [&](const std::vector<uint64_t>& refs) {
        std::string p = varint(1) + bytesOf({char(0xCB), char(0xCB), char(0xCB)}) + le(0, 4) +
                        varint(refs.size());
        while (p.size() % 8)
            p += '\xCB';
        for (uint64_t r : refs)
            p += le(r, 8);
        std::string t = BytecodeBuilder::table(attrs, 4);
        while (p.size() % 4)
            p += '\xCB';
        return p + t;
    };
    std::string body = bytesOf({0x44}) + varint(b.token()) + kReturn;
    b.debug(debugPayload({4, 6, 0}));
    b.kernel("k", b.func({}), body, 1);
    Decoded d = decode(b);
    ASSERT_TRUE(d.result.ok()) << d.error();
    const ir::Location* fl = d.kernel()->loc;
    ASSERT_EQ(fl->kind, ir::LocKind::DebugInfo);
    ASSERT_NE(fl->fileLineCol(), nullptr);
    EXPECT_EQ(fl->fileLineCol()->file, "k.py");
    EXPECT_EQ(fl->fileLineCol()->line, 4);
    EXPECT_EQ(fl->fileLineCol()->column, 2);
    ASSERT_NE(fl->scope, nullptr);
    EXPECT_EQ(fl->scope->category, "di_subprogram");
    EXPECT_EQ(fl->scope->get("linkageName")->text, "k");
    EXPECT_EQ(fl->scope->canonical(),
              "di_subprogram<file = di_file<\"k.py\" in \"/src\">, line = 3, name = \"k\", "
              "linkageName = \"k\", compileUnit = di_compile_unit<file = di_file<\"k.py\" "
              "in \"/src\">>, scopeLine = 3>");
    const ir::Location* call = d.op(0)->loc;
    ASSERT_EQ(call->kind, ir::LocKind::CallSite);
    EXPECT_EQ(call->children[0]->fileLineCol()->line, 4);
    EXPECT_EQ(call->children[1]->fileLineCol()->line, 5);
    EXPECT_EQ(d.op(1)->loc->kind, ir::LocKind::Unknown);

    BytecodeBuilder shortSlot(3); // one reference too few for the two instructions
    shortSlot.str("k.py");
    shortSlot.str("/src");
    shortSlot.str("k");
    shortSlot.debug(debugPayload({4, 6}));
    shortSlot.kernel("k", shortSlot.func({}), bytesOf({0x44}) + varint(shortSlot.token()) + kReturn,
                     1);
    EXPECT_NE(decode(shortSlot).error().find("no entry in the function's debug slot"),
              std::string::npos);

    // Malformed tables and references name the table or the attribute.
    auto errorFor = [&](const std::string& payload) {
        BytecodeBuilder bad(3);
        bad.str("k.py");
        bad.str("/src");
        bad.str("k");
        bad.debug(payload);
        bad.kernel("k", bad.func({}), bytesOf({0x44}) + varint(bad.token()) + kReturn, 1);
        return decode(bad).error();
    };
    EXPECT_NE(errorFor(varint(200)).find("debug slot count is 200"), std::string::npos);
    EXPECT_NE(
        errorFor(varint(1) + bytesOf({char(0xCB), char(0xCB), char(0xCB)}) + le(0, 4) + varint(200))
            .find("debug reference count is 200"),
        std::string::npos);
    EXPECT_NE(errorFor(debugPayload({99, 6, 0})).find("debug attribute 98 is out of range"),
              std::string::npos);
}

TEST(BytecodeEncoding, RegionValuesAreScopedToTheirBlock)
{
    BytecodeBuilder b(3);
    uint64_t ti = b.tile(b.num(3), {}), tb = b.tile(b.num(0), {});
    uint64_t c7 = b.constant(le(7, 4)), c8 = b.constant(le(8, 4));
    std::string thenRegion = varint(1) + varint(0) + varint(2) + bytesOf({0x10}) + varint(ti) +
                             varint(c8) +
                             bytesOf({0x6D, 0x00, 0x01, 0x02}); // %2 = constant 8; yield %2
    std::string elseRegion =
        varint(1) + varint(0) + varint(1) + bytesOf({0x6D, 0x00, 0x01, 0x01}); // yield %1
    std::string emptyElse = varint(1) + varint(0) + varint(1) + bytesOf({0x6D, 0x00, 0x00});
    std::string body =
        bytesOf({0x10}) + varint(ti) + varint(c7)                                              // %1
        + bytesOf({0x32, 0x01}) + varint(ti) + bytesOf({0x00, 0x02}) + thenRegion + elseRegion // %2
        + bytesOf({0x50}) + varint(ti) + bytesOf({0x00, 0x02})      // negi %2
        + bytesOf({0x32, 0x00, 0x00, 0x02}) + emptyElse + emptyElse // if without results
        + kReturn;
    b.kernel("k", b.func({tb}), body);
    Decoded d = decode(b);
    ASSERT_TRUE(d.result.ok()) << d.error();
    const ir::Op* cst = d.op(0);
    const ir::Op* ifOp = d.op(1);
    ASSERT_EQ(ifOp->regions.size(), 2u);
    const ir::Block* thenB = ifOp->regions[0]->blocks[0];
    const ir::Block* elseB = ifOp->regions[1]->blocks[0];
    EXPECT_EQ(thenB->ops[1]->operands[0], thenB->ops[0]->results[0]);
    EXPECT_EQ(elseB->ops[0]->operands[0], cst->results[0]);
    EXPECT_EQ(d.op(2)->operands[0], ifOp->results[0]);
    EXPECT_EQ(thenB->parentRegion->parentOp, ifOp);
    const ir::Op* plainIf = d.op(3);
    EXPECT_EQ(plainIf->regions[0]->blocks.size(), 1u);
    EXPECT_TRUE(plainIf->regions[1]->blocks.empty()); // an else holding only `yield` is dropped

    BytecodeBuilder bad(3);
    uint64_t tb2 = bad.tile(bad.num(0), {});
    bad.kernel("k", bad.func({tb2}), bytesOf({0x32, 0x00, 0x00, 0x01}) + emptyElse + kReturn);
    EXPECT_EQ(decode(bad).error(), "if has 1 regions; expected 2");
}

TEST(BytecodeEncoding, TypesMadeOfTwoCopiesOfTheOneBeforeAreRefusedNotSpelled)
{
    // Type k takes type k-1 twice: forty of them would spell 2^40 bytes of canonical text.
    BytecodeBuilder b(1);
    uint64_t t = b.num(7);
    for (int k = 0; k < 40; ++k)
        t = b.func({t, t});
    b.kernel("k", t, kReturn);
    const Decoded d = decode(b);
    ASSERT_FALSE(d.result.ok());
    EXPECT_NE(d.error().find("larger than 1 MiB"), std::string::npos) << d.error();
}
