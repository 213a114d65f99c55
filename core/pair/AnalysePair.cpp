#include "common/BytePath.h"
#include "diff/IrDiff.h"
#include "diff/RuleSet.h"
#include "ir/Parser.h"
#include "pair/CrossCheck.h"
#include "pair/PairAnalysis.h"
#include "pair/SideReader.h"
#include "pair/SourceLinks.h"

#include <sys/stat.h>

namespace tilelens::pair {
namespace {

// Bytes of a side when known before reading it (0: unknown, a FIFO or a missing file, which
// the read reports). Only sizes the differ's threads and arenas.
uint64_t knownSize(const SideSource& source)
{
    if (source.bytes)
        return source.bytes->size();
    struct stat st
    {
    };
    if (::stat(nativePath(source.path).c_str(), &st) != 0 || !S_ISREG(st.st_mode))
        return 0;
    return uint64_t(st.st_size);
}

std::shared_ptr<const diff::RuleSet> rulesOf(const PairRequest& request)
{
    if (request.rules)
        return request.rules;
    // The built-in set lives as long as the program: shared without owning it.
    return std::shared_ptr<const diff::RuleSet>(&diff::RuleSet::defaults(),
                                                [](const diff::RuleSet*) {});
}

// What the views of a compared pair need beyond the result: links, alignment, models. Only for
// a result: the panes of a refused pair show its errors.
void addViews(PairAnalysis& a, const PairRequest& request,
              const PerSide<std::shared_ptr<const ir::ParseResult>>& models,
              const CancelToken& cancel)
{
    if (request.sourceLinks) {
        cancel.throwIfCancelled();
        for (Side s : kBothSides)
            a.sides[s].links = locLinks(*models[s], a.sides[s].text.get());
        if (!request.rustKernelPath.empty())
            addInferredRustLinks(*models[Side::Generated], request.rustKernelPath,
                                 a.sides[Side::Generated].links);
    }
    if (request.rowAlignment) {
        cancel.throwIfCancelled();
        a.alignment = computeRowAlignment(*a.result);
    }
    if (request.keepModels)
        for (Side s : kBothSides)
            a.sides[s].model = models[s];
}

// The quick CPU search of the result's unproven criticals (PairRequest::cpuSearch), written
// into the result before any view reads it.
void searchUnproven(PairAnalysis& a, const PairRequest& request,
                    const PerSide<std::shared_ptr<const ir::ParseResult>>& models,
                    const CancelToken& cancel)
{
    if (!request.cpuSearch || a.result->unprovenCriticals() == 0)
        return;
    const CpuSearchRequest& search = *request.cpuSearch;
    crosscheck::QuickSearchOptions options;
    options.given = search.binding;
    if (!options.given)
        options.provider = portBindingProvider(request.sides.reference().path,
                                               request.sides.generated().path, search.bindingWay);
    options.budgetSeconds = search.budgetSeconds;
    options.cancel = cancel;
    a.cpuSearch = crosscheck::quickSearch(*a.result, modulesOf(*models[Side::Reference]),
                                          modulesOf(*models[Side::Generated]), options);
    cancel.throwIfCancelled();
    crosscheck::applyQuickSearch(*a.result, a.cpuSearch);
}

} // namespace

PairAnalysis analysePair(const PairRequest& request, const CancelToken& cancel)
{
    const auto start = std::chrono::steady_clock::now();
    PairAnalysis a;
    a.rules = rulesOf(request);
    for (Side s : kBothSides)
        a.sides[s].path = request.sides[s].path;
    PerSide<std::shared_ptr<const ir::ParseResult>> models;
    const auto load = [&](Side side, const diff::FunctionSink& announce) {
        SideReadOptions options;
        options.keepText = request.keepText;
        options.printBytecode = request.printBytecode;
        options.decodedHeader = request.decodedHeader;
        options.announce = announce;
        if (request.onSideText)
            options.onText = [&request, side](const std::shared_ptr<const SideText>& text) {
                request.onSideText(side, text);
            };
        SideRead read = readSide(request.sides[side], options, cancel);
        a.sides[side] = std::move(read.side);
        models[side] = std::move(read.model);
        return a.sides[side].loaded ? modulesOf(*models[side]) : std::vector<const ir::Module*>();
    };
    diff::CompareOptions options;
    options.alignedRows = request.alignedRows;
    options.cancel = cancel;
    options.inputBytes =
        knownSize(request.sides.reference()) + knownSize(request.sides.generated());
    try {
        a.result = diff::compareLoading(load, {}, *a.rules, request.sides.reference().path,
                                        request.sides.generated().path, options);
        a.status = a.result ? PairStatus::Compared : PairStatus::InputError;
        if (a.result) {
            searchUnproven(a, request, models, cancel);
            addViews(a, request, models, cancel);
        }
    } catch (const Cancelled&) {
        a.result.reset();
        a.alignment = {};
        for (Side s : kBothSides)
            a.sides[s].links.clear();
        a.status = PairStatus::Cancelled;
    }
    a.elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(
        std::chrono::steady_clock::now() - start);
    return a;
}

} // namespace tilelens::pair
