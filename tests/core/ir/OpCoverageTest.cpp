// Op knowledge is declared once (ir/OpList.def), so every row must reach every consumer of
// the table on real input: each op of the table is read from text and printed back (custom and
// generic form) to an equal model; each op with an opcode that a bytecode input has is read
// from bytecode and printed as text that parses back to an equal model; and the printer writes
// every op of the producers' output in its custom form (the format of its row), never by
// falling back to generic form. A new op needs its row and a line in tests/data/ir/golden/
// (HACKING.md, "an op"); without the line, EveryOpOfTheTableIsCoveredByTextAndBytecodeInputs
// names it.

#include "IrTestUtil.h"
#include "TestPaths.h"
#include "bytecode/BytecodeTestUtil.h"
#include "ir/Equality.h"
#include "ir/OpInfo.h"
#include "ir/Printer.h"
#include "ir/bytecode/BytecodeReader.h"

#include <QDir>
#include <gtest/gtest.h>
#include <set>
#include <string>
#include <vector>

using namespace tilelens::ir;
namespace tu = tilelens::ir::testutil;

namespace {

using OpIds = std::set<OpId>;

void collectIds(const Region* r, OpIds& out)
{
    if (!r)
        return;
    for (const Block* b : r->blocks)
        for (const Op* op : b->ops) {
            out.insert(op->id());
            for (const Region* sub : op->regions)
                collectIds(sub, out);
        }
}

OpIds opIds(const Module& m)
{
    OpIds out = {OpId::Module};
    for (const Op* g : m.globals)
        out.insert(g->id());
    for (const Op* o : m.otherItems)
        out.insert(o->id());
    for (const Function* f : m.functions) {
        out.insert(f->opName.id());
        collectIds(f->body, out);
    }
    return out;
}

std::vector<std::string> files(const QString& dir, const QString& pattern)
{
    QDir d(dir);
    std::vector<std::string> out;
    for (const QString& f : d.entryList({pattern}, QDir::Files, QDir::Name))
        out.push_back(d.filePath(f).toStdString());
    return out;
}

struct TextInput
{
    std::string path;
    // Written by a producer (cuTile's dumps, the project's golden files): every op has what
    // its custom form needs. The dialect's own tests also write ops without results whose
    // custom form names the result type (make_tensor_view, make_partition_view), which can
    // only print generically.
    bool producerOutput = true;
};

// The text inputs: the corpus (tilegym dumps, the real ports, the dialect's valid test files)
// and the project's own golden and bytecode-twin files.
std::vector<TextInput> textInputs()
{
    namespace t = tilelens::test;
    std::vector<TextInput> out;
    for (const QString& dir : {t::corpusDir() + QStringLiteral("/tilegym-cutile/mlir"),
                               t::corpusDir() + QStringLiteral("/real-ports"),
                               t::testDataDir() + QStringLiteral("/ir/golden"),
                               t::testDataDir() + QStringLiteral("/bytecode")})
        for (const std::string& f : files(dir, QStringLiteral("*.mlir")))
            out.push_back({f, true});
    for (const std::string& f :
         files(t::corpusDir() + QStringLiteral("/cuda-tile-dialect"), QStringLiteral("*.mlir")))
        if (f.find("invalid") == std::string::npos)
            out.push_back({f, false});
    return out;
}

std::vector<std::string> bytecodeInputs()
{
    namespace t = tilelens::test;
    std::vector<std::string> out;
    for (const QString& dir : {t::corpusDir() + QStringLiteral("/tilegym-cutile/bytecode"),
                               t::corpusDir() + QStringLiteral("/real-ports"),
                               t::testDataDir() + QStringLiteral("/bytecode")})
        for (const std::string& f : files(dir, QStringLiteral("*.tileirbc")))
            out.push_back(f);
    return out;
}

// Prints `m` in both styles and parses each back; "" when both give an equal model.
std::string roundTrip(const Module& m)
{
    for (PrintStyle style : {PrintStyle::Custom, PrintStyle::Generic}) {
        const std::string text = printModule(m, style);
        ParseResult again = parseModule(text);
        const char* styleName = style == PrintStyle::Custom ? "custom" : "generic";
        if (!again.ok() || again.modules.size() != 1)
            return std::string(styleName) +
                   " form does not parse back: " + tu::dumpDiagnostics(again);
        std::string why;
        if (!equals(m, *again.modules[0], &why))
            return std::string(styleName) + " form parses back different: " + why;
    }
    return {};
}

// The ops of the custom print of `m` that were written in generic form ("cuda_tile.x"(...)).
std::set<std::string> printedGenerically(const Module& m)
{
    const std::string text = printModule(m, PrintStyle::Custom);
    std::set<std::string> out;
    for (size_t at = text.find("\"cuda_tile."); at != std::string::npos;
         at = text.find("\"cuda_tile.", at + 1))
        out.insert(text.substr(at + 11, text.find('"', at + 1) - at - 11));
    return out;
}

std::string names(const OpIds& ids)
{
    std::string out;
    for (OpId id : ids)
        out += (out.empty() ? "" : " ") + std::string(opMnemonic(id));
    return out;
}

struct Coverage
{
    OpIds text, bytecode;
    size_t textModules = 0, bytecodeModules = 0;
};

const Coverage& coverage()
{
    static const Coverage c = [] {
        Coverage out;
        for (const TextInput& input : textInputs()) {
            const std::string& path = input.path;
            for (const ParseResult& r : parseFileSplit(path)) {
                EXPECT_TRUE(r.ok()) << path << ":" << r.firstLine << tu::dumpDiagnostics(r);
                for (const Module* m : r.modules) {
                    if (m->name.empty()) // a chunk of bare ops, not a module
                        continue;
                    const std::string why = roundTrip(*m);
                    EXPECT_EQ(why, "") << path << ":" << r.firstLine;
                    if (input.producerOutput) {
                        EXPECT_EQ(printedGenerically(*m), std::set<std::string>())
                            << path << ":" << r.firstLine;
                    }
                    if (why.empty()) {
                        const OpIds ids = opIds(*m);
                        out.text.insert(ids.begin(), ids.end());
                        ++out.textModules;
                    }
                }
            }
        }
        for (const std::string& path : bytecodeInputs()) {
            tilelens::Diagnostics diags;
            ParseResult b =
                readBytecode(tilelens::test::readBytes(QString::fromStdString(path)), path, diags);
            EXPECT_TRUE(b.ok() && b.modules.size() == 1) << path;
            if (!b.ok() || b.modules.size() != 1)
                continue;
            const std::string why = roundTrip(*b.modules[0]);
            EXPECT_EQ(why, "") << path;
            EXPECT_EQ(printedGenerically(*b.modules[0]), std::set<std::string>()) << path;
            if (why.empty()) {
                const OpIds ids = opIds(*b.modules[0]);
                out.bytecode.insert(ids.begin(), ids.end());
                ++out.bytecodeModules;
            }
        }
        return out;
    }();
    return c;
}

} // namespace

TEST(OpCoverage, EveryOpOfTheTableIsCoveredByTextAndBytecodeInputs)
{
    TILELENS_REQUIRE_CORPUS();
    const Coverage& c = coverage();
    EXPECT_GE(c.textModules, 188u);
    EXPECT_GE(c.bytecodeModules, 112u);
    OpIds noText, noBytecode;
    for (size_t i = 1; i < kOpIdCount; ++i) {
        const OpInfo& row = opInfo(OpId(i));
        if (!c.text.count(row.id))
            noText.insert(row.id);
        if (row.opcode >= 0 && !c.bytecode.count(row.id))
            noBytecode.insert(row.id);
    }
    EXPECT_EQ(names(noText), "") << "ops of the table that no text input has: add a line for "
                                    "each to a file of tests/data/ir/golden/";
    EXPECT_EQ(c.text.count(OpId::Unknown), 0u) << "an op of the inputs is not in the table";
    EXPECT_EQ(c.bytecode.count(OpId::Unknown), 0u) << "an opcode of the inputs is not in the table";
    // The bytecode inputs are producers' output, and the project has no bytecode writer to make
    // more: these opcodes are read by the table's layouts (OpTable.BytecodeLayoutsAreTheRows-
    // WithAnOpcode) but no input has them. The list may only shrink.
    EXPECT_EQ(names(noBytecode),
              "absf absi assert atomic_cas_tko atomic_rmw_tko bitcast cat ceil cos cosh floor ftoi "
              "get_global get_tensor_shape minf mmai mulhii pow print_tko ptr_to_int ptr_to_ptr "
              "remf sin sinh sqrt tan atan2 pack unpack alloca mmaf_scaled "
              "make_gather_scatter_view make_strided_view atomic_red_view_tko");
}
