#pragma once
// Where the first window goes when no geometry was saved (issue 31, item 11): 1600x1000 at
// most, never more than 85% of the screen's available area (a 1600x1000 screen has panels and
// a title bar: a window of the screen's size hides its status bar and verdict), centred on it.

#include <QRect>

class QWidget;

namespace tilelens::gui {

// The window's frame-free geometry on a screen whose available area is \a available.
QRect initialWindowGeometry(const QRect& available);

// Sizes and centres \a window on its screen as initialWindowGeometry says.
void placeOnScreen(QWidget& window);

} // namespace tilelens::gui
