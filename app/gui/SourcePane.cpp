#include "SourcePane.h"

#include "HiddenTextNote.h"
#include "PlainText.h"
#include "PreparedDocument.h"
#include "QsciHeaders.h"
#include "RustLexer.h"
#include "TileIrLexer.h"

#include <QFileInfo>
#include <QLabel>
#include <QStackedWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <cstring>

namespace tilelens::gui {
namespace {
constexpr int kLineNumberMargin = 0;
constexpr int kMarkerMargin = 1; // reserved for severity markers (IR diff view)
constexpr int kFoldMargin = 2;
} // namespace

SourcePane::SourcePane(SourceRole role, QWidget* parent) : QWidget(parent), m_role(role)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);

    m_title = new QLabel(this);
    m_title->setObjectName(QStringLiteral("paneTitle"));
    m_title->setTextFormat(Qt::PlainText);
    m_title->setContentsMargins(6, 3, 6, 3);
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_title->setAutoFillBackground(true);
    m_title->setBackgroundRole(QPalette::AlternateBase);
    layout->addWidget(m_title);

    m_hiddenNote = new HiddenTextNote(this);
    connect(m_hiddenNote, &HiddenTextNote::revealRequested, this,
            [this](FileLine line) { revealLine(line.number()); });
    layout->addWidget(m_hiddenNote);

    m_stack = new QStackedWidget(this);
    layout->addWidget(m_stack, 1);

    m_editor = new QsciScintilla(m_stack);
    m_editor->setObjectName(QStringLiteral("sourceEditor"));
    m_editor->setUtf8(true);
    m_editor->setReadOnly(true);
    m_editor->setWrapMode(QsciScintilla::WrapNone);
    m_editor->setTabWidth(4);
    m_editor->setIndentationGuides(true);
    m_editor->setCaretLineVisible(true);
    // Keep the current line marked in all four panes, not only the focused one.
    m_editor->SendScintilla(QsciScintillaBase::SCI_SETCARETLINEVISIBLEALWAYS, 1UL);
    m_editor->setBraceMatching(QsciScintilla::NoBraceMatch);
    m_editor->setMarginType(kLineNumberMargin, QsciScintilla::NumberMargin);
    m_editor->setMarginLineNumbers(kLineNumberMargin, true);
    m_editor->setMarginWidth(kMarkerMargin, 6);
    m_editor->setMarginWidth(kFoldMargin, 0);
    // The horizontal scroll bar follows the longest line seen, not a fixed 2000 px.
    m_editor->SendScintilla(QsciScintillaBase::SCI_SETSCROLLWIDTH, 1UL);
    m_editor->SendScintilla(QsciScintillaBase::SCI_SETSCROLLWIDTHTRACKING, 1UL);
    // A read-only view needs no undo history (saves memory on big IR files).
    m_editor->SendScintilla(QsciScintillaBase::SCI_SETUNDOCOLLECTION, 0UL);
    markHiddenCharacters(*m_editor);

    switch (role) {
    case SourceRole::ReferencePython:
        m_lexer = new QsciLexerPython(m_editor);
        break;
    case SourceRole::GeneratedRust:
        m_lexer = new RustLexer(m_editor);
        break;
    case SourceRole::ReferenceIr:
    case SourceRole::GeneratedIr:
        m_lexer = new TileIrLexer(m_editor);
        break;
    }
    m_editor->setLexer(m_lexer);
    if (role == SourceRole::ReferenceIr || role == SourceRole::GeneratedIr) {
        // Regions (function bodies, for/if/reduce blocks) fold by the fold
        // levels TileIrLexer sets from the `{`/`}` nesting.
        m_editor->setFolding(QsciScintilla::BoxedTreeFoldStyle, kFoldMargin);
    }
    m_stack->addWidget(m_editor);

    m_message = new QLabel(m_stack);
    m_message->setObjectName(QStringLiteral("paneMessage"));
    m_message->setTextFormat(Qt::PlainText); // names paths and read errors
    m_message->setWordWrap(true);
    m_message->setAlignment(Qt::AlignCenter);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_message->setMargin(24);
    m_message->setAutoFillBackground(true);
    m_stack->addWidget(m_message);

    setPath({});
    applyTheme(EditorTheme::forPalette(palette()));
}

QString SourcePane::roleName(SourceRole role)
{
    switch (role) {
    case SourceRole::ReferencePython:
        return tr("Reference Python");
    case SourceRole::GeneratedRust:
        return tr("Generated Rust");
    case SourceRole::ReferenceIr:
        return tr("Reference IR");
    case SourceRole::GeneratedIr:
        return tr("Generated IR");
    }
    return {};
}

void SourcePane::setPath(const QString& path)
{
    m_path = path;
    const QString name = path.isEmpty() ? tr("(none)") : QFileInfo(path).fileName();
    m_title->setText(roleName(m_role) + QStringLiteral(" \u2013 ") + name);
    m_title->setToolTip(literalText(path));
}

void SourcePane::showLoading(const QString& path)
{
    setPath(path);
    cancelFill();
    m_hiddenNote->clear();
    // Keep the old text visible while loading would mislead; say what happens.
    m_message->setText(tr("Loading %1\u2026").arg(QFileInfo(path).fileName()));
    m_stack->setCurrentWidget(m_message);
}

void SourcePane::showSource(const LoadedSource& source)
{
    if (!source.ok()) {
        showMessage(source.path, source.error);
        return;
    }
    setPath(source.path);
    if (source.decodedFromBytecode)
        m_title->setText(m_title->text() + tr(" (decoded bytecode)"));
    cancelFill();
    m_hiddenNote->showScan(source.hidden, source.lookalikeNames);
    m_lookalikeNames = source.lookalikeNames;
    // Filled in the worker: one pointer swap, whatever the size.
    if (source.document && source.document->attachTo(m_editor)) {
        // Setting the code page (attachTo does, for the new document) resets the view's
        // representations: draw the hidden characters as boxes again.
        markHiddenCharacters(*m_editor);
        underlineLookalikeNames(*m_editor, m_lookalikeNames);
        m_editor->setCursorPosition(0, 0);
        m_stack->setCurrentWidget(m_editor);
        updateLineNumberWidth();
        Q_EMIT sourceShown();
        return;
    }
    clearEditor();
    m_pending = source.utf8;
    m_pendingOffset = 0;
    // Reserve the whole text once so appending never regrows (and copies) the buffer.
    m_editor->SendScintilla(QsciScintillaBase::SCI_ALLOCATE,
                            static_cast<unsigned long>(m_pending.size() + 1));
    m_stack->setCurrentWidget(m_editor);
    // A chunk per event-loop turn: big files never freeze the UI.
    m_fill.start([this] { return appendNextChunk(); });
}

std::shared_ptr<PreparedDocument> SourcePane::prepareDocument() const
{
    if (!qobject_cast<LineLexer*>(m_lexer))
        return nullptr;
    return PreparedDocument::create(m_editor);
}

void SourcePane::cancelFill()
{
    m_fill.cancel();
    m_pending.clear();
    m_pendingOffset = -1;
}

void SourcePane::clearEditor()
{
    m_editor->setReadOnly(false);
    m_editor->SendScintilla(QsciScintillaBase::SCI_CLEARALL);
    m_editor->setReadOnly(true);
}

bool SourcePane::appendNextChunk()
{
    if (m_pendingOffset < 0)
        return false;
    const qsizetype size = m_pending.size();
    qsizetype end = std::min(size, m_pendingOffset + kFillChunkBytes);
    if (end < size) {
        // End the chunk after a newline so no line (or UTF-8 sequence) is split.
        const void* nl =
            std::memchr(m_pending.constData() + end, '\n', static_cast<size_t>(size - end));
        end = nl ? static_cast<const char*>(nl) - m_pending.constData() + 1 : size;
    }
    // Bytes straight into Scintilla: no UTF-16 round trip on the GUI thread.
    // Modification events are muted meanwhile: QScintilla would convert the
    // inserted text to a QString for them (about half the time otherwise).
    const long eventMask = m_editor->SendScintilla(QsciScintillaBase::SCI_GETMODEVENTMASK);
    m_editor->SendScintilla(QsciScintillaBase::SCI_SETMODEVENTMASK, 0UL);
    m_editor->setReadOnly(false);
    m_editor->SendScintilla(QsciScintillaBase::SCI_APPENDTEXT,
                            static_cast<unsigned long>(end - m_pendingOffset),
                            m_pending.constData() + m_pendingOffset);
    m_editor->setReadOnly(true);
    m_editor->SendScintilla(QsciScintillaBase::SCI_SETMODEVENTMASK,
                            static_cast<unsigned long>(eventMask));
    if (m_pendingOffset == 0)
        m_editor->setCursorPosition(0, 0);
    updateLineNumberWidth();

    if (end >= size) {
        cancelFill();
        underlineLookalikeNames(*m_editor, m_lookalikeNames); // the whole text is in
        Q_EMIT sourceShown();
        return false;
    }
    m_pendingOffset = end;
    return true; // the rest after the event loop had a turn
}

void SourcePane::showMessage(const QString& path, const QString& message)
{
    setPath(path);
    cancelFill();
    clearEditor();
    m_hiddenNote->clear();
    m_message->setText(message);
    m_stack->setCurrentWidget(m_message);
    Q_EMIT sourceShown();
}

void SourcePane::revealLine(int line)
{
    if (line <= 0 || line > m_editor->lines())
        return;
    constexpr int kContextLines = 3; // comments/decorators above the definition
    const EditorLine at = FileLine(line).toEditor();
    m_editor->setCursorPosition(at.index(), 0);
    m_editor->setFirstVisibleLine(std::max(0, at.index() - kContextLines));
}

QString SourcePane::title() const
{
    return m_title->text();
}

bool SourcePane::isShowingMessage() const
{
    return m_stack->currentWidget() == m_message;
}

QString SourcePane::message() const
{
    return m_message->text();
}

QString SourcePane::hiddenTextNote() const
{
    return m_hiddenNote->sentence();
}

void SourcePane::updateLineNumberWidth()
{
    const auto digits = int(QString::number(std::max(1, m_editor->lines())).size());
    m_editor->setMarginWidth(kLineNumberMargin, QString(digits + 1, QLatin1Char('9')));
}

void SourcePane::applyTheme(const EditorTheme& theme)
{
    if (auto* own = qobject_cast<LineLexer*>(m_lexer))
        own->applyTheme(theme);
    else if (m_lexer)
        applyThemeToLexer(*m_lexer, theme, &pythonStyleCategory);
    applyThemeToEditor(*m_editor, theme);
    m_hiddenNote->applyTheme(theme);
    styleLookalikeNameIndicator(*m_editor, theme);
    QPalette messagePalette = m_message->palette();
    messagePalette.setColor(QPalette::Window, theme.paper);
    messagePalette.setColor(QPalette::WindowText, theme.messageText);
    m_message->setPalette(messagePalette);
    updateLineNumberWidth();
}

} // namespace tilelens::gui
