// Every bytecode module of the TileGym corpus decodes, and its op counts
// equal those of the same module printed as text.
#include "BytecodeTestUtil.h"
#include "TestPaths.h"
#include "ir/bytecode/BytecodeReader.h"

#include <QFileInfo>
#include <gtest/gtest.h>
#include <sstream>

using namespace tilelens;
using namespace tilelens::test;

namespace {

// Independent count of op names in a cutile-ir text dump: the first word of
// each statement line (after `%a, %b =` when present), prefix stripped. The
// printer omits operand-less terminators, so regions of if/for/loop that do
// not end in one count the implicit yield/continue (an empty else counts
// nothing: the reader drops such a region, as the text parser does).
std::map<std::string, int> textOpCounts(const std::string& text)
{
    struct Open
    {
        std::string kind;
        std::string last;
        bool any = false;
    };
    std::vector<Open> stack;
    std::map<std::string, int> out;
    auto isTerminator = [](const std::string& w) {
        return w == "yield" || w == "continue" || w == "break" || w == "return";
    };
    auto close = [&]() {
        if (stack.empty())
            return;
        Open o = stack.back();
        stack.pop_back();
        if (isTerminator(o.last) || (o.kind == "else" && !o.any))
            return;
        if (o.kind == "if" || o.kind == "else")
            ++out["yield"];
        else if (o.kind == "for" || o.kind == "loop")
            ++out["continue"];
    };
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        size_t b = line.find_first_not_of(" \t");
        if (b == std::string::npos)
            continue;
        std::string s = line.substr(b);
        bool opens = s.back() == '{';
        if (s[0] == '}') {
            close();
            if (s.find("else") != std::string::npos)
                stack.push_back({"else", "", false});
            continue;
        }
        if (s[0] == '^' || s.rfind("//", 0) == 0)
            continue;
        if (s.rfind("cuda_tile.module", 0) == 0 || s.rfind("entry ", 0) == 0) {
            stack.push_back({"other", "", false});
            continue;
        }
        if (s[0] == '%') {
            size_t eq = s.find(" = ");
            if (eq == std::string::npos)
                continue;
            s = s.substr(eq + 3);
        }
        std::string word = s.substr(0, s.find_first_of(" \t({"));
        if (word.rfind("cuda_tile.", 0) == 0)
            word = word.substr(10);
        ++out[word];
        if (!stack.empty()) {
            stack.back().last = word;
            stack.back().any = true;
        }
        if (opens)
            stack.push_back({word, "", false});
    }
    return out;
}

std::string describe(const std::map<std::string, int>& m)
{
    std::string s;
    for (const auto& [k, v] : m)
        s += k + "=" + std::to_string(v) + " ";
    return s;
}

} // namespace

TEST(BytecodeCorpus, AllFilesDecodeWithoutError)
{
    TILELENS_REQUIRE_CORPUS();
    QStringList files = bytecodeCorpusFiles();
    ASSERT_EQ(files.size(), 98);
    size_t totalOps = 0;
    for (const QString& name : files) {
        std::string bytes = readBytes(bytecodeCorpusDir() + QLatin1Char('/') + name);
        ASSERT_TRUE(ir::isBytecode(bytes)) << name.toStdString();
        Diagnostics diags;
        ir::BytecodeInfo info;
        ir::ParseResult r = ir::readBytecode(bytes, name.toStdString(), diags, &info);
        std::string msgs;
        for (const Diagnostic& d : diags)
            msgs += d.format() + "\n";
        ASSERT_TRUE(r.ok()) << msgs;
        ASSERT_EQ(r.modules.size(), 1u);
        const ir::Module& m = *r.modules[0];
        EXPECT_EQ(m.name, "kernels");
        ASSERT_FALSE(m.functions.empty()) << name.toStdString();
        EXPECT_EQ(info.version.major, 13);
        if (name.contains(QStringLiteral("__v13_1_")))
            EXPECT_EQ(info.version.minor, 1) << name.toStdString();
        else if (name.contains(QStringLiteral("__v13_2_")))
            EXPECT_EQ(info.version.minor, 2) << name.toStdString();
        else
            EXPECT_EQ(info.version.minor, 3) << name.toStdString();
        for (const ir::Function* f : m.functions) {
            EXPECT_EQ(f->kind, ir::FunctionKind::Entry);
            ASSERT_NE(f->body, nullptr);
            ASSERT_EQ(f->body->blocks.size(), 1u);
            EXPECT_EQ(f->body->blocks[0]->arguments.size(), f->argumentTypes.size());
            EXPECT_TRUE(f->body->blocks[0]->ops.back()->name.is("return"));
        }
        totalOps += m.opCount();
        // Equal except for the operand-less yields of empty else regions, which the model drops.
        EXPECT_LE(m.opCount(), info.instructions + m.globals.size()) << name.toStdString();
        EXPECT_GE(m.opCount() + 8, info.instructions + m.globals.size()) << name.toStdString();
    }
    EXPECT_GT(totalOps, 5000u);
}

TEST(BytecodeCorpus, OpCountsMatchTheTextDumps)
{
    TILELENS_REQUIRE_CORPUS();
    for (const QString& name : bytecodeCorpusFiles()) {
        std::string bytes = readBytes(bytecodeCorpusDir() + QLatin1Char('/') + name);
        Diagnostics diags;
        ir::ParseResult r = ir::readBytecode(bytes, name.toStdString(), diags);
        ASSERT_TRUE(r.ok()) << name.toStdString();
        QString textPath = textCorpusDir() + QLatin1Char('/') + QFileInfo(name).completeBaseName() +
                           QStringLiteral(".mlir");
        std::string text = readBytes(textPath);
        ASSERT_FALSE(text.empty()) << textPath.toStdString();
        std::map<std::string, int> fromBytecode = opCounts(*r.modules[0]);
        std::map<std::string, int> fromText = textOpCounts(text);
        EXPECT_EQ(fromBytecode, fromText)
            << name.toStdString() << "\n bytecode: " << describe(fromBytecode)
            << "\n text:     " << describe(fromText);
    }
}
