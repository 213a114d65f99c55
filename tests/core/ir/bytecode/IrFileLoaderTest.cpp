// loadIrFile dispatches on the magic bytes: bytecode and its text twin load
// into equal models through the same call.
#include "ir/bytecode/IrFileLoader.h"

#include "TestPaths.h"
#include "common/FileReader.h"
#include "ir/Equality.h"
#include "ir/bytecode/BytecodeReader.h"

#include <QFile>
#include <QTemporaryDir>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

using namespace tilelens;
using namespace tilelens::test;

TEST(IrFileLoader, DispatchesOnTheMagicBytes)
{
    std::string dir = (testDataDir() + QStringLiteral("/bytecode/")).toStdString();
    std::string bc = dir + "relu_fwd_1M_f16.tileirbc", text = dir + "relu_fwd_1M_f16.mlir";
    EXPECT_FALSE(ir::loadIrFile(dir + "missing.tileirbc").ok());
    ir::ParseResult a = ir::loadIrFile(bc);
    ir::ParseResult b = ir::loadIrFile(text);
    ASSERT_TRUE(a.ok());
    ASSERT_TRUE(b.ok());
    ASSERT_EQ(a.modules.size(), 1u);
    ASSERT_EQ(b.modules.size(), 1u);
    std::string why;
    EXPECT_TRUE(ir::equals(*b.modules[0], *a.modules[0], &why)) << why;
}

TEST(IrFileLoader, BytecodeErrorsCarryThePathAndOffset)
{
    QTemporaryDir tmp;
    ASSERT_TRUE(tmp.isValid());
    QFile src(testDataDir() + QStringLiteral("/bytecode/negi-op-13.1.tileirbc"));
    ASSERT_TRUE(src.open(QIODevice::ReadOnly));
    QByteArray bytes = src.readAll().left(0x30); // cut inside the constant section header padding
    QString path = tmp.filePath(QStringLiteral("cut.tileirbc"));
    QFile out(path);
    ASSERT_TRUE(out.open(QIODevice::WriteOnly));
    out.write(bytes);
    out.close();
    ir::ParseResult r = ir::loadIrFile(path.toStdString());
    ASSERT_EQ(r.diagnostics.size(), 1u);
    EXPECT_TRUE(r.modules.empty());
    EXPECT_EQ(r.diagnostics[0].format().rfind(path.toStdString() + ":@", 0), 0u)
        << r.diagnostics[0].format();
    EXPECT_GE(r.diagnostics[0].place.byteOffset, 0x28);
}

TEST(IrFileLoader, BytecodeThroughAFifoIsReadOnce)
{
    // Sniffing the magic with a separate open consumed the FIFO's first bytes and then waited
    // for a second writer; the file is now read once and dispatched on its bytes.
    QTemporaryDir tmp;
    const std::string fifo = tmp.filePath(QStringLiteral("k.tileirbc")).toStdString();
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    QFile src(testDataDir() + QStringLiteral("/bytecode/relu_fwd_1M_f16.tileirbc"));
    ASSERT_TRUE(src.open(QIODevice::ReadOnly));
    const QByteArray bytes = src.readAll();
    std::thread writer([&] {
        const int fd = ::open(fifo.c_str(), O_WRONLY);
        if (fd < 0)
            return;
        for (qsizetype done = 0; done < bytes.size();) {
            const ssize_t n = ::write(fd, bytes.constData() + done, size_t(bytes.size() - done));
            if (n <= 0)
                break;
            done += n;
        }
        ::close(fd);
    });
    const ir::ParseResult r = ir::loadIrFile(fifo);
    writer.join();
    EXPECT_TRUE(r.ok()) << (r.diagnostics.empty() ? "" : r.diagnostics[0].format());
    EXPECT_EQ(r.modules.size(), 1u);
}

// A cancelled token (work that was superseded) stops the read, the decoding and the parse of
// an IR file alike: they throw Cancelled instead of finishing (issue 27).
TEST(IrFileLoader, ACancelledTokenStopsReadingDecodingAndParsing)
{
    const std::string dir = (testDataDir() + QStringLiteral("/bytecode/")).toStdString();
    CancelSource source;
    source.cancel();
    ir::ParseOptions o;
    o.cancel = source.token();
    EXPECT_THROW(ir::loadIrFile(dir + "relu_fwd_1M_f16.tileirbc", o), Cancelled);
    EXPECT_THROW(ir::loadIrFile(dir + "relu_fwd_1M_f16.mlir", o), Cancelled);
    Diagnostics diags;
    EXPECT_THROW(readFile(dir + "relu_fwd_1M_f16.mlir", diags, kDefaultMaxFileBytes, o.cancel),
                 Cancelled);
    QFile f(QString::fromStdString(dir + "relu_fwd_1M_f16.tileirbc"));
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const std::string bytes = f.readAll().toStdString();
    EXPECT_THROW(ir::readBytecode(bytes, "relu.tileirbc", diags, nullptr, o.cancel), Cancelled);
    EXPECT_TRUE(ir::readBytecode(bytes, "relu.tileirbc", diags).ok()) << "no token: read as before";
}
