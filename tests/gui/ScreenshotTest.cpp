// tilelens as a process: --screenshot writes a PNG of the requested size that
// is not blank; --version and --help answer without a display.

#include "GuiTestSupport.h"
#include "TestPaths.h"

#include <QDir>
#include <QImage>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <gtest/gtest.h>

namespace {

struct ProcessResult
{
    int exitCode = -1;
    QString out;
    QString err;
};

ProcessResult runTileLens(const QStringList& args, bool headless = false,
                          const QString& workDir = {})
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    if (headless) {
        for (const char* name : {"QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"})
            env.remove(QString::fromLatin1(name));
    } else {
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    }
    if (!workDir.isEmpty())
        p.setWorkingDirectory(workDir);
    env.insert(QStringLiteral("XDG_CONFIG_HOME"),
               QDir::tempPath() + QStringLiteral("/tilelens-gui-tests-config"));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(TILELENS_GUI_PATH), args);
    ProcessResult r;
    if (!p.waitForFinished(120000)) {
        p.kill();
        p.waitForFinished();
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2;
    r.out = QString::fromLocal8Bit(p.readAllStandardOutput());
    r.err = QString::fromLocal8Bit(p.readAllStandardError());
    return r;
}

int distinctColors(const QImage& image, int limit)
{
    QSet<QRgb> colors;
    for (int y = 0; y < image.height(); y += 7)
        for (int x = 0; x < image.width(); x += 7) {
            colors.insert(image.pixel(x, y));
            if (colors.size() >= limit)
                return int(colors.size());
        }
    return int(colors.size());
}

} // namespace

TEST(Screenshot, WritesAPngOfTheRequestedSizeThatIsNotUniform)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    tilelens::test::writeKernelDir(dir.path(), QStringLiteral("shot"));
    const QString png = dir.filePath(QStringLiteral("out/shot.png"));
    const ProcessResult r =
        runTileLens({QStringLiteral("--screenshot"), png, dir.filePath(QStringLiteral("shot"))});
    ASSERT_EQ(r.exitCode, 0) << r.err.toStdString();
    const QImage image(png);
    ASSERT_FALSE(image.isNull());
    EXPECT_EQ(image.size(), QSize(1600, 1000));
    EXPECT_GE(distinctColors(image, 64), 64); // text in several highlight colours
}

TEST(Screenshot, OfTheBundledExampleByDefault)
{
    if (!QDir(tilelens::test::examplesDir()).exists(QStringLiteral("softmax")))
        GTEST_SKIP() << "resources/examples/softmax is not there yet";
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("example.png"));
    const ProcessResult r = runTileLens({QStringLiteral("--screenshot"), png});
    ASSERT_EQ(r.exitCode, 0) << r.err.toStdString();
    const QImage image(png);
    EXPECT_EQ(image.size(), QSize(1600, 1000));
    EXPECT_GE(distinctColors(image, 64), 64);
}

TEST(Screenshot, UnwritableTargetIsAnErrorNotACrash)
{
    QTemporaryDir dir;
    tilelens::test::writeKernelDir(dir.path(), QStringLiteral("k"));
    // A directory where the file should go cannot be written as a PNG.
    const ProcessResult r = runTileLens(
        {QStringLiteral("--screenshot"), dir.path(), dir.filePath(QStringLiteral("k"))});
    EXPECT_EQ(r.exitCode, 3);
    EXPECT_FALSE(r.err.isEmpty());
}

TEST(CommandLine, VersionAndHelp)
{
    const ProcessResult version = runTileLens({QStringLiteral("--version")});
    EXPECT_EQ(version.exitCode, 0);
    EXPECT_TRUE(version.out.contains(QStringLiteral(TILELENS_VERSION)))
        << version.out.toStdString();
    const ProcessResult help = runTileLens({QStringLiteral("--help")});
    EXPECT_EQ(help.exitCode, 0);
    EXPECT_TRUE(help.out.contains(QStringLiteral("--screenshot"))) << help.out.toStdString();
    const ProcessResult bad = runTileLens({QStringLiteral("--no-such-option")});
    EXPECT_NE(bad.exitCode, 0);
}

TEST(Screenshot, WithoutADisplayTheAppSaysSoAndWritesOne)
{
    QTemporaryDir dir;
    tilelens::test::writeKernelDir(dir.path(), QStringLiteral("headless"));
    const ProcessResult r =
        runTileLens({dir.filePath(QStringLiteral("headless"))}, true, dir.path());
    ASSERT_EQ(r.exitCode, 0) << r.err.toStdString();
    EXPECT_TRUE(r.err.contains(QStringLiteral("DISPLAY"))) << r.err.toStdString();
    const QImage image(dir.filePath(QStringLiteral("tilelens-screenshot.png")));
    EXPECT_EQ(image.size(), QSize(1600, 1000));
}
