#include "DiffSnapshot.h"

#include "diff/IrDiff.h"
#include "ir/Block.h"
#include "ir/Function.h"
#include "ir/Op.h"
#include "ir/Parser.h"
#include "ir/Region.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <algorithm>

namespace tilelens::gui {
namespace {

void collectLinks(const ir::Region* region, std::vector<OpSourceLink>& out)
{
    if (!region)
        return;
    for (const ir::Block* block : region->blocks) {
        for (const ir::Op* op : block->ops) {
            const ir::Location* loc = op->loc ? op->loc->fileLineCol() : nullptr;
            if (loc && loc->line > 0 && op->range.beginLine > 0 && !op->implicitTerminator)
                out.push_back({op->range.beginLine,
                               QFileInfo(QString::fromUtf8(loc->file.data(), static_cast<qsizetype>(
                                                                                 loc->file.size())))
                                   .fileName(),
                               loc->line});
            for (const ir::Region* nested : op->regions)
                collectLinks(nested, out);
        }
    }
}

std::vector<OpSourceLink> sourceLinks(const QString& path)
{
    std::vector<OpSourceLink> links;
    if (path.endsWith(QStringLiteral(".tileirbc")))
        return links; // bytecode ops have no text lines to link
    const ir::ParseResult parsed = ir::parseFile(path.toStdString());
    if (!parsed.ok())
        return links;
    for (const ir::Module* module : parsed.modules)
        for (const ir::Function* function : module->functions)
            collectLinks(function->body, links);
    return links;
}

} // namespace

std::vector<int> DiffSnapshot::opLines(bool reference) const
{
    std::vector<int> lines;
    if (!result)
        return lines;
    for (const diff::FunctionDiff& f : result->functions)
        for (const diff::AlignedRow& row : f.rows) {
            const auto& site = reference ? row.reference : row.generated;
            if (site && site->line > 0)
                lines.push_back(site->line);
        }
    std::sort(lines.begin(), lines.end());
    lines.erase(std::unique(lines.begin(), lines.end()), lines.end());
    return lines;
}

DiffSnapshot computeDiffSnapshot(quint64 generation, const QString& referencePath,
                                 const QString& generatedPath)
{
    QElapsedTimer timer;
    timer.start();
    DiffSnapshot snapshot;
    snapshot.generation = generation;
    snapshot.referencePath = referencePath;
    snapshot.generatedPath = generatedPath;
    if (referencePath.isEmpty() || generatedPath.isEmpty())
        return snapshot;
    snapshot.result = diff::compareFiles(referencePath.toStdString(), generatedPath.toStdString(),
                                         diff::RuleSet::defaults(), snapshot.diagnostics);
    if (snapshot.result) {
        snapshot.referenceLinks = sourceLinks(referencePath);
        snapshot.generatedLinks = sourceLinks(generatedPath);
        snapshot.alignment = computeRowAlignment(*snapshot.result);
    }
    snapshot.computeMs = timer.elapsed();
    return snapshot;
}

} // namespace tilelens::gui
