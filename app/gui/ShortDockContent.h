#pragma once
// Docks tabbed together share one height, and Qt holds the group at the
// largest minimum of its tabs: the stage and perf panels (~180-210 px) kept
// the Divergences tab at a third of a 700 px window. In a scroll area they
// ask for little; a dock shorter than a panel's minimum scrolls that panel.

#include <QFrame>
#include <QScrollArea>

namespace tilelens::gui {

inline QScrollArea* shortDockContent(QWidget* panel)
{
    auto* area = new QScrollArea;
    area->setObjectName(QStringLiteral("shortDockContent"));
    area->setFrameShape(QFrame::NoFrame);
    area->setWidgetResizable(true);
    area->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    area->setWidget(panel);
    return area;
}

} // namespace tilelens::gui
