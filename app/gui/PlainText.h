#pragma once
// Text from input (paths, kernel names, messages quoting a file) where Qt decides between plain
// and rich text by looking: a tooltip, or a label or message box left at Qt::AutoText, renders
// "/ws/<b>k</b>" bold and "<img src=...>" as a local image once Qt::mightBeRichText() says
// its first line looks like HTML. Labels and message boxes that show such text are set to
// Qt::PlainText; what has no format of its own takes literalText(): tooltips, and a message
// box's informative text (Qt 6.4's QMessageBox::setTextFormat leaves that label at AutoText).
// Qt Charts draws titles and labels as HTML always: those are escaped (PerfChart.cpp).

#include <QString>

namespace tilelens::gui {

// `text` unchanged when Qt would show it as plain text anyway; otherwise escaped and
// wrapped so that Qt shows its characters, line breaks kept.
QString literalText(const QString& text);

} // namespace tilelens::gui
