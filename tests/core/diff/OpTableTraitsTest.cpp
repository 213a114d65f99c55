// The differ reads what it knows of an op from the op table (ir/OpTable.cpp) and nowhere
// else: on every op of the corpus and the golden files, the flow graph's op carries the id of
// the table's row (the 13.1 print is print_tko), its name is the row's mnemonic, and its
// purity, terminator and commutativity flags are the row's traits; the memory-op test is the
// row's ReadsMemory and WritesMemory.

#include "TestPaths.h"
#include "diff/compare/MemoryOperands.h"
#include "diff/graph/GraphBuilder.h"
#include "ir/OpInfo.h"
#include "ir/Parser.h"

#include <QDir>
#include <gtest/gtest.h>
#include <set>
#include <string>

using namespace tilelens;
using ir::OpId;

namespace {

std::vector<std::string> inputs()
{
    std::vector<std::string> out;
    for (const QString& path : {test::corpusDir() + QStringLiteral("/tilegym-cutile/mlir"),
                                test::testDataDir() + QStringLiteral("/ir/golden")}) {
        const QDir dir(path);
        for (const QString& f : dir.entryList({QStringLiteral("*.mlir")}, QDir::Files, QDir::Name))
            out.push_back(dir.filePath(f).toStdString());
    }
    return out;
}

} // namespace

TEST(OpTableTraits, TheDiffersOpsCarryTheirRowsIdAndTraits)
{
    TILELENS_REQUIRE_CORPUS();
    std::set<OpId> seen;
    size_t ops = 0;
    for (const std::string& path : inputs()) {
        const ir::ParseResult r = ir::parseFile(path);
        ASSERT_TRUE(r.ok()) << path;
        for (const ir::Module* m : r.modules)
            for (const ir::Function* f : m->functions) {
                const diff::GFunction g = diff::buildGraph(*f);
                for (const diff::GOp& o : g.ops) {
                    ++ops;
                    seen.insert(o.id);
                    ASSERT_NE(o.id, OpId::Unknown) << path << ": " << o.name;
                    const ir::OpInfo& row = ir::opInfo(o.id);
                    EXPECT_EQ(o.name, row.mnemonic) << path;
                    EXPECT_EQ(o.pure, row.has(ir::Pure)) << path << ": " << o.name;
                    EXPECT_EQ(o.terminator, row.has(ir::Terminator)) << path << ": " << o.name;
                    if (o.commutative) {
                        EXPECT_TRUE(row.has(ir::Commutative)) << path << ": " << o.name;
                    }
                }
            }
    }
    EXPECT_GT(ops, 14000u);
    EXPECT_EQ(seen.count(OpId::Print), 0u); // one op for the differ: print_tko
    EXPECT_GT(seen.size(), 80u);
}

TEST(OpTableTraits, MemoryOpsAreTheRowsThatReadOrWriteMemory)
{
    size_t memory = 0;
    for (size_t i = 1; i < ir::kOpIdCount; ++i) {
        const ir::OpInfo& row = ir::opInfo(OpId(i));
        const bool accesses = row.has(ir::ReadsMemory) || row.has(ir::WritesMemory);
        EXPECT_EQ(diff::isMemoryOp(row.id), accesses) << row.mnemonic;
        // Only ops that access memory through pointers or views, all of them _tko ops.
        if (accesses) {
            ++memory;
            EXPECT_EQ(row.mnemonic.substr(row.mnemonic.size() - 4), "_tko") << row.mnemonic;
            EXPECT_FALSE(row.has(ir::Pure)) << row.mnemonic;
        }
    }
    EXPECT_EQ(memory, 7u); // load and store (ptr, view), atomic cas, rmw and red_view
}
