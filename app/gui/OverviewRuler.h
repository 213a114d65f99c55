#pragma once
// A thin strip beside the IR pair (as in Meld and KDiff3): one tick per
// divergence at its relative row, coloured by severity; a click on a tick
// selects that divergence, a click elsewhere scrolls to that place.

#include <QColor>
#include <QWidget>
#include <vector>

namespace tilelens::gui {

class OverviewRuler : public QWidget
{
    Q_OBJECT
public:
    struct Tick
    {
        double position = 0; // 0 = first row, 1 = last
        QColor color;
        int divergence = -1; // index into DiffResult::divergences
        int severity = 0;    // lower = drawn on top
    };

    explicit OverviewRuler(QWidget* parent = nullptr);

    void setTicks(std::vector<Tick> ticks);
    const std::vector<Tick>& ticks() const { return m_ticks; }
    // The visible part of the panes as fractions, drawn as a frame.
    void setViewport(double first, double last);
    // Tick under y (widget coordinates), -1 for none.
    int divergenceAt(int y) const;

    QSize sizeHint() const override { return {14, 100}; }
    QSize minimumSizeHint() const override { return {14, 20}; }

Q_SIGNALS:
    void divergenceClicked(int divergence);
    void positionClicked(double fraction);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;

private:
    int yFor(double position) const;

    std::vector<Tick> m_ticks;
    double m_viewFirst = 0;
    double m_viewLast = 0;
};

} // namespace tilelens::gui
