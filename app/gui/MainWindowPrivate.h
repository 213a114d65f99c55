#pragma once
// Shared by the MainWindow*.cpp files (the window is split by concern):
// the marker that colours Python / Rust lines linked to the selected IR op.

#include <QColor>

namespace tilelens::gui::mainwindow {

constexpr int kLinkedSourceMarker = 7; // background of source lines linked to the selection
// Lines linked by inference (kernel.rs: cuTile Rust emits no locations), in
// another colour so that a guess never looks like a recorded loc().
constexpr int kInferredSourceMarker = 8;

inline QColor linkedLineColor(bool dark)
{
    return dark ? QColor(0x4a, 0x43, 0x20) : QColor(0xff, 0xf3, 0xbf);
}

inline QColor inferredLineColor(bool dark)
{
    return dark ? QColor(0x24, 0x3a, 0x4f) : QColor(0xdd, 0xec, 0xfa);
}

} // namespace tilelens::gui::mainwindow
