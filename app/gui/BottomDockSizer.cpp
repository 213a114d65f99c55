#include "BottomDockSizer.h"

#include <QDockWidget>
#include <QMainWindow>
#include <QScrollArea>
#include <QTimer>
#include <algorithm>

namespace tilelens::gui {

BottomDockSizer::BottomDockSizer(QMainWindow* window, QDockWidget* compact,
                                 QList<QDockWidget*> roomy)
    : QObject(window), m_window(window), m_compact(compact), m_current(compact)
{
    roomy.prepend(compact);
    for (QDockWidget* dock : roomy)
        connect(dock, &QDockWidget::visibilityChanged, this, [this, dock](bool visible) {
            if (visible && dock != m_current)
                onRaised(dock);
        });
}

void BottomDockSizer::onRaised(QDockWidget* dock)
{
    if (m_current == m_compact)
        m_compactHeight = m_compact->height(); // what the user left it at
    m_current = dock;
    // Once the tab switch is laid out.
    QTimer::singleShot(0, this, [this, dock] {
        if (dock != m_current || m_window->tabifiedDockWidgets(dock).isEmpty())
            return;
        int target = m_compactHeight;
        if (dock != m_compact) {
            const auto* area = qobject_cast<QScrollArea*>(dock->widget());
            if (!area || !area->widget())
                return;
            // The panel's minimum plus the dock's own title bar.
            target = std::min(area->widget()->minimumSizeHint().height() + dock->height() -
                                  area->viewport()->height(),
                              m_window->height() / 2);
            if (dock->height() >= target)
                return;
        }
        if (target > 0)
            resizeTo(dock, target, 2);
    });
}

void BottomDockSizer::resizeTo(QDockWidget* dock, int height, int tries)
{
    // resizeDocks sizes the whole tabbed area (tab bar, separators): correct
    // by what the dock itself got, once laid out.
    m_window->resizeDocks({dock}, {height + m_correction}, Qt::Vertical);
    QTimer::singleShot(0, this, [this, dock, height, tries] {
        const int error = height - dock->height();
        if (error == 0 || tries <= 1 || dock != m_current)
            return;
        m_correction += error;
        resizeTo(dock, height, tries - 1);
    });
}

} // namespace tilelens::gui
