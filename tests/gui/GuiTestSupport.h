#pragma once
// Helpers for the GUI tests: temporary TileGym-style kernel directories and
// waiting for the main window's background loads.

#include <QPalette>
#include <QString>
#include <utility>
#include <vector>

namespace tilelens::diff {
struct DiffResult;
}
namespace tilelens::gui {
class MainWindow;
}

namespace tilelens::test {

struct KernelFiles
{
    bool python = true;
    bool rust = true;
    bool referenceIr = true;
    bool generatedIr = true;
};

// Creates ROOT/NAME as a kernel working directory with the files asked for;
// their contents mention NAME so tests can tell kernels apart.
void writeKernelDir(const QString& root, const QString& name, const KernelFiles& files = {});

QString readText(const QString& path);

// Processes events until the window is idle; false on timeout.
bool waitForLoad(gui::MainWindow& window, int timeoutMs = 20000);

// A dark palette (window, base, text, buttons, highlight, tool tips) for the
// tests of the dark theme and the dark screenshots.
QPalette darkPalette();

// (reference line, generated line) of the matched rows of \a result that the
// row alignment puts side by side (RowAlignment's anchors), in order.
std::vector<std::pair<int, int>> forwardMatchedLines(const diff::DiffResult& result);

} // namespace tilelens::test

#include <ostream>

// Readable QString values in GoogleTest failure messages.
inline void PrintTo(const QString& s, std::ostream* os)
{
    *os << '"' << s.toStdString() << '"';
}
