// The GUI's File > Export: the page of writeHtmlReport() for a result whose
// IR files are read again here (the diff kept no text), written atomically.

#include "common/FileReader.h"
#include "diff/ReportWriters.h"
#include "ir/Parser.h"
#include "ir/bytecode/BytecodeReader.h"

#include <QSaveFile>
#include <QString>

namespace tilelens::diff {

namespace {

std::string irText(const std::string& path, std::string& error)
{
    Diagnostics diags;
    auto contents = readFile(path, diags, ir::kMaxParseBytes);
    if (!contents) {
        error = diags.empty() ? path + ": cannot read" : diags.front().format();
        return {};
    }
    return ir::isBytecode(contents->bytes) ? std::string() : std::move(contents->bytes);
}

} // namespace

std::string exportHtmlReport(const DiffResult& r, const std::string& outPath,
                             const std::string& title)
{
    std::string error;
    const std::string ref = irText(r.referencePath, error);
    const std::string gen = error.empty() ? irText(r.generatedPath, error) : std::string();
    if (!error.empty())
        return error;
    const std::string page = writeHtmlReport(r, ref, gen, title);
    QSaveFile out(QString::fromStdString(outPath));
    if (!out.open(QIODevice::WriteOnly) ||
        out.write(page.data(), qint64(page.size())) != qint64(page.size()) || !out.commit())
        return outPath + ": cannot write: " + out.errorString().toStdString();
    return {};
}

} // namespace tilelens::diff
