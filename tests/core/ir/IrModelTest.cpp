// The model API other subsystems rely on: value uses, result groups, interned
// op names, canonical spellings, spans, split inputs, CRLF/BOM, large inputs.

#include "IrTestUtil.h"
#include "ir/Equality.h"
#include "ir/Printer.h"

#include <gtest/gtest.h>
#include <string>

using namespace tilelens::ir;
namespace tu = tilelens::ir::testutil;

namespace {
const char* kSmall = "cuda_tile.module @m {\n"
                     "  entry @k(%x: tile<4xf32>) {\n"
                     "    %a = negf %x : tile<4xf32>\n"
                     "    %b = cuda_tile.addf %a, %a : !cuda_tile.tile<4xf32>\n"
                     "    %g:3 = get_tile_block_id : tile<i32>\n"
                     "    %s = addi %g#2, %g#0 : tile<i32>\n"
                     "    return\n"
                     "  }\n"
                     "}\n";
} // namespace

TEST(IrModel, OperandsReferenceValuesAndValuesKnowTheirUses)
{
    ParseResult r = parseModule(kSmall);
    ASSERT_TRUE(r.ok()) << tu::dumpDiagnostics(r);
    const Function* f = r.modules[0]->function("k");
    ASSERT_NE(f, nullptr);
    const Block* b = f->body->entryBlock();
    ASSERT_EQ(b->ops.size(), 5u);
    const Op* neg = b->ops[0];
    const Op* add = b->ops[1];
    EXPECT_EQ(neg->operands[0], b->arguments[0]);
    EXPECT_TRUE(b->arguments[0]->isBlockArgument());
    EXPECT_EQ(add->operands[0], neg->results[0]);
    EXPECT_EQ(add->operands[1], neg->results[0]);
    auto uses = usesOf(*neg->results[0], *f->body);
    ASSERT_EQ(uses.size(), 2u);
    EXPECT_EQ(uses[0].user, add);
    EXPECT_EQ(uses[0].operandIndex, 0u);
    EXPECT_EQ(uses[1].operandIndex, 1u);
    EXPECT_EQ(neg->results[0]->definingOp, neg);
}

// usesOf walks nested regions in order: a use inside a loop body comes between the uses
// before and after the loop.
TEST(IrModel, UsesAreFoundInNestedRegionsInOrder)
{
    ParseResult r = parseModule("cuda_tile.module @m {\n"
                                "  entry @k(%x: tile<i32>) {\n"
                                "    %a = negi %x : tile<i32>\n"
                                "    for %i in (%x to %x, step %x) : tile<i32> {\n"
                                "      %b = addi %a, %i : tile<i32>\n"
                                "    }\n"
                                "    %c = muli %x, %a : tile<i32>\n"
                                "    return\n"
                                "  }\n"
                                "}\n");
    ASSERT_TRUE(r.ok()) << tu::dumpDiagnostics(r);
    const Region& body = *r.modules[0]->functions[0]->body;
    const Op* neg = body.entryBlock()->ops[0];
    const std::vector<Use> uses = usesOf(*neg->results[0], body);
    ASSERT_EQ(uses.size(), 2u);
    EXPECT_TRUE(uses[0].user->name.is("addi"));
    EXPECT_EQ(uses[0].operandIndex, 0u);
    EXPECT_TRUE(uses[1].user->name.is("muli"));
    EXPECT_EQ(uses[1].operandIndex, 1u);
    EXPECT_EQ(usesOf(*body.entryBlock()->arguments[0], body).size(), 5u); // negi, bounds, muli
}

TEST(IrModel, ResultGroupsBindByIndex)
{
    ParseResult r = parseModule(kSmall);
    const Block* b = r.modules[0]->functions[0]->body->entryBlock();
    const Op* ids = b->ops[2];
    const Op* sum = b->ops[3];
    ASSERT_EQ(ids->results.size(), 3u);
    EXPECT_EQ(sum->operands[0], ids->results[2]);
    EXPECT_EQ(sum->operands[1], ids->results[0]);
    EXPECT_EQ(ids->results[1]->type->canonical(), "tile<i32>");
}

TEST(IrModel, OpNamesAreInternedWithTheDialectPrefixNormalized)
{
    ParseResult r = parseModule(kSmall);
    const Block* b = r.modules[0]->functions[0]->body->entryBlock();
    EXPECT_EQ(b->ops[1]->name, OpName::get("addf"));
    EXPECT_EQ(b->ops[1]->name, OpName::get("cuda_tile.addf"));
    EXPECT_EQ(b->ops[1]->name.mnemonic(), "addf");
    EXPECT_EQ(b->ops[1]->name.full(), "cuda_tile.addf");
    EXPECT_TRUE(b->ops[1]->name.isKnown());
    EXPECT_FALSE(OpName::get("test.op").isKnown());
    // Long and short type spellings unique to one type object.
    EXPECT_EQ(b->ops[0]->results[0]->type, b->ops[1]->results[0]->type);
}

TEST(IrModel, SpansAreExactAndOneBased)
{
    ParseResult r = parseModule(kSmall);
    const Op* neg = r.modules[0]->functions[0]->body->entryBlock()->ops[0];
    EXPECT_EQ(neg->range.beginLine, 3);
    EXPECT_EQ(neg->range.beginColumn, 5);
    EXPECT_EQ(neg->range.endLine, 3);
    EXPECT_EQ(neg->range.endColumn, 31); // just after `tile<4xf32>`
    const std::string text = kSmall;
    EXPECT_EQ(text.substr(size_t(neg->range.beginOffset),
                          size_t(neg->range.endOffset - neg->range.beginOffset)),
              "%a = negf %x : tile<4xf32>");
}

TEST(IrModel, CanonicalSpellingsAreOnePerMeaning)
{
    const char* a = "cuda_tile.module @m {\n entry @k() {\n"
                    "  %0 = constant <f32: [1.0, 1.0]> : tile<2xf32>\n"
                    "  %1 = constant <i8: 255> : tile<i8>\n"
                    "  %2 = constant <f32: 0x3FC00000> : tile<f32>\n"
                    "  return\n }\n}\n";
    const char* b = "module {\ncuda_tile.module @m {\n entry @k() {\n"
                    "  %c = cuda_tile.constant <f32 : 1.000000e+00> : !cuda_tile.tile<2xf32>\n"
                    "  %d = constant <i8: -1> : tile<i8>\n"
                    "  %e = constant <f32: 1.5> : tile<f32>\n"
                    "  cuda_tile.return\n }\n}\n}\n";
    ParseResult ra = parseModule(a), rb = parseModule(b);
    ASSERT_TRUE(ra.ok() && rb.ok()) << tu::dumpDiagnostics(ra) << tu::dumpDiagnostics(rb);
    std::string why;
    EXPECT_TRUE(equals(*ra.modules[0], *rb.modules[0], &why)) << why;
    const Op* c = ra.modules[0]->functions[0]->body->entryBlock()->ops[2];
    EXPECT_EQ(c->attr("value")->canonical(), "<f32: 1.500000e+00> : tile<f32>");
    EXPECT_EQ(c->attr("value")->intList[0], 0x3FC00000);
}

TEST(IrModel, SplitInputsKeepFileLineNumbers)
{
    const std::string text =
        "cuda_tile.module @a {\n}\n// -----\n\ncuda_tile.module @b {\n  entry @k() {\n"
        "    %0 = negf %nope : tile<f32>\n  }\n}\n";
    auto chunks = parseSplitInput(text);
    ASSERT_EQ(chunks.size(), 2u);
    EXPECT_TRUE(chunks[0].ok());
    EXPECT_EQ(chunks[1].firstLine, 4);
    ASSERT_FALSE(chunks[1].ok());
    EXPECT_EQ(chunks[1].diagnostics[0].place.line, 7);
    EXPECT_EQ(chunks[1].diagnostics[0].place.column, 15);
    EXPECT_EQ(chunks[1].modules[0]->name, "b");
}

TEST(IrModel, CrlfAndBomAreAccepted)
{
    std::string crlf;
    for (char c : std::string(kSmall)) {
        if (c == '\n')
            crlf += '\r';
        crlf += c;
    }
    ParseResult a = parseModule("\xEF\xBB\xBF" + crlf);
    ASSERT_TRUE(a.ok()) << tu::dumpDiagnostics(a);
    ParseResult b = parseModule(kSmall);
    EXPECT_TRUE(equals(*a.modules[0], *b.modules[0]));
    EXPECT_EQ(a.modules[0]->functions[0]->body->entryBlock()->ops[0]->range.endColumn, 31);
}

TEST(IrModel, UnknownOpsAndAttributesAreKeptWithAWarning)
{
    const char* text = "cuda_tile.module @m {\n entry @k(%x: tile<f32>) {\n"
                       "  %0 = \"future.op\"(%x) {level = #future.level<3>} : "
                       "(!cuda_tile.tile<f32>) -> !cuda_tile.tile<f32>\n"
                       "  %1 = frobnicate %0 wibble : tile<f32>\n"
                       "  return\n }\n}\n";
    ParseResult r = parseModule(text);
    EXPECT_TRUE(r.ok()) << tu::dumpDiagnostics(r);
    EXPECT_EQ(r.syntax, Syntax::Mixed);
    const Block* b = r.modules[0]->functions[0]->body->entryBlock();
    EXPECT_EQ(b->ops[0]->name.full(), "future.op");
    EXPECT_EQ(b->ops[0]->attr("level")->kind, AttrKind::Opaque);
    EXPECT_EQ(b->ops[0]->attr("level")->canonical(), "#future.level<3>");
    EXPECT_EQ(b->ops[1]->operands[0], b->ops[0]->results[0]);
    size_t warnings = 0;
    for (const auto& d : r.diagnostics)
        warnings += d.severity == tilelens::Severity::Warning ? 1 : 0;
    EXPECT_GE(warnings, 3u);
}

TEST(IrModel, HundredMegabyteModuleParses)
{
    // Replicate a kernel under new names until the text passes 100 MB.
    const std::string kernel =
        "  entry @k%(%p: tile<ptr<f32>>, %n: tile<i32>) {\n"
        "    %tv = make_tensor_view %p, shape = [%n], strides = [1] : tile<i32> -> "
        "tensor_view<?xf32, strides=[1]>\n"
        "    %pv = make_partition_view %tv : partition_view<tile=(128), tensor_view<?xf32, "
        "strides=[1]>>\n"
        "    %bx, %by, %bz = get_tile_block_id : tile<i32>\n"
        "    %x, %t = load_view_tko weak %pv[%bx] : partition_view<tile=(128), tensor_view<?xf32, "
        "strides=[1]>>, tile<i32> -> tile<128xf32>, token\n"
        "    %y = mulf %x, %x rounding<zero> : tile<128xf32>\n"
        "    %t2 = store_view_tko weak %y, %pv[%bx] token = %t : tile<128xf32>, "
        "partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token\n"
        "    return\n  }\n";
    std::string text = "cuda_tile.module @big {\n";
    size_t n = 0;
    while (text.size() < 100u * 1000 * 1000) {
        std::string k = kernel;
        k.replace(k.find('%'), 1, std::to_string(n++));
        text += k;
    }
    text += "}\n";
    ParseResult r = parseModule(text);
    ASSERT_TRUE(r.ok()) << tu::dumpDiagnostics(r);
    EXPECT_EQ(r.modules[0]->functions.size(), n);
    EXPECT_EQ(r.opCount(), n * 7);
    // Memory stays proportional to the input (issue bound: 8x).
    EXPECT_LT(r.arena->bytesAllocated(), 8 * text.size());
}

TEST(IrModel, ALargeInputStartsInAnArenaBlockOfWholeHugePages)
{
    // The parser reserves 4 model bytes per input byte up front (the ratio of
    // the benchmark pair; these short lines take more), so the model of a large
    // file starts in a block of whole huge pages (Arena::reserveHint) instead
    // of the 64 KiB .. 1 MiB start of the geometric series.
    std::string text = "cuda_tile.module @m {\n  entry @k(%x: tile<i32>) {\n";
    for (int i = 0; i < 20000; ++i)
        text += "    %v" + std::to_string(i) + "_r = addi %x, %x : tile<i32>\n";
    text += "    return\n  }\n}\n";
    ParseResult r = parseModule(text);
    ASSERT_TRUE(r.ok()) << tu::dumpDiagnostics(r);
    ASSERT_EQ(r.modules[0]->function("k")->body->blocks[0]->ops.size(), 20001u);
    const size_t hugePage = size_t(2) << 20;
    const size_t hinted = (text.size() * 4 + hugePage - 1) / hugePage * hugePage;
    EXPECT_GE(r.arena->bytesAllocated(), hinted);
    EXPECT_EQ(r.arena->bytesAllocated() % hugePage, 0u) << r.arena->bytesAllocated();
}

// ParseOptions::onFunction announces an entry as soon as it is parsed, in order, when its
// model is final: not one that uses a location alias defined only later (resolved at the
// end), and nothing after an error.
TEST(IrModel, OnFunctionAnnouncesFinalEntriesAsTheyAreParsed)
{
    const std::string text = "cuda_tile.module @m {\n"
                             "  entry @a(%x: tile<4xf32>) {\n"
                             "    %y = negf %x : tile<4xf32>\n"
                             "  }\n"
                             "  entry @b(%x: tile<4xf32>) {\n"
                             "    %y = negf %x : tile<4xf32> loc(#later)\n"
                             "  }\n"
                             "  entry @c(%x: tile<4xf32>) {\n"
                             "    return\n"
                             "  }\n"
                             "}\n"
                             "#later = loc(\"k.py\":3:1)\n";
    std::vector<std::string> announced;
    std::vector<size_t> opsWhenAnnounced;
    ParseOptions options;
    options.onFunction = [&](const Function& f) {
        announced.emplace_back(f.name);
        opsWhenAnnounced.push_back(f.opCount());
    };
    ParseResult r = parseModule(text, options);
    ASSERT_TRUE(r.ok()) << tu::dumpDiagnostics(r);
    EXPECT_EQ(announced, (std::vector<std::string>{"a", "c"}));
    EXPECT_EQ(opsWhenAnnounced, (std::vector<size_t>{2, 1})); // the implicit return included
    const Location* l = r.modules[0]->function("b")->body->entryBlock()->ops[0]->loc->fileLineCol();
    ASSERT_NE(l, nullptr);
    EXPECT_EQ(l->line, 3);

    announced.clear();
    const std::string broken = "cuda_tile.module @m {\n"
                               "  entry @a(%x: tile<4xf32>) {\n"
                               "    %y = negf %undefined : tile<4xf32>\n"
                               "  }\n"
                               "  entry @c(%x: tile<4xf32>) {\n"
                               "    return\n"
                               "  }\n"
                               "}\n";
    EXPECT_FALSE(parseModule(broken, options).ok());
    EXPECT_TRUE(announced.empty());
}

// Issue 28 (cold parse): an op is one cache line; its four arrays live in one arena block
// behind one pointer, with 16-bit counts, and still read like Spans.
TEST(IrModel, OpIsOneCacheLineAndItsArraysReadLikeSpans)
{
    static_assert(sizeof(void*) != 8 || sizeof(Op) <= 64, "ir::Op grew past 64 bytes");
    ParseResult r = parseModule(kSmall);
    ASSERT_TRUE(r.ok()) << tu::dumpDiagnostics(r);
    const Block* b = r.modules[0]->function("k")->body->entryBlock();
    const Op* get = b->ops[2];
    ASSERT_EQ(get->results.size(), 3u);
    const Span<const Value* const> results = get->results; // converts like a Span
    EXPECT_EQ(results.size(), 3u);
    EXPECT_EQ(results[2], get->results.back());
    EXPECT_EQ(get->results.end() - get->results.begin(), 3);
    EXPECT_TRUE(get->operands.empty());
    EXPECT_TRUE(get->regions.empty());
    const Op* add = b->ops[3];
    EXPECT_EQ(add->operands.front(), get->results[2]);
    EXPECT_EQ(add->operands.back(), get->results[0]);
    const Op* ret = b->ops[4];
    EXPECT_TRUE(ret->results.empty() && ret->operands.empty() && ret->attributes.empty());
    Op blank; // an op made without arrays has empty ones
    EXPECT_TRUE(blank.results.empty() && blank.operands.empty() && blank.attributes.empty() &&
                blank.regions.empty() && blank.writtenOperandTypes().empty());
}

// The counts are 16 bits: an op with more operands is a located error, not a wrapped count.
TEST(IrModel, AnOpWithMoreThan65535OperandsIsAnError)
{
    const size_t n = Op::kMaxArray + 1;
    std::string text = "cuda_tile.module @m {\n  entry @k(%x: tile<i32>) {\n    \"test.op\"(";
    std::string types;
    for (size_t i = 0; i < n; ++i) {
        text += i ? ", %x" : "%x";
        types += i ? ", tile<i32>" : "tile<i32>";
    }
    text += ") : (" + types + ") -> ()\n    return\n  }\n}\n";
    ParseResult r = parseModule(text);
    EXPECT_FALSE(r.ok());
    const std::string d = tu::dumpDiagnostics(r);
    EXPECT_NE(d.find("more than 65535 operands"), std::string::npos) << d;
    EXPECT_NE(d.find("3:"), std::string::npos) << d; // on the op's line
}

// A value's name is 8 bytes (address and length in one word); a name of 64 KiB or more is
// stored after its length and still reads back whole.
TEST(IrModel, ValueNamesReadBackShortAndLong)
{
    static_assert(sizeof(void*) != 8 || sizeof(Value) <= 24, "ir::Value grew past 24 bytes");
    Arena arena;
    EXPECT_TRUE(ValueName().empty());
    EXPECT_EQ(ValueName().view(), "");
    EXPECT_EQ(ValueName::copy(arena, "cst_1").view(), "cst_1");
    EXPECT_EQ(ValueName::copy(arena, "").size(), 0u);
    for (size_t n : {size_t(6), size_t(7), size_t(0x7FFE), size_t(0x7FFF), size_t(0xFFFE),
                     size_t(0xFFFF), size_t(0x12345)}) {
        const std::string name(n, 'v');
        const ValueName copied = ValueName::copy(arena, name + "w");
        EXPECT_EQ(copied.size(), n + 1);
        EXPECT_EQ(std::string(copied), name + "w");
    }
    ParseResult r = parseModule(kSmall);
    ASSERT_TRUE(r.ok()) << tu::dumpDiagnostics(r);
    const Block* b = r.modules[0]->function("k")->body->entryBlock();
    EXPECT_EQ(b->arguments[0]->sourceName.view(), "x");
    EXPECT_EQ(b->ops[2]->results[0]->sourceName.view(), "g");
}

// A value's owner and index share one word (Value is 24 bytes): a result knows its op and
// number, a block argument its block and number, and writing one part keeps the others.
TEST(IrModel, ValuesKnowTheirOwnerAndIndexInOneWord)
{
    static_assert(sizeof(void*) != 8 || sizeof(Value) == 24, "ir::Value is 24 bytes");
    ParseResult r = parseModule(kSmall);
    ASSERT_TRUE(r.ok()) << tu::dumpDiagnostics(r);
    const Block* b = r.modules[0]->function("k")->body->entryBlock();
    const Value* x = b->arguments[0];
    EXPECT_TRUE(x->isBlockArgument());
    EXPECT_EQ(x->ownerBlock, b);
    EXPECT_EQ(x->definingOp, nullptr);
    EXPECT_EQ(x->index, 0u);
    const Op* group = b->ops[2]; // %g:3
    for (uint32_t i = 0; i < 3; ++i) {
        const Value* g = group->results[i];
        EXPECT_FALSE(g->isBlockArgument());
        EXPECT_EQ(g->definingOp, group);
        EXPECT_EQ(g->definingOp->id(), group->id()); // through operator->
        EXPECT_EQ(g->ownerBlock, nullptr);
        EXPECT_EQ(g->index, i);
    }

    Value v;
    EXPECT_TRUE(v.isBlockArgument()); // no owner yet, as before
    EXPECT_EQ(v.ownerBlock, nullptr);
    Op op;
    v.index = Value::kMaxIndex;
    v.definingOp = &op;
    EXPECT_EQ(v.definingOp, &op);
    EXPECT_EQ(v.index, Value::kMaxIndex);
    Block block;
    v.ownerBlock = &block;
    EXPECT_EQ(v.ownerBlock, &block);
    EXPECT_EQ(v.definingOp, nullptr);
    EXPECT_EQ(v.index, Value::kMaxIndex);
    v.index = 7;
    EXPECT_EQ(v.ownerBlock, &block);
    EXPECT_EQ(v.index, 7u);
}

// A block's arguments are numbered in 16 bits: more of them is a located error, not a
// wrapped index.
TEST(IrModel, ABlockWithMoreThan65535ArgumentsIsAnError)
{
    std::string text = "cuda_tile.module @m {\n  entry @k(";
    for (size_t i = 0; i <= Block::kMaxArguments; ++i)
        text += (i ? ", %a" : "%a") + std::to_string(i) + ": tile<i32>";
    text += ") {\n    return\n  }\n}\n";
    ParseResult r = parseModule(text);
    EXPECT_FALSE(r.ok());
    const std::string d = tu::dumpDiagnostics(r);
    EXPECT_NE(d.find("65536 arguments; at most 65535"), std::string::npos) << d;
    EXPECT_NE(d.find("2:"), std::string::npos) << d; // where the body opens
}

// Argument locations are kept per block (not in each Value): a function's and a labelled
// block's, one per argument, null where none is written; none written, none kept.
TEST(IrModel, BlockArgumentLocationsAreKeptInTheBlock)
{
    ParseResult r = parseModule("cuda_tile.module @m {\n"
                                "  entry @k(%x: tile<i32> loc(\"k.py\":3:4), %y: tile<i32>) {\n"
                                "    return\n"
                                "  }\n"
                                "  entry @plain(%x: tile<i32>) {\n"
                                "    return\n"
                                "  }\n"
                                "}\n");
    ASSERT_TRUE(r.ok()) << tu::dumpDiagnostics(r);
    const Block* b = r.modules[0]->function("k")->body->entryBlock();
    ASSERT_EQ(b->argumentLocs.size(), 2u);
    ASSERT_NE(b->argumentLocs[0], nullptr);
    EXPECT_EQ(b->argumentLocs[0]->canonical(), "\"k.py\":3:4");
    EXPECT_EQ(b->argumentLocs[1], nullptr);
    EXPECT_TRUE(r.modules[0]->function("plain")->body->entryBlock()->argumentLocs.empty());

    ParseResult g = parseModule(
        "\"cuda_tile.module\"() ({\n"
        "  \"cuda_tile.entry\"() ({\n"
        "  ^bb0(%a: !cuda_tile.tile<4xf32> loc(\"g.py\":7:1), %b: !cuda_tile.tile<4xf32>):\n"
        "    \"cuda_tile.return\"() : () -> ()\n"
        "  }) {function_type = (!cuda_tile.tile<4xf32>, !cuda_tile.tile<4xf32>) -> (), "
        "sym_name = \"k\"} : () -> ()\n"
        "}) {sym_name = \"m\"} : () -> ()\n");
    ASSERT_TRUE(g.ok()) << tu::dumpDiagnostics(g);
    const Block* labelled = g.modules[0]->function("k")->body->entryBlock();
    ASSERT_EQ(labelled->arguments.size(), 2u);
    ASSERT_EQ(labelled->argumentLocs.size(), 2u);
    ASSERT_NE(labelled->argumentLocs[0], nullptr);
    EXPECT_EQ(labelled->argumentLocs[0]->canonical(), "\"g.py\":7:1");
    EXPECT_EQ(labelled->argumentLocs[1], nullptr);
}

// The written operand types and the implicit-terminator flag share one word of the op (its
// array header is 8 bytes): writing one keeps the other.
TEST(IrModel, WrittenTypesAndTheImplicitTerminatorFlagShareAWord)
{
    static_assert(sizeof(detail::OpArrays) == 8, "the op's array header is 8 bytes");
    Arena arena;
    const Type* types[2] = {nullptr, nullptr};
    const Span<const Type* const> list = arena.copy(types, 2);
    Op op;
    op.makeArrays(arena, 0, 2, 0, 0);
    op.implicitTerminator = true;
    op.setWrittenOperandTypes(list);
    EXPECT_TRUE(op.implicitTerminator);
    EXPECT_EQ(op.writtenOperandTypes().data(), list.data());
    EXPECT_EQ(op.writtenOperandTypes().size(), 2u);
    op.implicitTerminator = false;
    EXPECT_FALSE(op.implicitTerminator);
    EXPECT_EQ(op.writtenOperandTypes().size(), 2u);
    op.setWrittenOperandTypes({});
    EXPECT_TRUE(op.writtenOperandTypes().empty());
}

// Names of up to 6 characters (most: `%44`, `%cst_1`) are held in the name's own word and take
// no arena bytes; a copy of the name holds them too.
TEST(IrModel, ShortValueNamesTakeNoArenaBytes)
{
    Arena arena;
    arena.allocate(8, 8);
    const size_t before = arena.bytesUsed();
    const ValueName shortName = ValueName::copy(arena, "cst_12");
    EXPECT_EQ(arena.bytesUsed(), before);
    EXPECT_TRUE(shortName.held());
    const ValueName copied = shortName;
    EXPECT_EQ(copied.view(), "cst_12");
    EXPECT_EQ(ValueName::copy(arena, "0").view(), "0");
    const ValueName longer = ValueName::copy(arena, "cst_123");
    EXPECT_FALSE(longer.held());
    EXPECT_EQ(longer.view(), "cst_123");
    EXPECT_EQ(arena.bytesUsed(), before + 7);
}
