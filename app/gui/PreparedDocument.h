#pragma once
// A Scintilla document whose text is put in off the GUI thread, through
// Scintilla's loader interface (SCI_CREATELOADER): a 100k-line IR file then
// costs the GUI thread one SCI_SETDOCPOINTER instead of ~10 MB of buffer
// growth and line indexing. Made on the GUI thread by an editor, filled in a
// worker, attached on the GUI thread; released when never attached.

#include <QByteArray>
#include <memory>

class QsciScintilla;

namespace tilelens::gui {

class PreparedDocument
{
public:
    // GUI thread: an empty loader created by \a editor (null if it fails).
    static std::shared_ptr<PreparedDocument> create(QsciScintilla* editor);
    ~PreparedDocument();
    PreparedDocument(const PreparedDocument&) = delete;
    PreparedDocument& operator=(const PreparedDocument&) = delete;

    // Any one thread, once: appends \a utf8; false when Scintilla refused it.
    bool fill(const QByteArray& utf8);
    bool isFilled() const { return m_filled; }

    // GUI thread: makes the filled document \a editor's document (its old one
    // is released) and re-applies the document-level settings a read-only
    // UTF-8 view needs. False when not filled or already attached.
    bool attachTo(QsciScintilla* editor);

private:
    explicit PreparedDocument(void* loader) : m_loader(loader) {}
    void* m_loader = nullptr; // Scintilla's ILoader until attached
    bool m_filled = false;
};

} // namespace tilelens::gui
