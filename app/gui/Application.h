#pragma once
// Application start-up: command line, translations, main window or
// screenshot mode. Kept out of main.cpp so tests can drive it.

#include <QLocale>
#include <QSize>
#include <QString>

class QCoreApplication;
class QWidget;

namespace tilelens::gui {

int runApplication(int argc, char** argv);

// The bundled example workspace: $TILELENS_EXAMPLE_DIR if set, else the
// installed copy, else the one in the source tree. Empty if none exists.
QString defaultWorkspacePath();

// Installs the TileLens translation (":/i18n/tilelens_<lang>.qm") and Qt's own
// for \a locale. Returns whether the TileLens translation was found; English
// needs none and returns false.
bool installTranslations(QCoreApplication& app, const QLocale& locale);

// "1024x700" -> QSize(1024, 700) for --size; an invalid QSize for anything
// else or a side outside 320..8192 pixels.
QSize parseWindowSize(const QString& text);

// Renders \a window to a PNG file; on failure returns false and sets \a error.
bool saveScreenshot(QWidget& window, const QString& file, QString* error);

// Registers the Qt resources of the static tilelens_gui library (icons).
void initResources();

} // namespace tilelens::gui
