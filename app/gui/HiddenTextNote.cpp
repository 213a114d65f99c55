#include "HiddenTextNote.h"

#include "EditorTheme.h"
#include "QsciHeaders.h"
#include "SeverityStyle.h"
#include "common/PrintableText.h"

#include <cmath>

namespace tilelens::gui {

void markHiddenCharacters(QsciScintilla& editor)
{
    for (const HiddenCharacterInfo& row : hiddenCharacterTable()) {
        std::string bytes;
        appendUtf8(bytes, row.codePoint);
        const std::string label(row.abbreviation);
        editor.SendScintilla(QsciScintillaBase::SCI_SETREPRESENTATION, bytes.c_str(),
                             label.c_str());
    }
}

void styleLookalikeNameIndicator(QsciScintilla& editor, const EditorTheme& theme)
{
    using Sci = QsciScintillaBase;
    editor.SendScintilla(Sci::SCI_INDICSETSTYLE, kLookalikeNameIndicator, Sci::INDIC_SQUIGGLE);
    editor.SendScintilla(Sci::SCI_INDICSETFORE, kLookalikeNameIndicator,
                         severityColor(diff::Severity::Warn, theme.dark));
}

void underlineLookalikeNames(QsciScintilla& editor, const LookalikeNameScan& scan)
{
    using Sci = QsciScintillaBase;
    editor.SendScintilla(Sci::SCI_SETINDICATORCURRENT, kLookalikeNameIndicator);
    const auto length = static_cast<size_t>(editor.SendScintilla(Sci::SCI_GETLENGTH));
    for (const LookalikeName& n : scan.listed)
        if (n.offset + n.length <= length)
            editor.SendScintilla(Sci::SCI_INDICATORFILLRANGE, static_cast<unsigned long>(n.offset),
                                 static_cast<long>(n.length));
}

HiddenTextNote::HiddenTextNote(QWidget* parent) : QLabel(parent)
{
    setObjectName(QStringLiteral("hiddenTextNote"));
    setWordWrap(true);
    setTextFormat(Qt::RichText);
    setContentsMargins(6, 3, 6, 3);
    setAutoFillBackground(true);
    connect(this, &QLabel::linkActivated, this, [this] { Q_EMIT revealRequested(m_first); });
    hide();
}

QString HiddenTextNote::sentenceFor(const HiddenTextScan& scan)
{
    if (!scan.found())
        return {};
    const QString first =
        QString::fromStdString(describeHiddenCharacter(scan.listed.front().codePoint));
    const QString lines = QString::fromStdString(hiddenTextLines(scan));
    if (scan.count == 1)
        return tr("This file has a hidden or bidirectional Unicode character, drawn as a box: "
                  "%1 on line %2. The text may read differently than it compiles.")
            .arg(first, lines);
    const QString count = QString::number(qulonglong(scan.count));
    if (!lines.contains(QLatin1Char(',')))
        return tr("This file has %1 hidden or bidirectional Unicode characters, drawn as boxes "
                  "(the first is %2) on line %3. The text may read differently than it "
                  "compiles.")
            .arg(count, first, lines);
    return tr("This file has %1 hidden or bidirectional Unicode characters, drawn as boxes "
              "(the first is %2) on lines %3. The text may read differently than it compiles.")
        .arg(count, first, lines);
}

namespace {

// A script's name in the user's language.
QString scriptName(LetterScript script)
{
    switch (script) {
    case LetterScript::Latin:
        return HiddenTextNote::tr("Latin");
    case LetterScript::Greek:
        return HiddenTextNote::tr("Greek");
    case LetterScript::Cyrillic:
        return HiddenTextNote::tr("Cyrillic");
    case LetterScript::Armenian:
        return HiddenTextNote::tr("Armenian");
    case LetterScript::None:
        break;
    }
    return {};
}

} // namespace

QString HiddenTextNote::sentenceFor(const LookalikeNameScan& scan)
{
    if (!scan.found())
        return {};
    const LookalikeName& first = scan.listed.front();
    QStringList scriptNames;
    for (const LetterScript s : first.scripts)
        scriptNames << scriptName(s);
    const QString name = QString::fromStdString(first.name);
    const QString line = QString::number(first.line.number());
    const QString scripts = scriptNames.join(QLatin1Char('/'));
    const QString odd = QString::fromStdString(first.odd);
    const QString count = QString::number(qulonglong(scan.count));
    if (first.mixesScripts()) {
        if (scan.count == 1)
            return tr("The name %1 on line %2 mixes %3 letters (%4): it may read as another "
                      "name.")
                .arg(name, line, scripts, odd);
        return tr("This file has %1 names that may read as other names; the first, %2 on line "
                  "%3, mixes %4 letters (%5).")
            .arg(count, name, line, scripts, odd);
    }
    const QString readsAs = QString::fromStdString(first.readsAs);
    if (scan.count == 1)
        return tr("The name %1 on line %2 is written in %3 letters (%4) that look like Latin "
                  "ones: it reads as %5, another name.")
            .arg(name, line, scripts, odd, readsAs);
    return tr("This file has %1 names that may read as other names; the first, %2 on line %3, "
              "is written in %4 letters (%5) that look like Latin ones and reads as %6.")
        .arg(count, name, line, scripts, odd, readsAs);
}

void HiddenTextNote::showScan(const HiddenTextScan& hidden, const LookalikeNameScan& lookalike)
{
    const QString hiddenSentence = sentenceFor(hidden);
    const QString lookalikeSentence = sentenceFor(lookalike);
    m_sentence = QStringList{hiddenSentence, lookalikeSentence}.join(QLatin1Char(' ')).trimmed();
    if (m_sentence.isEmpty()) {
        clear();
        return;
    }
    // The link goes to the earlier of the two first places.
    m_first = hidden.found() ? hidden.listed.front().line : lookalike.listed.front().line;
    if (hidden.found() && lookalike.found() &&
        lookalike.listed.front().line.number() < m_first.number())
        m_first = lookalike.listed.front().line;
    const QString link = tr("Go to line %1").arg(m_first.number());
    setText(QStringLiteral("\u26a0 %1 <a href=\"#first\">%2</a>")
                .arg(m_sentence.toHtmlEscaped(), link.toHtmlEscaped()));
    show();
}

void HiddenTextNote::clear()
{
    m_sentence.clear();
    m_first = FileLine();
    setText(QString());
    hide();
}

void HiddenTextNote::applyTheme(const EditorTheme& theme)
{
    // The warn colour over the pane's paper: a strip that reads as a warning in both themes.
    const QColor tint = severityColor(diff::Severity::Warn, theme.dark);
    constexpr double kTint = 0.22;
    const QColor paper = theme.paper;
    const auto mix = [](int a, int b) { return int(std::lround(a * (1 - kTint) + b * kTint)); };
    QPalette p = palette();
    p.setColor(QPalette::Window,
               QColor(mix(paper.red(), tint.red()), mix(paper.green(), tint.green()),
                      mix(paper.blue(), tint.blue())));
    p.setColor(QPalette::WindowText, theme.text);
    setPalette(p);
}

} // namespace tilelens::gui
