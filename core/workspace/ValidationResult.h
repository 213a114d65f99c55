#pragma once
// Outcome of `validate` (analysis or kernel scope): ERROR/WARN messages as
// Diagnostics (jsonPointer set for analysis.json fields), the summary trailer
// lines the TileGym scripts print, and the verdict.

#include "common/Diagnostic.h"

#include <QString>
#include <QStringList>

namespace tilelens::ws {

struct ValidationResult
{
    QString scope;           // "analysis" or "kernel"
    QString target;          // the file or directory checked
    Diagnostics messages;    // Error = ERROR:, Warning = WARN:, Note = OK:
    QStringList summary;     // trailer lines ("kernel: softmax", "shapes: 4", ...)
    bool inputError = false; // target missing / unreadable: exit 3, not FAIL

    int errors() const;
    int warnings() const;
    bool passed() const { return !inputError && errors() == 0; }

    void error(const QString& message, const std::string& pointer = std::string(),
               const QString& file = QString());
    void warn(const QString& message, const std::string& pointer = std::string(),
              const QString& file = QString());
    void ok(const QString& message);
};

// The text form printed by `tilelens-cli validate`: one `ERROR: ...` / `WARN: ...`
// line per message (place and JSON pointer included; `OK:` lines only when
// `withOk`), then the summary trailer.
QString formatValidationText(const ValidationResult& result, bool withOk = false);

} // namespace tilelens::ws
