#include "DiffSnapshot.h"

#include "diff/IrDiff.h"
#include "ir/Block.h"
#include "ir/Function.h"
#include "ir/Op.h"
#include "ir/Parser.h"
#include "ir/Region.h"
#include "ir/bytecode/IrFileLoader.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <algorithm>
#include <future>

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

std::vector<OpSourceLink> sourceLinks(const ir::ParseResult& parsed)
{
    std::vector<OpSourceLink> links;
    for (const ir::Module* module : parsed.modules) // bytecode ops have no lines: none added
        for (const ir::Function* function : module->functions)
            collectLinks(function->body, links);
    return links;
}

// Text or bytecode (told apart by the magic bytes), as diff::compareFiles reads them.
ir::ParseResult parseSide(const QString& path)
{
    ir::ParseOptions options;
    options.fileName = path.toStdString();
    return ir::loadIrFile(options.fileName, options);
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
    // Each file parsed once (the reference on a second thread), for the diff
    // and for the loc() links alike.
    auto refFuture = std::async(std::launch::async, [&] { return parseSide(referencePath); });
    const ir::ParseResult gen = parseSide(generatedPath);
    const ir::ParseResult ref = refFuture.get();
    bool ok = true;
    for (const auto* side : {&ref, &gen}) {
        snapshot.diagnostics.insert(snapshot.diagnostics.end(), side->diagnostics.begin(),
                                    side->diagnostics.end());
        if (!side->ok())
            ok = false;
        else if (side->modules.empty()) {
            Diagnostic d;
            d.place.file = (side == &ref ? referencePath : generatedPath).toStdString();
            d.message = "no cuda_tile.module found";
            snapshot.diagnostics.push_back(d);
            ok = false;
        }
    }
    if (ok) {
        const std::vector<const ir::Module*> refModules(ref.modules.begin(), ref.modules.end());
        const std::vector<const ir::Module*> genModules(gen.modules.begin(), gen.modules.end());
        snapshot.result =
            diff::compareModules(refModules, genModules, diff::RuleSet::defaults(),
                                 referencePath.toStdString(), generatedPath.toStdString());
        snapshot.referenceLinks = sourceLinks(ref);
        snapshot.generatedLinks = sourceLinks(gen);
        snapshot.alignment = computeRowAlignment(*snapshot.result);
    }
    snapshot.computeMs = timer.elapsed();
    return snapshot;
}

} // namespace tilelens::gui
