#include "Application.h"

#include "AppSettings.h"
#include "AppTheme.h"
#include "BenchOpen.h"
#include "BenchSupersede.h"
#include "MainWindow.h"
#include "panels/DashboardModel.h"
#include "panels/DashboardView.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDeadlineTimer>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QImage>
#include <QLibraryInfo>
#include <QPixmap>
#include <QSettings>
#include <QTextStream>
#include <QTranslator>
#include <cstdio>

// Q_INIT_RESOURCE must be used outside any namespace.
static void initTileLensResources()
{
    Q_INIT_RESOURCE(tilelens);
}

namespace tilelens::gui {
namespace {

constexpr int kScreenshotWidth = 1600;
constexpr int kScreenshotHeight = 1000;
constexpr int kScreenshotTimeoutMs = 60000;

void printLine(FILE* stream, const QString& text)
{
    const QByteArray bytes = text.toLocal8Bit();
    std::fwrite(bytes.constData(), 1, static_cast<size_t>(bytes.size()), stream);
    std::fputc('\n', stream);
    std::fflush(stream);
}

QtMessageHandler g_defaultMessageHandler = nullptr;

// The offscreen platform warns about every top-level window it cannot resize
// from hints; in screenshot mode that is expected noise.
void screenshotMessageHandler(QtMsgType type, const QMessageLogContext& context,
                              const QString& message)
{
    if (message.contains(QLatin1String("propagateSizeHints")))
        return;
    if (g_defaultMessageHandler)
        g_defaultMessageHandler(type, context, message);
}

bool hasDisplay()
{
    return !qEnvironmentVariableIsEmpty("DISPLAY") ||
           !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY") ||
           !qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM");
}

// Waits (processing events) until the window has shown everything it loads.
bool waitUntilLoaded(MainWindow& window, int timeoutMs)
{
    QDeadlineTimer deadline(timeoutMs);
    // The dashboard's rows (read in the background) are part of what a screenshot shows.
    const auto busy = [&window] {
        return window.isLoading() ||
               (window.isDashboardShown() && window.dashboard()->model()->isLoading());
    };
    while (busy() && !deadline.hasExpired())
        QCoreApplication::processEvents(QEventLoop::AllEvents | QEventLoop::WaitForMoreEvents, 20);
    // Let the editors lay out and style what they show.
    for (int i = 0; i < 5; ++i)
        QCoreApplication::processEvents();
    return !window.isLoading();
}

// Loads a workspace, or with two paths a reference/generated IR pair, and writes a PNG.
int runScreenshot(const QString& file, const QStringList& paths, QSize size)
{
    g_defaultMessageHandler = qInstallMessageHandler(screenshotMessageHandler);
    MainWindow window(MainWindow::Options{false});
    window.resize(size);
    window.show();
    const QString workspace = paths.join(QStringLiteral(" "));
    if (paths.size() == 2)
        window.openIrPair(paths[0], paths[1]);
    else
        window.openWorkspace(paths.value(0));
    if (!waitUntilLoaded(window, kScreenshotTimeoutMs)) {
        printLine(stderr,
                  QCoreApplication::translate("tilelens::gui::Application",
                                              "tilelens: loading %1 did not finish within %2 s")
                      .arg(workspace)
                      .arg(kScreenshotTimeoutMs / 1000));
        return 3;
    }
    QString error;
    if (!saveScreenshot(window, file, &error)) {
        printLine(stderr, error);
        return 3;
    }
    printLine(stdout,
              QCoreApplication::translate("tilelens::gui::Application", "Screenshot written to %1")
                  .arg(QDir::toNativeSeparators(QFileInfo(file).absoluteFilePath())));
    return 0;
}

} // namespace

QSize parseWindowSize(const QString& text)
{
    const QStringList parts = text.trimmed().split(QLatin1Char('x'));
    if (parts.size() != 2)
        return {};
    bool okWidth = false;
    bool okHeight = false;
    const int width = parts[0].toInt(&okWidth);
    const int height = parts[1].toInt(&okHeight);
    constexpr int kMin = 320;
    constexpr int kMax = 8192;
    if (!okWidth || !okHeight || width < kMin || height < kMin || width > kMax || height > kMax)
        return {};
    return {width, height};
}

void initResources()
{
    initTileLensResources();
}

QString defaultWorkspacePath()
{
    QString overridden = qEnvironmentVariable("TILELENS_EXAMPLE_DIR");
    if (!overridden.isEmpty())
        return overridden;
    // Relative to the binary first, so a package installed under another
    // prefix than the build's (the .deb uses /usr) finds its own copy.
    const QString besideBinary =
        QCoreApplication::applicationDirPath() + QStringLiteral("/../share/tilelens/examples");
    for (const QString& candidate : {besideBinary, QStringLiteral(TILELENS_EXAMPLE_DIR_INSTALLED),
                                     QStringLiteral(TILELENS_EXAMPLE_DIR_IN_SOURCE)}) {
        if (QFileInfo(candidate).isDir())
            return QDir::cleanPath(candidate);
    }
    return {};
}

bool installTranslations(QCoreApplication& app, const QLocale& locale)
{
    auto* qtTranslator = new QTranslator(&app);
    if (qtTranslator->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                           QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qtTranslator);
    else
        delete qtTranslator;

    auto* translator = new QTranslator(&app);
    if (translator->load(locale, QStringLiteral("tilelens"), QStringLiteral("_"),
                         QStringLiteral(":/i18n"))) {
        QCoreApplication::installTranslator(translator);
        return true;
    }
    delete translator;
    return false;
}

bool saveScreenshot(QWidget& window, const QString& file, QString* error)
{
    const QImage image = window.grab().toImage();
    if (image.isNull()) {
        if (error)
            *error = QCoreApplication::translate("tilelens::gui::Application",
                                                 "tilelens: the window could not be rendered");
        return false;
    }
    const QFileInfo info(file);
    if (!info.absoluteDir().exists())
        QDir().mkpath(info.absolutePath());
    if (!image.save(file, "PNG")) {
        if (error)
            *error = QCoreApplication::translate("tilelens::gui::Application",
                                                 "tilelens: cannot write %1")
                         .arg(QDir::toNativeSeparators(info.absoluteFilePath()));
        return false;
    }
    return true;
}

namespace {

// The application's names, resources, translations, theme and icon.
void setUpApplication(QApplication& app)
{
    QCoreApplication::setOrganizationName(QStringLiteral("TileLens"));
    QCoreApplication::setApplicationName(QStringLiteral("tilelens"));
    QCoreApplication::setApplicationVersion(QStringLiteral(TILELENS_VERSION));
    QGuiApplication::setApplicationDisplayName(QStringLiteral("TileLens"));
    QGuiApplication::setDesktopFileName(QStringLiteral("io.github.tilelens.TileLens"));
    initResources();
    installTranslations(app, settings::uiLocale(QSettings()));
    applyThemeChoice(savedThemeChoice(QSettings()));
    QGuiApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/tilelens.svg")));
}

// The options of the command line besides --help and --version.
struct GuiOptions
{
    QCommandLineOption screenshot, size, benchOpen, benchSupersede, syntheticOps, rules;
};

GuiOptions guiOptions()
{
    return {
        QCommandLineOption(
            QStringList{QStringLiteral("screenshot")},
            QCoreApplication::translate(
                "tilelens::gui::Application",
                "Load PATH, render the window (%1x%2 unless --size) to the PNG FILE and exit.")
                .arg(kScreenshotWidth)
                .arg(kScreenshotHeight),
            QStringLiteral("FILE")),
        QCommandLineOption(
            QStringList{QStringLiteral("size")},
            QCoreApplication::translate("tilelens::gui::Application",
                                        "With --screenshot: the window size, e.g. 1024x700."),
            QStringLiteral("WxH")),
        QCommandLineOption(QStringList{QStringLiteral("bench-open")},
                           QCoreApplication::translate(
                               "tilelens::gui::Application",
                               "Open PATH, print launch to first aligned diff painted (ms), "
                               "peak RSS and the longest event-loop stall, and exit."),
                           QStringLiteral("PATH")),
        QCommandLineOption(QStringList{QStringLiteral("bench-supersede")},
                           QCoreApplication::translate(
                               "tilelens::gui::Application",
                               "Build a workspace of a big and a small kernel from the "
                               "kernels (*.mlir) in DIR, select the big one, then the small "
                               "one, and print how long the superseded diff kept working."),
                           QStringLiteral("DIR")),
        QCommandLineOption(QStringList{QStringLiteral("synthetic-ops")},
                           QCoreApplication::translate(
                               "tilelens::gui::Application",
                               "With --bench-open DIR: replicate the kernels (*.mlir) in DIR "
                               "into a reference/generated pair of about N ops per side "
                               "and open that. With --bench-supersede: the big kernel's "
                               "size (default 100000)."),
                           QStringLiteral("N")),
        QCommandLineOption(QStringList{QStringLiteral("rules")},
                           QCoreApplication::translate(
                               "tilelens::gui::Application",
                               "Rule file (tilelens.rules/1) merged with the built-in rules "
                               "for every IR verdict, as tilelens-cli diff --rules FILE; "
                               "this session only (Diff > Rules File saves one)."),
                           QStringLiteral("FILE")),
    };
}

void describeCommandLine(QCommandLineParser& parser, const GuiOptions& o)
{
    parser.setApplicationDescription(
        QCoreApplication::translate("tilelens::gui::Application",
                                    "Inspect GPU-kernel ports from cuTile Python to cuTile Rust."));
    parser.addHelpOption();
    parser.addVersionOption();
    for (const QCommandLineOption* option :
         {&o.screenshot, &o.size, &o.benchOpen, &o.benchSupersede, &o.syntheticOps, &o.rules})
        parser.addOption(*option);
    parser.addPositionalArgument(
        QStringLiteral("PATH"),
        QCoreApplication::translate(
            "tilelens::gui::Application",
            "Workspace to open: a TileGym checkout, a kernel output root or a kernel "
            "directory (default: the bundled example); or two IR files REF GEN (.mlir or "
            ".tileirbc) to compare."),
        QStringLiteral("[PATH | REF GEN]"));
}

// What the command line asks for once parsed.
struct Launch
{
    QSize size{kScreenshotWidth, kScreenshotHeight}; // of a screenshot
    MainWindow::Options window;
    QElapsedTimer sinceStart; // --bench-open measures from the process start
    bool headless = false;
};

// tilelens REF GEN (.mlir or .tileirbc, any mix): a plain two-file comparison, e.g. as a git
// difftool.
int runIrPair(QApplication& app, const QCommandLineParser& parser, const GuiOptions& o,
              const QStringList& files, const Launch& l)
{
    for (const QString& path : files) {
        if (!QFileInfo(path).isFile()) {
            printLine(stderr, QCoreApplication::translate("tilelens::gui::Application",
                                                          "tilelens: %1 is not an IR file "
                                                          "(two paths compare two IR files)")
                                  .arg(path));
            return 3;
        }
    }
    if (parser.isSet(o.screenshot))
        return runScreenshot(parser.value(o.screenshot), files, l.size);
    MainWindow window(l.window);
    window.show();
    window.openIrPair(files[0], files[1]);
    return app.exec();
}

// A workspace (the bundled example without a PATH): benchmarked, screenshot or shown.
int runWorkspace(QApplication& app, const QCommandLineParser& parser, const GuiOptions& o,
                 const QStringList& paths, const Launch& l)
{
    const QString workspace = paths.isEmpty() ? defaultWorkspacePath() : paths.first();
    if (workspace.isEmpty()) {
        printLine(stderr, QCoreApplication::translate(
                              "tilelens::gui::Application",
                              "tilelens: the bundled example workspace was not found; "
                              "pass a PATH or set TILELENS_EXAMPLE_DIR"));
    }
    if (parser.isSet(o.benchSupersede)) {
        g_defaultMessageHandler = qInstallMessageHandler(screenshotMessageHandler);
        const int ops =
            parser.isSet(o.syntheticOps) ? parser.value(o.syntheticOps).toInt() : 100000;
        return runBenchSupersede(parser.value(o.benchSupersede), ops);
    }
    if (parser.isSet(o.benchOpen)) {
        g_defaultMessageHandler = qInstallMessageHandler(screenshotMessageHandler);
        return runBenchOpen(parser.value(o.benchOpen), l.sinceStart,
                            parser.value(o.syntheticOps).toInt());
    }
    QString screenshotFile = parser.value(o.screenshot);
    if (screenshotFile.isEmpty() && l.headless) {
        screenshotFile = QStringLiteral("tilelens-screenshot.png");
        printLine(stderr, QCoreApplication::translate(
                              "tilelens::gui::Application",
                              "tilelens: no display found (DISPLAY and WAYLAND_DISPLAY "
                              "are unset); writing a screenshot to %1 instead")
                              .arg(screenshotFile));
    }
    if (!screenshotFile.isEmpty())
        return runScreenshot(screenshotFile, {workspace}, l.size);
    MainWindow window(l.window);
    window.show();
    if (!workspace.isEmpty())
        window.openWorkspace(workspace);
    return app.exec();
}

} // namespace

int runApplication(int argc, char** argv)
{
    Launch l;
    l.sinceStart.start();
    // Without a display, fall back to writing a screenshot so that a headless "run" still
    // shows something (see README).
    l.headless = !hasDisplay();
    if (l.headless)
        qputenv("QT_QPA_PLATFORM", "offscreen");

    QApplication app(argc, argv);
    setUpApplication(app);
    QCommandLineParser parser;
    const GuiOptions o = guiOptions();
    describeCommandLine(parser, o);
    parser.process(app); // handles --help and --version, exits on errors
    if (parser.isSet(o.size)) {
        l.size = parseWindowSize(parser.value(o.size));
        if (!l.size.isValid()) {
            printLine(stderr, QCoreApplication::translate(
                                  "tilelens::gui::Application",
                                  "tilelens: --size expects WIDTHxHEIGHT between 320 and 8192 "
                                  "pixels, got \"%1\"")
                                  .arg(parser.value(o.size)));
            return 3;
        }
    }
    l.window.rulesFile = parser.value(o.rules);
    const QStringList positional = parser.positionalArguments();
    if (positional.size() == 2)
        return runIrPair(app, parser, o, positional, l);
    if (positional.size() > 1) {
        printLine(stderr, QCoreApplication::translate("tilelens::gui::Application",
                                                      "tilelens: expected at most one PATH"));
        return 3;
    }
    return runWorkspace(app, parser, o, positional, l);
}

} // namespace tilelens::gui
