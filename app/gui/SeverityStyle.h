#pragma once
// Colours, icons and words for divergence severities and verdicts, shared by
// the IR panes' markers, the overview ruler, the navigator and the status bar
// so that one severity looks the same everywhere, in light and dark themes.

#include "diff/DiffVocabulary.h"

#include <QColor>
#include <QIcon>
#include <QString>

namespace tilelens::gui {

// Marker / tick colour; chosen to stay readable on both editor papers.
QColor severityColor(diff::Severity severity, bool dark);
// A filled rounded square of severityColor (cached per severity and theme).
QIcon severityIcon(diff::Severity severity, bool dark);
// "critical", "warn", ... as the user reads them (translated).
QString severityLabel(diff::Severity severity);
QString verdictLabel(diff::Verdict verdict);
QColor verdictColor(diff::Verdict verdict, bool dark);
QString ownerLabel(diff::Owner owner);

} // namespace tilelens::gui
