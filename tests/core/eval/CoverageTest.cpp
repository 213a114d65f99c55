// Op coverage: every op that the corpus kernels use (cuTile Python references
// and cuTile Rust real ports) is one the interpreter runs. The printed list is
// the measured coverage.

#include "TestPaths.h"
#include "eval/Interpreter.h"
#include "ir/Block.h"
#include "ir/Module.h"
#include "ir/OpInfo.h"
#include "ir/Parser.h"
#include "ir/Region.h"

#include <QDir>
#include <algorithm>
#include <gtest/gtest.h>
#include <map>

using namespace tilelens;

namespace {

void collect(const ir::Block& b, std::map<std::string, int>& ops)
{
    for (const ir::Op* op : b.ops) {
        ++ops[std::string(op->name.mnemonic())];
        for (const ir::Region* r : op->regions)
            for (const ir::Block* nb : r->blocks)
                collect(*nb, ops);
    }
}

} // namespace

TEST(EvalCoverage, EveryCorpusOpIsSupported)
{
    TILELENS_REQUIRE_CORPUS();
    std::map<std::string, int> ops;
    int files = 0;
    for (const char* sub : {"/tilegym-cutile/mlir", "/real-ports"}) {
        const QDir dir(test::corpusDir() + QString::fromLatin1(sub));
        for (const QString& f : dir.entryList({QStringLiteral("*.mlir")}, QDir::Files)) {
            const ir::ParseResult r = ir::parseFile(dir.filePath(f).toStdString());
            ASSERT_TRUE(r.ok()) << f.toStdString();
            ++files;
            for (const ir::Module* m : r.modules)
                for (const ir::Function* fn : m->functions)
                    collect(*fn->body->entryBlock(), ops);
        }
    }
    EXPECT_GE(files, 104); // 98 references + 6 real ports
    const std::vector<std::string> supported = eval::supportedOps();
    std::string list;
    for (const auto& [name, count] : ops) {
        list += " " + name + "(" + std::to_string(count) + ")";
        EXPECT_TRUE(std::binary_search(supported.begin(), supported.end(), name))
            << "corpus op '" << name << "' is not supported by the interpreter";
    }
    std::cout << "corpus ops (" << ops.size() << ", all supported):" << list << "\n";
    EXPECT_GE(ops.size(), 50u);
}

// The interpreter's handlers are indexed by the op table's ids: every op it runs is an op of
// the table that stands in a body, under the row's mnemonic.
TEST(EvalCoverage, EverySupportedOpIsARowOfTheOpTable)
{
    const std::vector<std::string> supported = eval::supportedOps();
    EXPECT_GE(supported.size(), 80u);
    for (const std::string& name : supported) {
        const ir::OpId id = ir::opIdOf(name);
        ASSERT_NE(id, ir::OpId::Unknown) << name;
        EXPECT_TRUE(ir::opInfo(id).inBody) << name;
        EXPECT_EQ(ir::opMnemonic(id), name);
    }
}
