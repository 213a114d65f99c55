#include "OverviewRuler.h"

#include <QMouseEvent>
#include <QPainter>
#include <algorithm>
#include <cstdlib>

namespace tilelens::gui {
namespace {
constexpr int kTickHeight = 3;
constexpr int kInset = 2; // keeps first and last ticks inside the strip
} // namespace

OverviewRuler::OverviewRuler(QWidget* parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("overviewRuler"));
    setFixedWidth(14);
    setCursor(Qt::PointingHandCursor);
    setToolTip(tr("Every divergence of the IR pair; click to jump"));
}

void OverviewRuler::setTicks(std::vector<Tick> ticks)
{
    // Most severe last, so it paints over milder ticks on the same pixel.
    std::stable_sort(ticks.begin(), ticks.end(),
                     [](const Tick& a, const Tick& b) { return a.severity > b.severity; });
    m_ticks = std::move(ticks);
    update();
}

void OverviewRuler::setViewport(double first, double last)
{
    m_viewFirst = first;
    m_viewLast = last;
    update();
}

int OverviewRuler::yFor(double position) const
{
    const int usable = std::max(1, height() - 2 * kInset - kTickHeight);
    return kInset + static_cast<int>(std::clamp(position, 0.0, 1.0) * usable);
}

int OverviewRuler::divergenceAt(int y) const
{
    int best = -1;
    int bestDistance = 5; // px of tolerance: ticks are thin
    for (auto it = m_ticks.rbegin(); it != m_ticks.rend(); ++it) {
        const int distance = std::abs(yFor(it->position) + kTickHeight / 2 - y);
        if (distance < bestDistance) {
            bestDistance = distance;
            best = it->divergence;
        }
    }
    return best;
}

void OverviewRuler::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.fillRect(rect(), palette().color(QPalette::Base).darker(104));
    if (m_viewLast > m_viewFirst) {
        const int top = yFor(m_viewFirst);
        const int bottom = std::max(top + 4, yFor(m_viewLast) + kTickHeight);
        QColor frame = palette().color(QPalette::Highlight);
        frame.setAlpha(60);
        p.fillRect(QRect(0, top, width(), bottom - top), frame);
    }
    for (const Tick& t : m_ticks)
        p.fillRect(QRect(2, yFor(t.position), width() - 4, kTickHeight), t.color);
    p.setPen(palette().color(QPalette::Mid));
    p.drawLine(0, 0, 0, height());
}

void OverviewRuler::mousePressEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton)
        return;
    const int y = static_cast<int>(event->position().y());
    const int divergence = divergenceAt(y);
    if (divergence >= 0) {
        Q_EMIT divergenceClicked(divergence);
        return;
    }
    const int usable = std::max(1, height() - 2 * kInset - kTickHeight);
    Q_EMIT positionClicked(std::clamp(double(y - kInset) / usable, 0.0, 1.0));
}

} // namespace tilelens::gui
