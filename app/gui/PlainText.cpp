#include "PlainText.h"

#include <QTextDocument> // Qt::mightBeRichText

namespace tilelens::gui {

QString literalText(const QString& text)
{
    if (!Qt::mightBeRichText(text))
        return text;
    // Rich text it will be, then: of these characters, every one shown as written.
    return QStringLiteral("<p style=\"white-space:pre-wrap\">%1</p>")
        .arg(text.toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br>")));
}

} // namespace tilelens::gui
