#include "DockLayout.h"

#include <QDockWidget>
#include <QMainWindow>
#include <QTimer>
#include <algorithm>

namespace tilelens::gui {

DockLayout::DockLayout(QMainWindow& window, QList<QDockWidget*> bottomGroup, QDockWidget* side,
                       QDockWidget* diagnostics)
    : QObject(&window), m_window(window), m_bottomGroup(std::move(bottomGroup)), m_side(side),
      m_defaultState(window.saveState())
{
    for (QDockWidget* dock : window.findChildren<QDockWidget*>())
        keepDocked(dock);
    connect(diagnostics, &QDockWidget::visibilityChanged, this, [this, diagnostics](bool shown) {
        if (!shown && diagnostics->isHidden() && m_window.isVisible())
            QTimer::singleShot(0, this, &DockLayout::applyDefaultSizes);
    });
}

void DockLayout::keepDocked(QDockWidget* dock)
{
    dock->setFeatures(dock->features() & ~QDockWidget::DockWidgetFloatable);
    connect(dock, &QDockWidget::topLevelChanged, this, [dock](bool floating) {
        if (floating)
            QTimer::singleShot(0, dock, [dock] { dock->setFloating(false); });
    });
}

void DockLayout::applyDefaultSizes()
{
    // Every dock of the tabbed group: Qt sizes the group by any of them.
    const int dockHeight = std::clamp(m_window.height() / 4, 130, 260);
    QList<int> heights;
    for (int i = 0; i < m_bottomGroup.size(); ++i)
        heights << dockHeight;
    m_window.resizeDocks(m_bottomGroup, heights, Qt::Vertical);
    m_window.resizeDocks({m_side}, {std::clamp(m_window.width() / 7, 140, 230)}, Qt::Horizontal);
}

void DockLayout::reset()
{
    m_window.restoreState(m_defaultState);
    for (QDockWidget* dock : m_window.findChildren<QDockWidget*>())
        if (dock->isFloating())
            dock->setFloating(false);
    if (!m_bottomGroup.isEmpty())
        m_bottomGroup.front()->raise();
    // Once the restored arrangement is laid out.
    QTimer::singleShot(0, this, &DockLayout::applyDefaultSizes);
}

} // namespace tilelens::gui
