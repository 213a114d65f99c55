#include "DiffSnapshot.h"

#include "SourceFileLoader.h"
#include "diff/IrDiff.h"
#include "ir/Block.h"
#include "ir/Function.h"
#include "ir/Op.h"
#include "ir/Parser.h"
#include "ir/Region.h"
#include "ir/bytecode/BytecodeReader.h"
#include "ir/bytecode/IrFileLoader.h"
#include "workspace/RustOpLinker.h"
#include "workspace/SourceLocator.h"

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <algorithm>
#include <future>

namespace tilelens::gui {
namespace {

OpSourceLink locLink(const ir::Op& op, int irLine)
{
    const ir::Location* loc = op.loc ? op.loc->fileLineCol() : nullptr;
    if (!loc || loc->line <= 0 || irLine <= 0 || op.implicitTerminator)
        return {};
    const QString file =
        QString::fromUtf8(loc->file.data(), static_cast<qsizetype>(loc->file.size()));
    return {irLine, QFileInfo(file).fileName(), loc->line, false, {}};
}

// The loc() of each op of \a region, on the line of the same op in \a shown
// (the region as the pane shows it: the same, or its printed text for
// bytecode) plus \a lineOffset. Stops where the two differ in shape.
void collectLinks(const ir::Region* region, const ir::Region* shown, int lineOffset,
                  std::vector<OpSourceLink>& out)
{
    if (!region || !shown || region->blocks.size() != shown->blocks.size())
        return;
    for (size_t b = 0; b < region->blocks.size(); ++b) {
        const auto& ops = region->blocks[b]->ops;
        const auto& shownOps = shown->blocks[b]->ops;
        if (ops.size() != shownOps.size())
            return;
        for (size_t i = 0; i < ops.size(); ++i) {
            const int line = shownOps[i]->range.beginLine;
            if (OpSourceLink link = locLink(*ops[i], line > 0 ? line + lineOffset : 0);
                link.irLine > 0)
                out.push_back(link);
            if (ops[i]->regions.size() != shownOps[i]->regions.size())
                return;
            for (size_t r = 0; r < ops[i]->regions.size(); ++r)
                collectLinks(ops[i]->regions[r], shownOps[i]->regions[r], lineOffset, out);
        }
    }
}

void collectModuleLinks(const ir::ParseResult& parsed, const ir::ParseResult& shown, int lineOffset,
                        std::vector<OpSourceLink>& out)
{
    for (size_t m = 0; m < parsed.modules.size() && m < shown.modules.size(); ++m) {
        const auto& functions = parsed.modules[m]->functions;
        const auto& shownFunctions = shown.modules[m]->functions;
        for (size_t f = 0; f < functions.size() && f < shownFunctions.size(); ++f)
            collectLinks(functions[f]->body, shownFunctions[f]->body, lineOffset, out);
    }
}

std::vector<OpSourceLink> sourceLinks(const ir::ParseResult& parsed, bool bytecode)
{
    std::vector<OpSourceLink> links;
    if (!bytecode) {
        collectModuleLinks(parsed, parsed, 0, links);
        return links;
    }
    // Bytecode ops have no lines, but its debug info has loc()s: the pane
    // shows the printed module, whose ops are these ops one for one.
    const QByteArray text = decodedBytecodeText(parsed);
    const qsizetype body = text.indexOf('\n') + 1;
    const ir::ParseResult shown = ir::parseModule(
        std::string_view(text.constData() + body, static_cast<size_t>(text.size() - body)));
    if (shown.ok())
        collectModuleLinks(parsed, shown, kDecodedHeaderLines, links);
    return links;
}

// Inferred kernel.rs links of every generated function compiled from one of
// its entries, unless the IR already has loc()s into that file.
void addInferredRustLinks(const ir::ParseResult& parsed, const QString& rustKernelPath,
                          std::vector<OpSourceLink>& links)
{
    const QString fileName = QFileInfo(rustKernelPath).fileName();
    if (std::any_of(links.begin(), links.end(),
                    [&](const OpSourceLink& l) { return l.fileName == fileName; }))
        return;
    QFile file(rustKernelPath);
    if (!file.open(QIODevice::ReadOnly))
        return;
    const QByteArray text = file.readAll();
    std::vector<std::string> entries;
    for (const ws::RustEntry& e : ws::findRustEntries(QString::fromUtf8(text)))
        entries.push_back(e.name.toStdString());
    const std::string_view source(text.constData(), static_cast<size_t>(text.size()));
    for (const ir::Module* module : parsed.modules)
        for (const ir::Function* function : module->functions) {
            const std::string entry = ws::rustEntryForIrFunction(entries, function->name);
            const auto body = entry.empty() ? std::nullopt : ws::scanRustEntry(source, entry);
            if (!body)
                continue;
            const std::vector<const ir::Op*> ops = ws::linkableOps(*function);
            std::vector<ws::LinkOp> linkOps;
            linkOps.reserve(ops.size());
            for (const ir::Op* op : ops)
                linkOps.push_back(ws::linkOpOf(*op));
            const std::vector<ws::InferredLink> inferred = ws::inferLinks(*body, linkOps);
            for (size_t i = 0; i < inferred.size(); ++i)
                if (ops[i]->range.beginLine > 0)
                    links.push_back({ops[i]->range.beginLine, fileName, inferred[i].rustLine, true,
                                     QString::fromStdString(inferred[i].because)});
        }
}

bool isBytecodeFile(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) && ir::isBytecode(file.read(16).toStdString());
}

// Text or bytecode (told apart by the magic bytes), verified, as diff::compareFiles reads
// them: IR that does not verify is not compared, its located errors are the snapshot's.
ir::ParseResult parseSide(const QString& path)
{
    ir::ParseOptions options;
    options.fileName = path.toStdString();
    return ir::loadVerifiedIrFile(options.fileName, options);
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
                                 const QString& generatedPath, const QString& rustKernelPath)
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
        snapshot.referenceLinks = sourceLinks(ref, isBytecodeFile(referencePath));
        snapshot.generatedLinks = sourceLinks(gen, isBytecodeFile(generatedPath));
        if (!rustKernelPath.isEmpty())
            addInferredRustLinks(gen, rustKernelPath, snapshot.generatedLinks);
        snapshot.alignment = computeRowAlignment(*snapshot.result);
    }
    snapshot.computeMs = timer.elapsed();
    return snapshot;
}

} // namespace tilelens::gui
