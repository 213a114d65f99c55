// Input text where Qt guesses between plain and rich text: a path or name that looks like HTML
// ("/ws/<b>k</b>", "<img src=...>") is shown as the characters it is, in tooltips, labels and
// the kernel list.

#include "PlainText.h"

#include "KernelListModel.h"
#include "SourcePane.h"

#include <QLabel>
#include <QTextDocument>
#include <gtest/gtest.h>

using namespace tilelens;
using namespace tilelens::gui;

namespace {

// What a tooltip shows of `tip`: Qt renders it as rich text when it looks like HTML.
QString shownToolTip(const QString& tip)
{
    if (!Qt::mightBeRichText(tip))
        return tip;
    QTextDocument document;
    document.setHtml(tip);
    return document.toPlainText().replace(QChar::LineSeparator, QLatin1Char('\n'));
}

} // namespace

TEST(PlainText, ToolTipsShowHtmlLookingInputAsWritten)
{
    const QString plain = QStringLiteral("/ws/softmax/kernel.rs\nline 2 & more");
    EXPECT_EQ(literalText(plain), plain) << "plain text stays as it is";
    for (const QString& input :
         {QStringLiteral("/ws/<b>soft</b>max"), QStringLiteral("<img src=\"/etc/x.png\">"),
          QStringLiteral("/ws/<i>k</i>\nsecond <u>line</u> & an &amp; entity")}) {
        ASSERT_TRUE(Qt::mightBeRichText(input)) << "Qt would render it: " << input.toStdString();
        EXPECT_EQ(shownToolTip(literalText(input)), input);
    }
}

TEST(PlainText, AKernelDirectoryThatLooksLikeHtmlIsShownAsWritten)
{
    ws::Workspace w;
    ws::Kernel k;
    k.name = QStringLiteral("softmax");
    k.dir = QStringLiteral("/ws/<b>softmax</b>");
    ws::Variant v;
    v.referenceIr = QStringLiteral("/ws/<i>ref</i>.mlir");
    k.variants = {v};
    w.kernels.push_back(k);
    KernelListModel model;
    model.setWorkspace(std::make_shared<const ws::Workspace>(std::move(w)));
    const QString tip = model.index(0, 0).data(Qt::ToolTipRole).toString();
    EXPECT_EQ(shownToolTip(tip), QStringLiteral("/ws/<b>softmax</b>\n/ws/<i>ref</i>.mlir"));
}

TEST(PlainText, APanesMessageAndTitleTipShowAPathAsWritten)
{
    SourcePane pane(SourceRole::ReferencePython);
    const QString path = QStringLiteral("/ws/<b>k</b>/reference/k.py");
    pane.showMessage(path, QStringLiteral("The file %1 could not be read").arg(path));
    const auto* message = pane.findChild<QLabel*>(QStringLiteral("paneMessage"));
    ASSERT_NE(message, nullptr);
    EXPECT_EQ(message->textFormat(), Qt::PlainText);
    const auto* title = pane.findChild<QLabel*>(QStringLiteral("paneTitle"));
    ASSERT_NE(title, nullptr);
    EXPECT_EQ(shownToolTip(title->toolTip()), path);
}
