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

    // At most this many characters wide even when there is room (0: the whole text), so a
    // long message leaves room to its neighbours too.
    void setPreferredCharacters(int characters);

    // The whole text stays text() and is the tooltip, whatever is shown.
    void setText(const QString& text);
    // A few characters: the layout may give the label less than its text.
    QSize minimumSizeHint() const override;
    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    Qt::TextElideMode m_mode;
    int m_preferredCharacters = 0;
};

} // namespace tilelens::gui
