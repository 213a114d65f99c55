#include "FindBar.h"

#include "QsciHeaders.h"

#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QStyle>
#include <QToolButton>

namespace tilelens::gui {

FindBar::FindBar(QWidget* parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("findBar"));
    m_field = new QLineEdit(this);
    m_field->setObjectName(QStringLiteral("findField"));
    m_field->setPlaceholderText(tr("Find in the focused editor"));
    m_field->setClearButtonEnabled(true);
    m_field->setAccessibleName(tr("Find text"));
    connect(m_field, &QLineEdit::returnPressed, this, [this] { find(true); });

    auto button = [this](QStyle::StandardPixmap icon, const QString& tip) {
        auto* b = new QToolButton(this);
        b->setIcon(style()->standardIcon(icon));
        b->setToolTip(tip);
        b->setAccessibleName(tip);
        b->setAutoRaise(true);
        return b;
    };
    QToolButton* previous = button(QStyle::SP_ArrowUp, tr("Previous match (Shift+F3)"));
    connect(previous, &QToolButton::clicked, this, [this] { find(false); });
    QToolButton* next = button(QStyle::SP_ArrowDown, tr("Next match (F3)"));
    connect(next, &QToolButton::clicked, this, [this] { find(true); });
    QToolButton* close = button(QStyle::SP_TitleBarCloseButton, tr("Close (Esc)"));
    connect(close, &QToolButton::clicked, this, &QWidget::hide);
    m_status = new QLabel(this);

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 2, 4, 2);
    layout->addWidget(new QLabel(tr("Find:"), this));
    layout->addWidget(m_field, 1);
    layout->addWidget(previous);
    layout->addWidget(next);
    layout->addWidget(m_status);
    layout->addWidget(close);
    hide();
}

void FindBar::open(QsciScintilla* editor)
{
    m_editor = editor;
    if (editor && editor->hasSelectedText() && !editor->selectedText().contains(QLatin1Char('\n')))
        m_field->setText(editor->selectedText());
    m_status->clear();
    show();
    m_field->setFocus();
    m_field->selectAll();
}

bool FindBar::find(bool forward)
{
    if (!m_editor || m_field->text().isEmpty())
        return false;
    int line = 0, index = 0;
    m_editor->getCursorPosition(&line, &index);
    if (!forward && m_editor->hasSelectedText()) {
        int lineTo = 0, indexTo = 0;
        m_editor->getSelection(&line, &index, &lineTo, &indexTo); // search before the match
    }
    // Plain text, case-insensitive, wrapping around.
    const bool found =
        m_editor->findFirst(m_field->text(), false, false, false, true, forward, line, index, true);
    m_status->setText(found ? QString() : tr("Not found"));
    return found;
}

void FindBar::keyPressEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Escape) {
        hide();
        if (m_editor)
            m_editor->setFocus();
        return;
    }
    if (event->key() == Qt::Key_F3) {
        find(!(event->modifiers() & Qt::ShiftModifier));
        return;
    }
    QWidget::keyPressEvent(event);
}

} // namespace tilelens::gui
