#pragma once
// `validate --scope analysis`: the checks of TileGym's validate_analysis.sh
// (port-workspace.md §2, every ERROR and WARN condition), each message with the
// JSON pointer of the field, followed by the script's summary trailer.
// A few extra TileLens checks (prefixed "tilelens:") are warnings only, so
// they never turn a script PASS into a FAIL.

#include "workspace/AnalysisJson.h"
#include "workspace/ValidationResult.h"

#include <QString>

namespace tilelens::ws {

// Validates `kernelDir`/reference/analysis.json. A missing, empty or
// unparsable file is a FAIL (as in the script) with a placed message.
ValidationResult validateAnalysis(const QString& kernelDir);

// Validates an already parsed document; reference_ir paths are resolved
// against kernelDir (empty: existence is not checked).
ValidationResult validateAnalysisDocument(const Json& doc, const QString& kernelDir,
                                          const QString& file = QString());

} // namespace tilelens::ws
