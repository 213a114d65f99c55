#include "pair/SourceLinks.h"

#include "common/FileReader.h"
#include "ir/Block.h"
#include "ir/Function.h"
#include "ir/Op.h"
#include "ir/Parser.h"
#include "ir/Region.h"
#include "pair/PairAnalysis.h"
#include "workspace/RustOpLinker.h"
#include "workspace/SourceLocator.h"

#include <QString>
#include <algorithm>

namespace tilelens::pair {
namespace {

// Largest kernel.rs read for inferred links.
constexpr int64_t kMaxRustKernelBytes = int64_t(64) << 20;

SourceLink locLink(const ir::Op& op, FileLine irLine)
{
    const ir::Location* loc = op.loc ? op.loc->fileLineCol() : nullptr;
    if (!loc || loc->line <= 0 || !irLine.known() || op.implicitTerminator)
        return {};
    return {irLine, std::string(fileNameOf(loc->file)), FileLine(loc->line), false, {}};
}

// The loc() of each op of `region`, on the line of the same op in `shown` (the region as the
// pane shows it: the same, or its printed text for bytecode) plus `lineOffset`. Stops where the
// two differ in shape.
void collectLinks(const ir::Region* region, const ir::Region* shown, int lineOffset,
                  std::vector<SourceLink>& out)
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
            if (SourceLink link = locLink(*ops[i], FileLine(line > 0 ? line + lineOffset : 0));
                link.irLine.known())
                out.push_back(std::move(link));
            if (ops[i]->regions.size() != shownOps[i]->regions.size())
                return;
            for (size_t r = 0; r < ops[i]->regions.size(); ++r)
                collectLinks(ops[i]->regions[r], shownOps[i]->regions[r], lineOffset, out);
        }
    }
}

void collectModuleLinks(const ir::ParseResult& parsed, const ir::ParseResult& shown, int lineOffset,
                        std::vector<SourceLink>& out)
{
    for (size_t m = 0; m < parsed.modules.size() && m < shown.modules.size(); ++m) {
        const auto& functions = parsed.modules[m]->functions;
        const auto& shownFunctions = shown.modules[m]->functions;
        for (size_t f = 0; f < functions.size() && f < shownFunctions.size(); ++f)
            collectLinks(functions[f]->body, shownFunctions[f]->body, lineOffset, out);
    }
}

} // namespace

std::string_view fileNameOf(std::string_view path)
{
    const auto slash = path.rfind('/');
    return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

std::vector<SourceLink> locLinks(const ir::ParseResult& model, const SideText* printed)
{
    std::vector<SourceLink> links;
    if (!printed || !printed->fromBytecode) {
        collectModuleLinks(model, model, 0, links);
        return links;
    }
    // Bytecode ops have no lines, but its debug info has loc()s: the pane shows the printed
    // module, whose ops are these ops one for one.
    std::string_view body = printed->view();
    for (int i = 0; i < printed->headerLines; ++i) {
        const auto eol = body.find('\n');
        body = eol == std::string_view::npos ? std::string_view() : body.substr(eol + 1);
    }
    const ir::ParseResult shown = ir::parseModule(body);
    if (shown.ok())
        collectModuleLinks(model, shown, printed->headerLines, links);
    return links;
}

void addInferredRustLinks(const ir::ParseResult& model, const std::string& rustKernelPath,
                          std::vector<SourceLink>& links)
{
    const std::string fileName(fileNameOf(rustKernelPath));
    if (std::any_of(links.begin(), links.end(),
                    [&](const SourceLink& l) { return l.fileName == fileName; }))
        return;
    Diagnostics diags;
    const auto contents = readFile(rustKernelPath, diags, kMaxRustKernelBytes);
    if (!contents)
        return;
    const std::string& source = contents->bytes;
    std::vector<std::string> entries;
    for (const ws::RustEntry& e : ws::findRustEntries(QString::fromStdString(source)))
        entries.push_back(e.name.toStdString());
    for (const ir::Module* module : model.modules)
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
                    links.push_back({FileLine(ops[i]->range.beginLine), fileName,
                                     FileLine(inferred[i].rustLine), true, inferred[i].because});
        }
}

} // namespace tilelens::pair
