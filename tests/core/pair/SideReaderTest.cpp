// One side of a pair read once (moved from the GUI's pane tests): bytecode printed once under
// its header, and unreadable, binary or truncated sides as located diagnostics, never a crash.

#include "pair/SideReader.h"

#include "PairTestUtil.h"
#include "ir/Parser.h"

namespace tilelens::pair {
namespace {

using namespace tilelens::pair::test;

SideRead readForAPane(const std::string& path)
{
    SideReadOptions options;
    options.keepText = true;
    options.printBytecode = true;
    options.decodedHeader = "// header";
    return readSide({path, nullptr}, options);
}

TEST(SideReader, TileIrBytecodeIsDecodedToTextOnceUnderTheHeader)
{
    const std::string path = dataPath("bytecode/relu_fwd_1M_f16.tileirbc").toStdString();
    int handedOn = 0;
    SideReadOptions options;
    options.keepText = true;
    options.printBytecode = true;
    options.decodedHeader = "// header";
    options.onText = [&](const std::shared_ptr<const SideText>&) { ++handedOn; };
    const SideRead r = readSide({path, nullptr}, options);
    EXPECT_EQ(handedOn, 1);
    ASSERT_TRUE(r.side.loaded);
    EXPECT_TRUE(r.side.bytecode);
    ASSERT_TRUE(r.side.text);
    EXPECT_EQ(r.side.text->view().substr(0, 10), "// header\n");
    EXPECT_NE(r.side.text->view().find("cuda_tile.module"), std::string_view::npos);
    EXPECT_TRUE(r.model && !r.model->modules.empty());
}

TEST(SideReader, UnreadableBinaryOrTruncatedSidesAreDiagnostics)
{
    QTemporaryDir dir;
    const SideRead missing = readForAPane(dir.filePath(QStringLiteral("nope.mlir")).toStdString());
    EXPECT_FALSE(missing.side.read);
    ASSERT_FALSE(missing.side.diagnostics.empty());
    EXPECT_NE(missing.side.diagnostics[0].message.find("cannot open"), std::string::npos);

    const SideRead folder = readForAPane(dir.path().toStdString());
    EXPECT_FALSE(folder.side.read);

    // Only the magic and a version: read, bytecode, not decoded, no text.
    const std::string stub = writeFile(dir, "k.tileirbc", std::string("\x7fTileIR\0\x0d\x03", 10));
    const SideRead bin = readForAPane(stub);
    EXPECT_TRUE(bin.side.read);
    EXPECT_TRUE(bin.side.bytecode);
    EXPECT_FALSE(bin.side.text);
    EXPECT_FALSE(bin.side.loaded);
    ASSERT_FALSE(bin.side.diagnostics.empty());
    EXPECT_EQ(bin.side.diagnostics[0].place.file, stub);

    const std::string whole = readText(dataPath("bytecode/relu_fwd_1M_f16.tileirbc"));
    const std::string cut = writeFile(dir, "cut.tileirbc", whole.substr(0, 24));
    const SideRead truncated = readForAPane(cut);
    EXPECT_FALSE(truncated.side.text);
    ASSERT_FALSE(truncated.side.diagnostics.empty());
    EXPECT_NE(truncated.side.diagnostics[0].format().find("cut.tileirbc"), std::string::npos);

    // Text that is not IR is kept for the pane (it shows what the errors point at).
    const std::string broken = "cuda_tile.module @k {\n  entry @f() {\n    %0 = \n";
    const SideRead text = readForAPane(writeFile(dir, "broken.mlir", broken));
    ASSERT_TRUE(text.side.text);
    EXPECT_EQ(text.side.text->view(), broken);
    EXPECT_FALSE(text.side.diagnostics.empty());
    EXPECT_FALSE(text.side.loaded);
}

} // namespace
} // namespace tilelens::pair
