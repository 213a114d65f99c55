#include "CliRegistry.h"

#include <QCommandLineParser>
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

void printOut(const QString& text)
{
    const QByteArray utf8 = text.toUtf8();
    std::fwrite(utf8.constData(), 1, size_t(utf8.size()), stdout);
}

void printOutUtf8(std::string_view utf8)
{
    std::fwrite(utf8.data(), 1, utf8.size(), stdout);
}

void printErr(const QString& text)
{
    const QByteArray utf8 = text.toUtf8();
    std::fwrite(utf8.constData(), 1, size_t(utf8.size()), stderr);
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

} // namespace tilelens::cli
