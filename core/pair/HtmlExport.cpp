#include "pair/HtmlExport.h"

#include "diff/ReportWriters.h"
#include "pair/PairAnalysis.h"

#include <QSaveFile>
#include <QString>

namespace tilelens::pair {
namespace {

// The text a side shows on the page: the file as read; none for bytecode (its printed text is
// the GUI pane's, not the file's).
std::string_view shownText(const PairSide& side)
{
    return side.text && !side.text->fromBytecode ? side.text->view() : std::string_view();
}

} // namespace

std::string htmlPage(const PairAnalysis& analysis, const std::string& title,
                     const std::string& writer)
{
    if (!analysis.result)
        return {};
    return diff::writeHtmlReport(*analysis.result, shownText(analysis.sides.reference()),
                                 shownText(analysis.sides.generated()), title, writer);
}

std::string exportHtml(const PairAnalysis& analysis, const std::string& outPath,
                       const std::string& title, const std::string& writer)
{
    if (!analysis.result)
        return outPath + ": not written: the pair was not compared";
    const std::string page = htmlPage(analysis, title, writer);
    QSaveFile out(QString::fromStdString(outPath));
    if (!out.open(QIODevice::WriteOnly) ||
        out.write(page.data(), qint64(page.size())) != qint64(page.size()) || !out.commit())
        return outPath + ": cannot write: " + out.errorString().toStdString();
    return {};
}

} // namespace tilelens::pair
