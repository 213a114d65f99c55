#include "CliRegistry.h"

#include "common/BytePath.h"
#include "common/PrintableText.h"

#include <QCommandLineParser>
#include <QFileInfo>
#include <algorithm>
#include <cstdio>

namespace tilelens::cli {
namespace {
std::vector<CliCommand>& storage()
{
    static std::vector<CliCommand> commands;
    return commands;
}
} // namespace

void CliRegistry::add(CliCommand command)
{
    auto& all = storage();
    all.push_back(std::move(command));
    std::sort(all.begin(), all.end(),
              [](const CliCommand& a, const CliCommand& b) { return a.name < b.name; });
}

const std::vector<CliCommand>& CliRegistry::commands()
{
    return storage();
}

const CliCommand* CliRegistry::find(const QString& name)
{
    for (const auto& c : storage())
        if (c.name == name)
            return &c;
    return nullptr;
}

namespace {

// Every line a command prints may carry input-derived text (names, paths, messages); the last
// line of defence against one that drives the terminal is here, for every command at once.
void writeText(std::string_view utf8, std::FILE* to)
{
    const std::string text = printableText(utf8, LineBreaks::Keep);
    std::fwrite(text.data(), 1, text.size(), to);
}

} // namespace

void printOut(const QString& text)
{
    const QByteArray utf8 = text.toUtf8();
    writeText(std::string_view(utf8.constData(), size_t(utf8.size())), stdout);
}

void printOutUtf8(std::string_view utf8)
{
    writeText(utf8, stdout);
}

void printOutDocument(std::string_view bytes)
{
    std::fwrite(bytes.data(), 1, bytes.size(), stdout);
}

void printErr(const QString& text)
{
    const QByteArray utf8 = text.toUtf8();
    writeText(std::string_view(utf8.constData(), size_t(utf8.size())), stderr);
}

std::optional<int> parseCommandLine(QCommandLineParser& parser, const QStringList& args,
                                    UsageOnError usage)
{
    if (!parser.parse(args)) {
        printErr(parser.errorText() + QLatin1Char('\n') +
                 (usage == UsageOnError::WithHelp ? parser.helpText() : QString()));
        return ExitInputError;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        printOut(parser.helpText());
        return ExitOk;
    }
    return std::nullopt;
}

bool isStageDirectory(const QString& dir)
{
    if (hasEscapedBytes(dir)) {
        printErr(QStringLiteral("%1: error: a kernel directory whose name is not valid UTF-8 "
                                "cannot run stages (they get it as ${WS}); rename it\n")
                     .arg(displayPath(dir)));
        return false;
    }
    if (!QFileInfo(dir).isDir()) {
        printErr(QStringLiteral("%1: error: not a directory\n").arg(dir));
        return false;
    }
    return true;
}

} // namespace tilelens::cli
