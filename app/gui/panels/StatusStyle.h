#pragma once
// Shared look of verdicts in the panels: one status key per verdict word and
// a small round icon per key, readable on light and dark palettes.

#include <QColor>
#include <QIcon>
#include <QString>

class QPalette;

namespace tilelens::gui::panels {

// "pass", "notes", "warn", "fail", "running", "queued", "none".
QString statusKeyForVerdict(const QString& verdict);

// Colour of a status key; `dark` picks the variant for a dark background.
QColor statusColor(const QString& key, bool dark);

// A filled circle in statusColor (cached per key and palette brightness).
QIcon statusIcon(const QString& key, bool dark);

// True when the palette's window colour is dark.
bool isDarkPalette(const QPalette& palette);

} // namespace tilelens::gui::panels
