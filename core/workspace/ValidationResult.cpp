#include "workspace/ValidationResult.h"

#include <algorithm>

namespace tilelens::ws {

namespace {

Diagnostic make(Severity sev, const QString& message, const std::string& pointer,
                const QString& file)
{
    Diagnostic d;
    d.severity = sev;
    d.message = message.toStdString();
    d.jsonPointer = pointer;
    d.place.file = file.toStdString();
    return d;
}

} // namespace

int ValidationResult::errors() const
{
    return int(std::count_if(messages.begin(), messages.end(),
                             [](const Diagnostic& d) { return d.severity == Severity::Error; }));
}

int ValidationResult::warnings() const
{
    return int(std::count_if(messages.begin(), messages.end(),
                             [](const Diagnostic& d) { return d.severity == Severity::Warning; }));
}

void ValidationResult::error(const QString& message, const std::string& pointer,
                             const QString& file)
{
    messages.push_back(make(Severity::Error, message, pointer, file));
}

void ValidationResult::warn(const QString& message, const std::string& pointer, const QString& file)
{
    messages.push_back(make(Severity::Warning, message, pointer, file));
}

void ValidationResult::ok(const QString& message)
{
    messages.push_back(make(Severity::Note, message, std::string(), QString()));
}

QString formatValidationText(const ValidationResult& result, bool withOk)
{
    QString out;
    for (const Diagnostic& d : result.messages) {
        if (d.severity == Severity::Note && !withOk)
            continue;
        out += d.severity == Severity::Error     ? QStringLiteral("ERROR: ")
               : d.severity == Severity::Warning ? QStringLiteral("WARN: ")
                                                 : QStringLiteral("OK: ");
        if (d.place.line > 0) {
            out += QString::fromStdString(d.place.file) + QLatin1Char(':') +
                   QString::number(d.place.line);
            if (d.place.column > 0)
                out += QLatin1Char(':') + QString::number(d.place.column);
            out += QStringLiteral(": ");
        }
        out += QString::fromStdString(d.message);
        if (!d.jsonPointer.empty())
            out += QStringLiteral(" (at %1)").arg(QString::fromStdString(d.jsonPointer));
        out += QLatin1Char('\n');
    }
    for (const QString& line : result.summary)
        out += line + QLatin1Char('\n');
    return out;
}

} // namespace tilelens::ws
