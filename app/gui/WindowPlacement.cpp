#include "WindowPlacement.h"

#include <QGuiApplication>
#include <QScreen>
#include <QWidget>
#include <algorithm>

namespace tilelens::gui {
namespace {

constexpr int kPreferredWidth = 1600;
constexpr int kPreferredHeight = 1000;
constexpr int kScreenPercent = 85; // room for the title bar, panels and a margin

} // namespace

QRect initialWindowGeometry(const QRect& available)
{
    const int width = std::min(kPreferredWidth, available.width() * kScreenPercent / 100);
    const int height = std::min(kPreferredHeight, available.height() * kScreenPercent / 100);
    QRect geometry(0, 0, width, height);
    geometry.moveCenter(available.center());
    return geometry;
}

void placeOnScreen(QWidget& window)
{
    const QScreen* screen = window.screen() ? window.screen() : QGuiApplication::primaryScreen();
    if (!screen) {
        window.resize(kPreferredWidth, kPreferredHeight);
        return;
    }
    const QRect geometry = initialWindowGeometry(screen->availableGeometry());
    window.resize(geometry.size());
    window.move(geometry.topLeft());
}

} // namespace tilelens::gui
