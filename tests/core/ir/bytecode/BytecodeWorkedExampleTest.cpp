// The worked example of tile-ir.md §4.13 (negi-op-13.1.tileirbc), decoded
// field by field, and the rejection rules of §4.14 on mutations of it.
#include "BytecodeTestUtil.h"
#include "TestPaths.h"
#include "ir/bytecode/BytecodeReader.h"

#include <gtest/gtest.h>

using namespace tilelens;
using namespace tilelens::test;

namespace {

std::string negiBytes()
{
    return readBytes(testDataDir() + QStringLiteral("/bytecode/negi-op-13.1.tileirbc"));
}

// Decodes `bytes` expecting failure; returns the single diagnostic.
Diagnostic expectError(const std::string& bytes)
{
    Diagnostics diags;
    ir::ParseResult r = ir::readBytecode(bytes, "t.tileirbc", diags);
    EXPECT_FALSE(r.ok());
    EXPECT_TRUE(r.modules.empty());
    EXPECT_EQ(diags.size(), 1u);
    EXPECT_EQ(r.diagnostics.size(), diags.size());
    return diags.empty() ? Diagnostic{} : diags[0];
}

} // namespace

TEST(BytecodeWorkedExample, DecodesEveryField)
{
    std::string bytes = negiBytes();
    ASSERT_EQ(bytes.size(), 126u);
    ASSERT_TRUE(ir::isBytecode(bytes));
    Diagnostics diags;
    ir::BytecodeInfo info;
    ir::ParseResult r = ir::readBytecode(bytes, "negi-op-13.1.tileirbc", diags, &info);
    ASSERT_TRUE(r.ok()) << (diags.empty() ? "" : diags[0].format());
    EXPECT_TRUE(diags.empty());
    // Header: version 13.1 tag 0; sections Func, Constant, Type, String, End.
    EXPECT_EQ(info.version.text(), "13.1.0");
    EXPECT_EQ(info.sectionIds, (std::vector<int>{2, 4, 5, 1, 0}));
    EXPECT_EQ(info.strings, 1u);
    EXPECT_EQ(info.types, 3u);
    EXPECT_EQ(info.constants, 1u);
    EXPECT_EQ(info.instructions, 4u);
    EXPECT_FALSE(info.hasProducer);

    ASSERT_EQ(r.modules.size(), 1u);
    const ir::Module& m = *r.modules[0];
    EXPECT_EQ(m.name, "kernels");
    EXPECT_TRUE(m.globals.empty());
    EXPECT_TRUE(m.attributes.empty());
    ASSERT_EQ(m.functions.size(), 1u);
    const ir::Function& f = *m.functions[0];
    EXPECT_EQ(f.name, "basic"); // string #0
    EXPECT_EQ(f.kind, ir::FunctionKind::Entry);
    EXPECT_TRUE(f.opName.is("entry"));
    EXPECT_TRUE(f.argumentTypes.empty()); // type #0: () -> ()
    EXPECT_TRUE(f.resultTypes.empty());
    EXPECT_EQ(f.optimizationHints, nullptr);
    EXPECT_EQ(f.loc->kind, ir::LocKind::Unknown); // debug slot 0
    EXPECT_EQ(f.range.beginOffset, 0x11);
    EXPECT_EQ(f.range.endOffset, 0x22);

    const ir::Block& b = *f.body->blocks[0];
    ASSERT_EQ(b.ops.size(), 4u);
    const ir::Op& cst = *b.ops[0];
    const ir::Op& n1 = *b.ops[1];
    const ir::Op& n2 = *b.ops[2];
    const ir::Op& ret = *b.ops[3];
    // 0x16: 10 02 00 = constant, result type #2 (tile<2xi32>), constant #0 = i32 [1, 2].
    EXPECT_TRUE(cst.name.is("constant"));
    EXPECT_EQ(cst.range.beginOffset, 0x16);
    EXPECT_EQ(cst.range.endOffset, 0x19);
    ASSERT_EQ(cst.results.size(), 1u);
    EXPECT_EQ(cst.resultType(0)->canonical(), "tile<2xi32>");
    const ir::Attribute* value = cst.attr("value");
    ASSERT_NE(value, nullptr);
    EXPECT_EQ(value->kind, ir::AttrKind::Dense);
    EXPECT_FALSE(value->splat);
    ASSERT_EQ(value->intList.size(), 2u);
    EXPECT_EQ(value->intList[0], 1);
    EXPECT_EQ(value->intList[1], 2);
    EXPECT_EQ(value->canonical(), "<i32: [1, 2]> : tile<2xi32>");
    // 0x19 and 0x1C: 50 02 00 = negi of value #0; no overflow field in 13.1 (default, omitted).
    for (const ir::Op* n : {&n1, &n2}) {
        EXPECT_TRUE(n->name.is("negi"));
        ASSERT_EQ(n->operands.size(), 1u);
        EXPECT_EQ(n->operands[0], cst.results[0]);
        EXPECT_TRUE(n->attributes.empty());
        EXPECT_EQ(n->resultType(0), cst.resultType(0)); // uniqued
    }
    EXPECT_EQ(n1.range.beginOffset, 0x19);
    EXPECT_EQ(n2.range.beginOffset, 0x1C);
    const ir::Region& body = *r.modules[0]->functions[0]->body;
    std::vector<ir::Use> uses = ir::usesOf(*cst.results[0], body);
    ASSERT_EQ(uses.size(), 2u);
    EXPECT_EQ(uses[0].user, &n1);
    EXPECT_EQ(uses[1].user, &n2);
    EXPECT_TRUE(ir::usesOf(*n1.results[0], body).empty());
    // 0x1F: 5C 00 00 = return, no results, no operands.
    EXPECT_TRUE(ret.name.is("return"));
    EXPECT_TRUE(ret.operands.empty());
    EXPECT_TRUE(ret.results.empty());
    EXPECT_EQ(ret.range.beginOffset, 0x1F);
    for (const ir::Op* op : b.ops) {
        EXPECT_EQ(op->parentBlock, &b);
        EXPECT_EQ(op->loc, ir::unknownLocation());
    }
    EXPECT_EQ(m.opCount(), 4u);
}

TEST(BytecodeWorkedExample, RejectsWrongMagic)
{
    std::string bytes = negiBytes();
    bytes[0] = '\x7E';
    EXPECT_FALSE(ir::isBytecode(bytes));
    Diagnostic d = expectError(bytes);
    EXPECT_EQ(d.place.byteOffset, 0);
    EXPECT_NE(d.message.find("magic"), std::string::npos);
    EXPECT_EQ(d.format().rfind("t.tileirbc:@0: error: ", 0), 0u) << d.format();
}

TEST(BytecodeWorkedExample, RejectsUnsupportedVersion)
{
    std::string bytes = negiBytes();
    bytes[8] = 18;
    bytes[9] = 0;
    Diagnostic d = expectError(bytes);
    EXPECT_EQ(d.message,
              "unsupported Tile version 18.0.0, this reader supports versions [13.1 - 13.3]");
    bytes[8] = 13;
    bytes[9] = 4; // 13.4 is documented but not accepted by the reference reader
    EXPECT_NE(expectError(bytes).message.find("13.4.0"), std::string::npos);
}

TEST(BytecodeWorkedExample, RejectsUnknownSectionId)
{
    std::string bytes = negiBytes();
    bytes[0x0C] = char(0xFF); // id 0x7F with the alignment bit
    Diagnostic d = expectError(bytes);
    EXPECT_EQ(d.message, "unknown section ID: 127");
    EXPECT_EQ(d.place.byteOffset, 0x0C);
}

TEST(BytecodeWorkedExample, RejectsDataAfterTheEndMarker)
{
    std::string bytes = negiBytes() + std::string("\x01\x02", 2);
    Diagnostic d = expectError(bytes);
    EXPECT_NE(d.message.find("end section is not the last section"), std::string::npos);
    EXPECT_EQ(d.place.byteOffset, 0x7D);
}

TEST(BytecodeWorkedExample, RejectsSectionLongerThanTheFile)
{
    std::string bytes = negiBytes();
    bytes[0x6C] = 0x7F; // string section length 127
    Diagnostic d = expectError(bytes);
    EXPECT_NE(d.message.find("runs past the end of the file"), std::string::npos);
    EXPECT_EQ(d.place.byteOffset, 0x6B);
}

TEST(BytecodeWorkedExample, RejectsUnalignedStringSection)
{
    std::string bytes = negiBytes();
    bytes[0x6D] = 0x03; // alignment 3: not a power of two
    EXPECT_NE(expectError(bytes).message.find("power of two"), std::string::npos);
    bytes[0x6D] = 0x02; // a power of two, but String needs a multiple of 4
    EXPECT_NE(expectError(bytes).message.find("multiple of 4"), std::string::npos);
}

TEST(BytecodeWorkedExample, RejectsOperandOfAnUndefinedValue)
{
    std::string bytes = negiBytes();
    bytes[0x1B] = 0x05; // first negi uses value #5
    Diagnostic d = expectError(bytes);
    EXPECT_EQ(d.place.byteOffset, 0x1B);
    EXPECT_NE(d.message.find("value #5"), std::string::npos);
}

TEST(BytecodeWorkedExample, RejectsAnOpcodeNewerThanTheFile)
{
    std::string bytes = negiBytes();
    bytes[0x19] = 0x6E; // atan2 (13.2) in a 13.1 file
    Diagnostic d = expectError(bytes);
    EXPECT_EQ(d.place.byteOffset, 0x19);
    EXPECT_NE(d.message.find("atan2"), std::string::npos) << d.message;
    bytes[0x19] = 0x20; // unassigned gap opcode
    EXPECT_NE(expectError(bytes).message.find("unknown opcode 0x20"), std::string::npos);
}

TEST(BytecodeWorkedExample, RejectsBlockWithoutTerminator)
{
    std::string bytes = negiBytes();
    bytes[0x1F] = 0x50; // return -> negi of value #0 (50 00 00 reads as type #0, operand #0)
    bytes[0x20] = 0x02;
    Diagnostic d = expectError(bytes);
    EXPECT_NE(d.message.find("terminator"), std::string::npos) << d.message;
}

TEST(BytecodeWorkedExample, RejectsConstantOfTheWrongSize)
{
    std::string bytes = negiBytes();
    bytes[0x40] = 0x07; // 7 raw bytes for tile<2xi32>
    Diagnostic d = expectError(bytes);
    EXPECT_NE(d.message.find("does not fit 'tile<2xi32>'"), std::string::npos) << d.message;
}

TEST(BytecodeWorkedExample, RejectsATypeNewerThanTheFile)
{
    std::string bytes = negiBytes();
    bytes[0x5F] = 19; // type #1 becomes f4E2M1FN (13.3) in a 13.1 file
    Diagnostic d = expectError(bytes);
    EXPECT_EQ(d.message, "type 'f4E2M1FN' requires bytecode version 13.3+, file version is 13.1");
    EXPECT_EQ(d.place.byteOffset, 0x5F);
}

TEST(BytecodeWorkedExample, RejectsSelfReferentialType)
{
    std::string bytes = negiBytes();
    bytes[0x61] = 0x02; // tile #2 with element type #2
    EXPECT_NE(expectError(bytes).message.find("refers to itself"), std::string::npos);
}

TEST(BytecodeWorkedExample, RejectsNonKernelFunction)
{
    std::string bytes = negiBytes();
    bytes[0x13] = 0x00; // flags: kernel bit clear
    EXPECT_NE(expectError(bytes).message.find("not a kernel"), std::string::npos);
}

TEST(BytecodeWorkedExample, MissingFileIsAnError)
{
    Diagnostics diags;
    ir::ParseResult r = ir::readBytecodeFile(
        (testDataDir() + QStringLiteral("/bytecode/nope.tileirbc")).toStdString(), diags);
    EXPECT_FALSE(r.ok());
    EXPECT_FALSE(diags.empty());
}
