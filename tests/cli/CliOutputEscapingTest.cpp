// Hostile names through the CLI: entry names with markdown and HTML, bytecode names with
// terminal escapes or bytes that are not UTF-8, quoted symbols that need their quotes, and paths
// with control characters. Reports render no markup, no output drives the terminal, no JSON
// writer aborts, and what `parse --emit` prints parses again to the same text.

#include "CliRunner.h"
#include "TestPaths.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <gtest/gtest.h>

namespace {

using tilelens::test::CliResult;
using tilelens::test::runCli;

QString write(const QTemporaryDir& dir, const QString& name, const QByteArray& bytes)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    EXPECT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(bytes);
    return path;
}

QByteArray moduleWithEntry(const QByteArray& symbol)
{
    return "cuda_tile.module @m {\n entry @" + symbol + "(%a: tile<i64>) {\n  return\n }\n}\n";
}

// Corpus bytecode whose entry name (a string of the string table) is replaced by `name`, padded
// to the same length so that every offset stays valid.
const QByteArray kDropoutName =
    "_dropout_kernel_Kt1_A1f32_1i16t1_p16_A1f32_1i16t1_p16_F3fe0000000000"
    "000_I1640531527_I1024_B1";

QByteArray bytecodeNamed(const QByteArray& name)
{
    QFile f(tilelens::test::testDataDir() +
            QStringLiteral("/bytecode/dropout_train_p0.5_1M_f32__v13_1_sm90.tileirbc"));
    EXPECT_TRUE(f.open(QIODevice::ReadOnly));
    QByteArray bytes = f.readAll();
    EXPECT_EQ(bytes.count(kDropoutName), 1);
    QByteArray padded = name;
    padded.append(QByteArray(kDropoutName.size() - name.size(), 'x'));
    return bytes.replace(kDropoutName, padded);
}

// No control character a terminal acts on (ESC, BEL, CR, C1 CSI), line breaks aside.
bool drivesTerminal(const QString& text)
{
    for (const QChar c : text)
        if ((c.unicode() < 0x20 && c != QLatin1Char('\n') && c != QLatin1Char('\t')) ||
            (c.unicode() >= 0x7F && c.unicode() <= 0x9F))
            return true;
    return false;
}

} // namespace

TEST(CliOutputEscaping, MarkdownReportRendersNoMarkupFromAnEntryName)
{
    QTemporaryDir dir;
    const QByteArray name = "k<script>alert(1)</script><img src=x onerror=alert(1)>"
                            "![x](http://e.example/x.png)[y](javascript:alert(1))`b<!--";
    QByteArray quoted = name;
    const QString ref =
        write(dir, QStringLiteral("ref.mlir"), moduleWithEntry("\"" + quoted + "\""));
    const QString gen = write(dir, QStringLiteral("gen.mlir"), moduleWithEntry("other"));
    const CliResult r = runCli(
        {QStringLiteral("diff"), QStringLiteral("--format"), QStringLiteral("markdown"), ref, gen});
    ASSERT_EQ(r.exitCode, 0) << r.err.toStdString();
    const QString heading = r.out.section(QLatin1Char('\n'), 2, 2);
    EXPECT_EQ(heading, QStringLiteral("# IR Diff Report: k&lt;script>alert(1)&lt;/script>&lt;img "
                                      "src=x onerror=alert(1)>![x\\](http://e.example/x.png)"
                                      "[y\\](javascript:alert(1))\\`b&lt;!--"));
    // In the entry list the name is one code span, fenced past its backtick.
    EXPECT_TRUE(r.out.contains(QStringLiteral("- entry ``") + QString::fromUtf8(name) +
                               QStringLiteral("`` <-> `other`:")))
        << r.out.toStdString();
}

TEST(CliOutputEscaping, BytecodeNamesWithTerminalEscapesAreLocatedErrors)
{
    QTemporaryDir dir;
    const QByteArray hostile = "k\x1B]0;pwned\x07\x1B[2K\rVERDICT: PASS\x1B[8m";
    const QByteArray bytes = bytecodeNamed(hostile);
    const QString file = write(dir, QStringLiteral("esc.tileirbc"), bytes);
    const QString at = file + QStringLiteral(":@%1: error: function name \"k\\u001b]0;pwned\\u0007")
                                  .arg(bytes.indexOf(hostile) + 1);
    for (const QStringList& args : {QStringList{QStringLiteral("diff"), file, file},
                                    QStringList{QStringLiteral("eval"), file, file},
                                    QStringList{QStringLiteral("parse"), file}}) {
        const CliResult r = runCli(args);
        EXPECT_EQ(r.exitCode, 3) << args.join(u' ').toStdString();
        EXPECT_TRUE(r.err.contains(at)) << r.err.toStdString();
        EXPECT_TRUE(r.err.contains(QStringLiteral("has a control character (U+001B)")));
        EXPECT_FALSE(drivesTerminal(r.out + r.err)) << r.err.toStdString();
        EXPECT_FALSE(r.out.contains(QStringLiteral("VERDICT: PASS"))) << r.out.toStdString();
    }
}

TEST(CliOutputEscaping, JsonOutputsLocateUtf8ThatIsNotStrictInsteadOfAborting)
{
    QTemporaryDir dir;
    const QByteArray sequences[] = {"\xC0\xAF", "\xED\xA0\x80", "\xF4\x90\x80\x80"};
    for (const QByteArray& bad : sequences) {
        const QString text =
            write(dir, QStringLiteral("u.mlir"), moduleWithEntry("\"k" + bad + "\""));
        CliResult r = runCli({QStringLiteral("parse"), QStringLiteral("--json"), text});
        EXPECT_EQ(r.exitCode, 3) << r.err.toStdString();
        const QJsonObject j = QJsonDocument::fromJson(r.out.toUtf8()).object();
        const QJsonObject d =
            j[QStringLiteral("files")][0][QStringLiteral("diagnostics")][0].toObject();
        EXPECT_EQ(d[QStringLiteral("line")].toInt(), 2) << r.out.toStdString();
        EXPECT_EQ(d[QStringLiteral("column")].toInt(), 11);
        EXPECT_TRUE(
            d[QStringLiteral("message")].toString().contains(QStringLiteral("not valid UTF-8")));
        r = runCli({QStringLiteral("diff"), QStringLiteral("--format"), QStringLiteral("json"),
                    text, text});
        EXPECT_EQ(r.exitCode, 3) << r.err.toStdString();
        EXPECT_TRUE(
            r.err.contains(text + QStringLiteral(":2:11: error: the file is not valid UTF-8")))
            << r.err.toStdString();
        // The same bytes in a bytecode name: a located error too.
        const QByteArray bytes = bytecodeNamed("k" + bad);
        const QString bc = write(dir, QStringLiteral("u.tileirbc"), bytes);
        r = runCli({QStringLiteral("parse"), QStringLiteral("--json"), bc});
        EXPECT_EQ(r.exitCode, 3) << r.err.toStdString();
        EXPECT_TRUE(r.out.contains(QStringLiteral("is not valid UTF-8 (byte 0x")))
            << r.out.toStdString();
        r = runCli(
            {QStringLiteral("diff"), QStringLiteral("--format"), QStringLiteral("sarif"), bc, bc});
        EXPECT_EQ(r.exitCode, 3) << r.err.toStdString();
        EXPECT_TRUE(r.err.contains(bc + QStringLiteral(":@%1:").arg(bytes.indexOf("k" + bad) + 1)))
            << r.err.toStdString();
    }
}

TEST(CliOutputEscaping, EmitQuotesSymbolsSoThePrintedModuleParsesToTheSameText)
{
    QTemporaryDir dir;
    const QString text = write(dir, QStringLiteral("q.mlir"), moduleWithEntry("\"a;b c\""));
    const QString bc = write(dir, QStringLiteral("q.tileirbc"), bytecodeNamed("a;b c \"q\""));
    for (const QString& input : {text, bc}) {
        for (const QString& style : {QStringLiteral("custom"), QStringLiteral("generic")}) {
            const CliResult first =
                runCli({QStringLiteral("parse"), QStringLiteral("--emit"), style, input});
            ASSERT_EQ(first.exitCode, 0) << first.err.toStdString();
            const QString printed = write(dir, QStringLiteral("printed.mlir"), first.out.toUtf8());
            const CliResult second =
                runCli({QStringLiteral("parse"), QStringLiteral("--emit"), style, printed});
            EXPECT_EQ(second.exitCode, 0) << second.err.toStdString() << first.out.toStdString();
            EXPECT_EQ(second.out, first.out);
        }
    }
    const CliResult custom =
        runCli({QStringLiteral("parse"), QStringLiteral("--emit"), QStringLiteral("custom"), text});
    EXPECT_TRUE(custom.out.contains(QStringLiteral("entry @\"a;b c\"(")))
        << custom.out.toStdString();
    const CliResult fromBytecode =
        runCli({QStringLiteral("parse"), QStringLiteral("--emit"), QStringLiteral("custom"), bc});
    EXPECT_TRUE(fromBytecode.out.contains(QStringLiteral("entry @\"a;b c \\\"q\\\"xxx")))
        << fromBytecode.out.toStdString();
}

TEST(CliOutputEscaping, PathsWithControlCharactersAreShownEscapedByEveryCommand)
{
    QTemporaryDir dir;
    const QString name = QStringLiteral("x\x1B]0;pwned\x07\r.mlir");
    const QString file = write(dir, name, moduleWithEntry("k"));
    const QString shown = QStringLiteral("x\\u001b]0;pwned\\u0007\\u000d.mlir");
    for (const QStringList& args : {QStringList{QStringLiteral("parse"), file},
                                    QStringList{QStringLiteral("diff"), file, file},
                                    QStringList{QStringLiteral("diff"), QStringLiteral("--format"),
                                                QStringLiteral("markdown"), file, file},
                                    QStringList{QStringLiteral("eval"), file, file}}) {
        const CliResult r = runCli(args);
        EXPECT_EQ(r.exitCode, 0) << args.join(u' ').toStdString() << r.err.toStdString();
        EXPECT_FALSE(drivesTerminal(r.out + r.err)) << r.out.toStdString();
        if (args.size() < 4 && args[0] != QLatin1String("eval")) {
            EXPECT_TRUE(r.out.contains(shown)) << r.out.toStdString();
        }
    }
    // An error line (stderr) too.
    const CliResult missing =
        runCli({QStringLiteral("validate"), dir.filePath(QStringLiteral("k\x1B[2Jdir"))});
    EXPECT_EQ(missing.exitCode, 3);
    EXPECT_FALSE(drivesTerminal(missing.err)) << missing.err.toStdString();
    EXPECT_TRUE(missing.err.contains(QStringLiteral("k\\u001b[2Jdir")))
        << missing.err.toStdString();
}
