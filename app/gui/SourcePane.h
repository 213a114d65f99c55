#pragma once
// One of the four read-only editor panes: a title with the role and the file
// name, and either the QScintilla editor or a message saying why there is no
// text (missing file, unreadable file, still loading).

#include "EditorTheme.h"
#include "SourceFileLoader.h"

#include <QWidget>

class QLabel;
class QStackedWidget;
class QsciLexer;
class QsciScintilla;

namespace tilelens::gui {

class SourcePane : public QWidget
{
    Q_OBJECT
public:
    explicit SourcePane(SourceRole role, QWidget* parent = nullptr);

    SourceRole role() const { return m_role; }
    QsciScintilla* editor() const { return m_editor; }
    QsciLexer* lexer() const { return m_lexer; }

    // "Reference Python", "Generated IR", ...
    static QString roleName(SourceRole role);

    void showLoading(const QString& path);
    void showSource(const LoadedSource& source);
    void showMessage(const QString& path, const QString& message);

    // Puts the caret on 1-based file line \a line and scrolls it near the top
    // (used to land on the selected variant's kernel function or entry).
    void revealLine(int line);

    QString title() const;          // the header text
    QString path() const { return m_path; }
    bool isShowingMessage() const;
    QString message() const;

    void applyTheme(const EditorTheme& theme);

private:
    void setPath(const QString& path);
    void updateLineNumberWidth();

    SourceRole m_role;
    QString m_path;
    QLabel* m_title = nullptr;
    QStackedWidget* m_stack = nullptr;
    QsciScintilla* m_editor = nullptr;
    QsciLexer* m_lexer = nullptr;
    QLabel* m_message = nullptr;
};

} // namespace tilelens::gui
