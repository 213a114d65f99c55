#pragma once
// A two-pane splitter that lays its panes side by side when it is at least
// twice as wide as high (a bottom dock in a wide window) and one above the
// other otherwise: a short dock then shows a whole stage table beside its
// log, or the perf table beside a chart with room for its axis labels,
// instead of a few rows of each.

#include <QResizeEvent>
#include <QSplitter>

namespace tilelens::gui::panels {

class AdaptiveSplitter : public QSplitter
{
public:
    // \a firstShare: the first pane's share of the length, in percent.
    explicit AdaptiveSplitter(int firstShare, QWidget* parent = nullptr)
        : QSplitter(Qt::Vertical, parent), m_firstShare(firstShare)
    {
        setChildrenCollapsible(false);
    }

    // The smaller of both orientations' needs on each axis: the splitter
    // turns to whichever fits, so it must not ask for the stacked height
    // (that held a short dock at ~260 px).
    QSize minimumSizeHint() const override
    {
        QSize size(0, 0);
        for (int i = 0; i < count(); ++i)
            size =
                size.expandedTo(widget(i)->minimumSizeHint().expandedTo(widget(i)->minimumSize()));
        return size;
    }

protected:
    void resizeEvent(QResizeEvent* event) override
    {
        const QSize size = event->size();
        const Qt::Orientation wanted =
            size.width() >= 2 * size.height() ? Qt::Horizontal : Qt::Vertical;
        if (wanted != orientation() || !m_shared) {
            setOrientation(wanted);
            const int length = wanted == Qt::Horizontal ? size.width() : size.height();
            setSizes({length * m_firstShare / 100, length * (100 - m_firstShare) / 100});
            m_shared = true;
        }
        QSplitter::resizeEvent(event);
    }

private:
    int m_firstShare;
    bool m_shared = false; // the first split was set from m_firstShare
};

} // namespace tilelens::gui::panels
