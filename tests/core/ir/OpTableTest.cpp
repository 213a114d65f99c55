// The op table (ir/OpList.def, its rows made OpInfo by ir/OpTable.cpp): one row per op, found
// by id and by mnemonic, carried by every interned name, and the rows of its consumers
// (bytecode layouts, verifier signatures) derived from it.

#include "ir/OpInfo.h"
#include "ir/OpName.h"
#include "ir/VerifierChecks.h"
#include "ir/bytecode/OpLayouts.h"

#include <gtest/gtest.h>
#include <set>
#include <string>

using namespace tilelens::ir;

TEST(OpTable, EveryIdHasItsRowAndIsFoundByItsMnemonic)
{
    std::set<std::string_view> mnemonics;
    for (size_t i = 1; i < kOpIdCount; ++i) {
        const OpInfo& row = opInfo(OpId(i));
        EXPECT_EQ(row.id, OpId(i));
        EXPECT_FALSE(row.mnemonic.empty());
        EXPECT_TRUE(mnemonics.insert(row.mnemonic).second) << row.mnemonic;
        EXPECT_EQ(opIdOf(row.mnemonic), OpId(i)) << row.mnemonic;
        EXPECT_EQ(opMnemonic(OpId(i)), row.mnemonic);
    }
    EXPECT_EQ(mnemonics.size(), 102u); // the 100 public ops, `print` and `testing$func`
    EXPECT_EQ(opIdOf("cuda_tile.addf"), OpId::Unknown); // mnemonics only
    EXPECT_EQ(opIdOf("nosuchop"), OpId::Unknown);
    EXPECT_EQ(opInfo(OpId::Unknown).mnemonic, "");
    EXPECT_FALSE(opInfo(OpId::Unknown).inBody);
}

TEST(OpTable, InternedNamesCarryTheIdOfTheirDialectOpOnly)
{
    EXPECT_EQ(OpName::get("addf").id(), OpId::AddF);
    EXPECT_EQ(OpName::get("cuda_tile.addf").id(), OpId::AddF);
    EXPECT_EQ(OpName::get("print").id(), OpId::Print); // the 13.1 alias keeps its own id
    EXPECT_EQ(OpName::get("print_tko").id(), OpId::PrintTko);
    EXPECT_EQ(OpName::get("testing$func").id(), OpId::TestingFunc);
    EXPECT_EQ(OpName::get("test.addf").id(), OpId::Unknown); // another dialect's addf
    EXPECT_FALSE(OpName::get("test.addf").isKnown());
    EXPECT_EQ(OpName::get("cuda_tile.nosuchop").id(), OpId::Unknown);
    EXPECT_FALSE(OpName::get("cuda_tile.nosuchop").isKnown());
    EXPECT_EQ(OpName::get("builtin.module").id(), OpId::Unknown);
    EXPECT_TRUE(OpName::get("builtin.module").isKnown());
    EXPECT_EQ(OpName().id(), OpId::Unknown);
}

TEST(OpTable, BytecodeLayoutsAreTheRowsWithAnOpcode)
{
    std::set<int> opcodes;
    size_t withOpcode = 0;
    for (size_t i = 1; i < kOpIdCount; ++i) {
        const OpInfo& row = opInfo(OpId(i));
        if (row.opcode < 0) {
            EXPECT_TRUE(row.bytecode.empty()) << row.mnemonic;
            continue;
        }
        ++withOpcode;
        EXPECT_TRUE(opcodes.insert(row.opcode).second) << row.mnemonic;
        const bytecode::OpLayout* layout = bytecode::opLayout(uint64_t(row.opcode));
        ASSERT_NE(layout, nullptr) << row.mnemonic;
        EXPECT_EQ(layout->mnemonic, std::string(row.mnemonic));
        EXPECT_EQ(layout->name.id(), row.id);
        EXPECT_EQ(layout->sinceMinor, row.sinceMinor);
        EXPECT_LE(uint32_t(row.opcode), bytecode::maxOpcode(row.sinceMinor)) << row.mnemonic;
    }
    EXPECT_EQ(withOpcode, 97u); // tile-ir.md §4.9: every op but module, entry, global, print
}

TEST(OpTable, EveryOpOfABodyHasASignatureAndTheModuleLevelOpsNone)
{
    for (size_t i = 1; i < kOpIdCount; ++i) {
        const OpInfo& row = opInfo(OpId(i));
        const bool moduleLevel = row.id == OpId::Module || row.id == OpId::Entry ||
                                 row.id == OpId::Global || row.id == OpId::TestingFunc;
        EXPECT_EQ(row.inBody, !moduleLevel) << row.mnemonic;
        if (!row.inBody) {
            EXPECT_EQ(verify::opSignature(row.id), nullptr) << row.mnemonic;
            continue;
        }
        EXPECT_EQ(verify::opSignature(row.id), &row.signature) << row.mnemonic; // the verifier's
        const verify::OpSignature& s = row.signature;
        EXPECT_LE(s.minOperands, s.maxOperands) << row.mnemonic;
        EXPECT_LE(s.minResults, s.maxResults) << row.mnemonic;
        EXPECT_LE(s.minRegions, s.maxRegions) << row.mnemonic;
    }
}
