#pragma once
// Subcommands of tilelens-cli register themselves here from their own
// translation unit (Cmd*.cpp), so adding a command touches no shared file.

#include <QString>
#include <QStringList>
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

class QCommandLineParser;

namespace tilelens::cli {

// Exit codes shared by all subcommands (the headless contract).
enum ExitCode : int
{
    ExitOk = 0,
    ExitFail = 1,       // FAIL / FAIL_FIXABLE / INVESTIGATE, per command
    ExitNotes = 2,      // PASS_WITH_NOTES
    ExitInputError = 3, // usage or input error
};

struct CliCommand
{
    QString name;    // e.g. "parse"
    QString summary; // one line for `tilelens-cli --help`
    // Receives argv with the program name replaced by "tilelens-cli <name>".
    std::function<int(const QStringList& args)> run;
};

class CliRegistry
{
public:
    static void add(CliCommand command);
    static const std::vector<CliCommand>& commands();
    static const CliCommand* find(const QString& name);
};

struct CliCommandRegistration
{
    explicit CliCommandRegistration(CliCommand command) { CliRegistry::add(std::move(command)); }
};

// Helpers for consistent output. Text goes out with its control characters escaped
// (printableText, newlines and tabs kept): no input can drive the terminal through them.
void printOut(const QString& text); // stdout, no newline added
// UTF-8 bytes (a large report is not worth a round trip through QString).
void printOutUtf8(std::string_view utf8);
// A document whose format escapes its own text (the HTML page), byte for byte.
void printOutDocument(std::string_view bytes);
void printErr(const QString& text); // stderr, no newline added
// "1 error", "3 errors".
inline QString errorCount(size_t n)
{
    return n == 1 ? QStringLiteral("1 error") : QStringLiteral("%1 errors").arg(n);
}

// What a subcommand prints on a command-line error: the error alone, or
// followed by its help text.
enum class UsageOnError
{
    ErrorOnly,
    WithHelp
};

// Parses \a args with \a parser (which has a help option). On an error it
// prints it and returns ExitInputError; on --help it prints the help text and
// returns ExitOk; otherwise nullopt: the command goes on.
std::optional<int> parseCommandLine(QCommandLineParser& parser, const QStringList& args,
                                    UsageOnError usage);

// A kernel directory stages can run in (`run`, `trust`): one, and its name valid UTF-8 (its
// stages get it as ${WS}, a string); false, said on stderr, when not.
bool isStageDirectory(const QString& dir);

} // namespace tilelens::cli
