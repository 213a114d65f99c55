#pragma once
// A small find bar (Ctrl+F) under the editors: searches the editor that last
// had focus, forward on Enter / F3, backward with Shift; Escape closes it.

#include <QPointer>
#include <QWidget>

class QLabel;
class QLineEdit;
class QsciScintilla;

namespace tilelens::gui {

class FindBar : public QWidget
{
    Q_OBJECT
public:
    explicit FindBar(QWidget* parent = nullptr);

    // Shows the bar for \a editor with the editor's selection as the text.
    void open(QsciScintilla* editor);
    QsciScintilla* target() const { return m_editor; }
    QLineEdit* field() const { return m_field; }
    // Next (or previous) match of the field's text; false when none.
    bool find(bool forward = true);

protected:
    void keyPressEvent(QKeyEvent* event) override;

private:
    QPointer<QsciScintilla> m_editor;
    QLineEdit* m_field = nullptr;
    QLabel* m_status = nullptr;
};

} // namespace tilelens::gui
