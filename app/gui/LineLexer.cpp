#include "LineLexer.h"

#include "QsciHeaders.h"

#include <QCoreApplication>
#include <cstring>

namespace tilelens::gui {
namespace {
// applyThemeToLexer() takes a plain function pointer; the lexer being themed
// is handed over through this variable for the duration of the call only.
thread_local const LineLexer* g_themedLexer = nullptr;
} // namespace

QString LineLexer::description(int style) const
{
    if (style < 0 || style >= m_styleCount)
        return {};
    // The subclass's context, as its own tr() would use.
    return QCoreApplication::translate(metaObject()->className(), m_styles[style].name);
}

TokenCategory LineLexer::categoryOf(int style) const
{
    return style >= 0 && style < m_styleCount ? m_styles[style].category : TokenCategory::Plain;
}

TokenCategory LineLexer::dispatchCategory(int style)
{
    return g_themedLexer ? g_themedLexer->categoryOf(style) : TokenCategory::Plain;
}

void LineLexer::applyTheme(const EditorTheme& theme)
{
    g_themedLexer = this;
    applyThemeToLexer(*this, theme, &LineLexer::dispatchCategory);
    g_themedLexer = nullptr;
}

void LineLexer::styleText(int start, int end)
{
    QsciScintilla* ed = editor();
    if (!ed || end <= start)
        return;
    // QScintilla may resume mid-line; restart at the beginning of that line so
    // every line is lexed whole, and finish the line that contains end - 1.
    const long firstLine = ed->SendScintilla(QsciScintillaBase::SCI_LINEFROMPOSITION,
                                             static_cast<unsigned long>(start));
    const long lastLine = ed->SendScintilla(QsciScintillaBase::SCI_LINEFROMPOSITION,
                                            static_cast<unsigned long>(end - 1));
    const int from = static_cast<int>(ed->SendScintilla(QsciScintillaBase::SCI_POSITIONFROMLINE,
                                                        static_cast<unsigned long>(firstLine)));
    const int docLength = static_cast<int>(ed->SendScintilla(QsciScintillaBase::SCI_GETLENGTH));
    int to = static_cast<int>(ed->SendScintilla(QsciScintillaBase::SCI_POSITIONFROMLINE,
                                                static_cast<unsigned long>(lastLine + 1)));
    if (to <= from || to > docLength)
        to = docLength;
    if (to <= from)
        return;

    const QByteArray text = ed->bytes(from, to);
    const int length = std::min<int>(to - from, static_cast<int>(text.size()));
    QByteArray styles(length, '\0');

    int state = firstLine > 0
                    ? static_cast<int>(ed->SendScintilla(QsciScintillaBase::SCI_GETLINESTATE,
                                                         static_cast<unsigned long>(firstLine - 1)))
                    : 0;
    const bool folds = foldsByState();
    long line = firstLine;
    int pos = 0;
    while (pos < length) {
        const char* lineStart = text.constData() + pos;
        const void* nl = std::memchr(lineStart, '\n', static_cast<size_t>(length - pos));
        const int lineLength =
            nl ? static_cast<int>(static_cast<const char*>(nl) - lineStart) : length - pos;
        const int stateBefore = state;
        state = styleLine(std::string_view(lineStart, static_cast<size_t>(lineLength)), state,
                          styles.data() + pos);
        if (folds) {
            long level = QsciScintillaBase::SC_FOLDLEVELBASE + stateBefore;
            if (state > stateBefore)
                level |= QsciScintillaBase::SC_FOLDLEVELHEADERFLAG;
            ed->SendScintilla(QsciScintillaBase::SCI_SETFOLDLEVEL, static_cast<unsigned long>(line),
                              level);
        }
        ed->SendScintilla(QsciScintillaBase::SCI_SETLINESTATE, static_cast<unsigned long>(line),
                          static_cast<long>(state));
        pos += lineLength + (nl ? 1 : 0); // the newline keeps style 0
        ++line;
    }

    startStyling(from);
    ed->SendScintilla(QsciScintillaBase::SCI_SETSTYLINGEX, static_cast<unsigned long>(length),
                      styles.constData());
}

} // namespace tilelens::gui
