#pragma once
// One of the four read-only editor panes: a title with the role and the file
// name, and either the QScintilla editor or a message saying why there is no
// text (missing file, unreadable file, still loading).

#include "EditorTheme.h"
#include "JobTracker.h"
#include "SourceFileLoader.h"

#include <QWidget>
#include <memory>

class QLabel;
class QStackedWidget;
class QsciLexer;
class QsciScintilla;

namespace tilelens::gui {

class HiddenTextNote;
class PreparedDocument;

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

    // Shows "loading"; cancels a fill in progress.
    void showLoading(const QString& path);
    // Puts the text in the editor: files above kFillChunkBytes are appended
    // in chunks over several event-loop turns; sourceShown() says when done.
    void showSource(const LoadedSource& source);
    // A document for the worker to fill with this pane's next text (see
    // PreparedDocument.h); null for panes whose lexer keeps per-document
    // state (Python), which fill from LoadedSource::utf8 instead.
    std::shared_ptr<PreparedDocument> prepareDocument() const;
    // Shows \a message instead of text; emits sourceShown() at once.
    void showMessage(const QString& path, const QString& message);
    // True while a big file is still being appended.
    bool isFilling() const { return m_pendingOffset >= 0; }

    static constexpr qsizetype kFillChunkBytes = qsizetype(1) << 20;

    // Puts the caret on 1-based file line \a line and scrolls it near the top
    // (used to land on the selected variant's kernel function or entry).
    void revealLine(int line);

    QString title() const; // the header text
    QString path() const { return m_path; }
    bool isShowingMessage() const;
    QString message() const;
    // The hidden-text warning shown under the title ("" when none; HiddenTextNote.h).
    QString hiddenTextNote() const;

    void applyTheme(const EditorTheme& theme);

Q_SIGNALS:
    void sourceShown();

private:
    void setPath(const QString& path);
    void cancelFill();
    void clearEditor();
    bool appendNextChunk(); // true: more to append
    void updateLineNumberWidth();

    SourceRole m_role;
    QString m_path;
    QLabel* m_title = nullptr;
    HiddenTextNote* m_hiddenNote = nullptr;
    LookalikeNameScan m_lookalikeNames; // of the text shown (underlined once it is all in)
    QStackedWidget* m_stack = nullptr;
    QsciScintilla* m_editor = nullptr;
    QsciLexer* m_lexer = nullptr;
    QLabel* m_message = nullptr;

    QByteArray m_pending; // text still to append (implicitly shared with the loader's copy)
    qsizetype m_pendingOffset = -1; // -1: no fill in progress
    SlicedRun m_fill{this};         // the chunks of the fill in progress
};

} // namespace tilelens::gui
