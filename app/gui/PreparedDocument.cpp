#include "PreparedDocument.h"

#include "QsciHeaders.h"

#include <cstddef>

// Scintilla's loader interface, which QScintilla does not install: the class
// SCI_CREATELOADER returns a pointer to. Declared as include/ILoader.h of
// Scintilla 3.10.1 (the version QScintilla 2.13 embeds) declares it: in the
// global namespace, these three members in this order (SCI_METHOD is empty
// off Windows, Sci_Position is ptrdiff_t). Being the library's own class, not
// a look-alike, calls through it are ordinary virtual calls on an object
// derived from it. cmake/ScintillaLoader.cmake refuses to configure against a
// library whose loader is not this global ILoader.
class ILoader
{
public:
    virtual int Release() = 0;
    // Returns a status code from SC_STATUS_*.
    virtual int AddData(const char* data, std::ptrdiff_t length) = 0;
    virtual void* ConvertToDocument() = 0;
};

namespace tilelens::gui {

namespace {

constexpr int kStatusOk = 0; // SC_STATUS_OK

ILoader* asLoader(void* p)
{
    return static_cast<ILoader*>(p);
}

} // namespace

std::shared_ptr<PreparedDocument> PreparedDocument::create(QsciScintilla* editor)
{
    // No initial size: the buffer is allocated by the one AddData in the
    // worker, so not even the allocation happens on the GUI thread.
    const long loader =
        editor->SendScintilla(QsciScintillaBase::SCI_CREATELOADER, 0UL,
                              static_cast<long>(QsciScintillaBase::SC_DOCUMENTOPTION_DEFAULT));
    if (!loader)
        return nullptr;
    return std::shared_ptr<PreparedDocument>(new PreparedDocument(reinterpret_cast<void*>(loader)));
}

PreparedDocument::~PreparedDocument()
{
    if (m_loader)
        asLoader(m_loader)->Release();
}

bool PreparedDocument::fill(const QByteArray& utf8)
{
    if (!m_loader || m_filled)
        return false;
    m_filled = utf8.isEmpty() || asLoader(m_loader)->AddData(
                                     utf8.constData(), std::ptrdiff_t(utf8.size())) == kStatusOk;
    return m_filled;
}

bool PreparedDocument::attachTo(QsciScintilla* editor)
{
    if (!m_loader || !m_filled)
        return false;
    void* document = asLoader(m_loader)->ConvertToDocument(); // reference count 1
    m_loader = nullptr;
    // SCI_SETDOCPOINTER resets the EOL mode (as QsciDocument notes); keep it.
    const long eolMode = editor->SendScintilla(QsciScintillaBase::SCI_GETEOLMODE);
    editor->SendScintilla(QsciScintillaBase::SCI_SETDOCPOINTER, 0UL, document);
    editor->SendScintilla(QsciScintillaBase::SCI_RELEASEDOCUMENT, 0UL, document); // editor owns it
    editor->SendScintilla(QsciScintillaBase::SCI_SETEOLMODE, static_cast<unsigned long>(eolMode));
    // Settings stored in the document rather than the view.
    editor->SendScintilla(QsciScintillaBase::SCI_SETCODEPAGE,
                          static_cast<unsigned long>(QsciScintillaBase::SC_CP_UTF8));
    editor->SendScintilla(QsciScintillaBase::SCI_SETTABWIDTH,
                          static_cast<unsigned long>(editor->tabWidth()));
    editor->SendScintilla(QsciScintillaBase::SCI_SETUNDOCOLLECTION, 0UL);
    editor->SendScintilla(QsciScintillaBase::SCI_SETREADONLY, 1UL);
    return true;
}

} // namespace tilelens::gui
