#include "pipeline/StageSpec.h"

namespace tilelens::pipeline {

QMap<QString, int> defaultStageCaps()
{
    return {{QStringLiteral("A"), 1}, {QStringLiteral("B"), 2}, {QStringLiteral("C"), 1},
            {QStringLiteral("D"), 2}, {QStringLiteral("E"), 2}, {QStringLiteral("F"), 1}};
}

const char* verdictSourceName(VerdictSource s)
{
    switch (s) {
    case VerdictSource::ExitCode:
        return "exit";
    case VerdictSource::Pytest:
        return "pytest";
    case VerdictSource::LogLine:
        return "log";
    case VerdictSource::File:
        return "file";
    case VerdictSource::Builtin:
        return "builtin";
    }
    return "exit";
}

bool parseVerdictSource(const QString& text, VerdictSource* out)
{
    for (VerdictSource s : {VerdictSource::ExitCode, VerdictSource::Pytest, VerdictSource::LogLine,
                            VerdictSource::File, VerdictSource::Builtin}) {
        if (text == QLatin1String(verdictSourceName(s))) {
            *out = s;
            return true;
        }
    }
    return false;
}

} // namespace tilelens::pipeline
