#include "ElidedLabel.h"

#include "PlainText.h"

#include <QPainter>
#include <QStyle>
#include <algorithm>

namespace tilelens::gui {

namespace {
constexpr int kMinimumCharacters = 12; // enough for "CPU run: …" or a path's last folder
} // namespace

ElidedLabel::ElidedLabel(Qt::TextElideMode mode, QWidget* parent) : QLabel(parent), m_mode(mode)
{
    setTextFormat(Qt::PlainText);
}

void ElidedLabel::setText(const QString& text)
{
    QLabel::setText(text);
    setToolTip(literalText(text));
}

void ElidedLabel::setPreferredCharacters(int characters)
{
    m_preferredCharacters = characters;
    updateGeometry();
}

QSize ElidedLabel::sizeHint() const
{
    QSize whole = QLabel::sizeHint();
    if (m_preferredCharacters > 0) {
        const QMargins m = contentsMargins();
        whole.setWidth(
            std::min(whole.width(), fontMetrics().averageCharWidth() * m_preferredCharacters +
                                        m.left() + m.right()));
    }
    return whole;
}

QSize ElidedLabel::minimumSizeHint() const
{
    const QMargins m = contentsMargins();
    return {fontMetrics().averageCharWidth() * kMinimumCharacters + m.left() + m.right(),
            QLabel::minimumSizeHint().height()};
}

void ElidedLabel::paintEvent(QPaintEvent* /*event*/)
{
    QPainter painter(this);
    const QRect area = contentsRect();
    const QString shown = fontMetrics().elidedText(text(), m_mode, area.width());
    style()->drawItemText(&painter, area, int(alignment() | Qt::AlignVCenter), palette(),
                          isEnabled(), shown, foregroundRole());
}

} // namespace tilelens::gui
