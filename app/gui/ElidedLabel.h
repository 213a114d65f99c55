#pragma once
// A one-line plain-text label that shows as much of its text as fits and elides the rest. In
// the status bar a long message (a CPU run's outcome, a deep workspace path) would otherwise
// claim its whole width as a minimum and push the verdict off the window at 1024 px.

#include <QLabel>

namespace tilelens::gui {

class ElidedLabel : public QLabel
{
    Q_OBJECT
public:
    explicit ElidedLabel(Qt::TextElideMode mode, QWidget* parent = nullptr);

    // The whole text stays text() and is the tooltip, whatever is shown.
    void setText(const QString& text);
    // A few characters: the layout may give the label less than its text.
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    Qt::TextElideMode m_mode;
};

} // namespace tilelens::gui
