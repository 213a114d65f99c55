#pragma once
// Shared by the MainWindow*.cpp files (the window is split by concern):
// the marker that colours Python / Rust lines linked to the selected IR op.

#include <QColor>

namespace tilelens::gui::mainwindow {

constexpr int kLinkedSourceMarker = 7; // background of source lines linked to the selection

inline QColor linkedLineColor(bool dark)
{
    return dark ? QColor(0x4a, 0x43, 0x20) : QColor(0xff, 0xf3, 0xbf);
}

} // namespace tilelens::gui::mainwindow
