// tilelens-cli: the headless face of TileLens for CI jobs and porting agents.
// Global options are handled here; everything else is a registered subcommand
// that parses its own options (see Cmd*.cpp).

#include "CliRegistry.h"
#include "common/BytePath.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QStringList>

#ifdef __GLIBC__
#include <malloc.h>
#endif

using namespace tilelens;
using namespace tilelens::cli;

namespace {

QString commandList()
{
    QString text = QStringLiteral("Commands:\n");
    for (const auto& c : CliRegistry::commands())
        text += QStringLiteral("  %1  %2\n").arg(c.name, -10).arg(c.summary);
    text += QStringLiteral(
        "\nRun 'tilelens-cli COMMAND --help' for a command's options.\n"
        "Exit codes: 0 success/PASS, 1 FAIL, 2 PASS_WITH_NOTES, 3 usage or input error.\n");
    return text;
}

} // namespace

// Keep freed memory in the heap: the SMT solver's context touches ~20 MB on
// creation, which costs tens of milliseconds of page faults the first time. A
// later context (one per query) then reuses that memory instead of faulting it
// in again. A short-lived tool can keep its peak.
static void keepFreedMemory()
{
#ifdef __GLIBC__
    mallopt(M_MMAP_THRESHOLD, 64 << 20);
    mallopt(M_TRIM_THRESHOLD, 256 << 20);
#endif
}

int main(int argc, char** argv)
{
    keepFreedMemory();
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("tilelens-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(TILELENS_VERSION));
    QCoreApplication::setOrganizationName(QStringLiteral("TileLens"));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Inspect TileGym cuTile Python -> cuTile Rust ports headlessly."));
    parser.setOptionsAfterPositionalArgumentsMode(QCommandLineParser::ParseAsPositionalArguments);
    const QCommandLineOption helpOption = parser.addHelpOption();
    const QCommandLineOption versionOption = parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("command"), QStringLiteral("Subcommand to run."),
                                 QStringLiteral("COMMAND [ARGS...]"));

    // Decoded byte-exactly (BytePath.h): a path that is not valid UTF-8 keeps its bytes,
    // where QCoreApplication::arguments() would turn them into U+FFFD.
    QStringList args;
    for (int i = 0; i < argc; ++i)
        args << decodeArgument(QByteArrayView(argv[i]));
    if (!parser.parse(args)) {
        printErr(parser.errorText() + QLatin1Char('\n') + parser.helpText() + commandList());
        return ExitInputError;
    }
    if (parser.isSet(versionOption)) {
        printOut(QStringLiteral("tilelens-cli %1\n").arg(QCoreApplication::applicationVersion()));
        return ExitOk;
    }
    const QStringList positional = parser.positionalArguments();
    if (parser.isSet(helpOption) || positional.isEmpty()) {
        const QString text = parser.helpText() + QLatin1Char('\n') + commandList();
        if (positional.isEmpty() && !parser.isSet(helpOption)) {
            printErr(text);
            return ExitInputError;
        }
        printOut(text);
        return ExitOk;
    }
    const CliCommand* command = CliRegistry::find(positional.first());
    if (!command) {
        printErr(QStringLiteral("tilelens-cli: unknown command '%1'\n\n").arg(positional.first()) +
                 commandList());
        return ExitInputError;
    }
    QStringList subArgs = positional.mid(1);
    subArgs.prepend(QStringLiteral("tilelens-cli ") + command->name);
    return command->run(subArgs);
}
