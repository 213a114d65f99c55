#include "common/Diagnostic.h"

#include <algorithm>

namespace tilelens {

const char* severityWord(Severity s)
{
    switch (s) {
    case Severity::Error:
        return "error";
    case Severity::Warning:
        return "warning";
    case Severity::Note:
        return "note";
    }
    return "error";
}

std::string Diagnostic::format() const
{
    std::string out = place.file.empty() ? std::string("<input>") : place.file;
    if (place.byteOffset >= 0) {
        out += ":@" + std::to_string(place.byteOffset);
    } else if (place.line > 0) {
        out += ':' + std::to_string(place.line);
        if (place.column > 0)
            out += ':' + std::to_string(place.column);
    }
    out += ": ";
    out += severityWord(severity);
    out += ": ";
    out += message;
    if (!jsonPointer.empty())
        out += " (at " + jsonPointer + ")";
    return out;
}

bool hasErrors(const Diagnostics& diags)
{
    return std::any_of(diags.begin(), diags.end(),
                       [](const Diagnostic& d) { return d.severity == Severity::Error; });
}

} // namespace tilelens
