#include "InspectorSession.h"

#include "SourceFileLoader.h"
#include "common/WorkerPool.h"
#include "pair/Rules.h"

#include <algorithm>
#include <mutex>

namespace tilelens::gui {
namespace {

// One side's read, handed to the panes once: as soon as its text is known, else (not read, not
// decoded) when the analysis ends. A promise never kept (the task was dropped at shutdown)
// reads as broken there.
class SideHandOver
{
public:
    IrSideFuture future() { return m_promise.get_future().share(); }
    void give(IrSideRead read)
    {
        std::call_once(m_once, [&] { m_promise.set_value(std::move(read)); });
    }

private:
    std::promise<IrSideRead> m_promise;
    std::once_flag m_once;
};

} // namespace

InspectorSession::InspectorSession(QObject* parent) : QObject(parent), m_pair(this, workerPool())
{
    Diagnostics none;
    m_rules = pair::loadRules({}, none); // the built-in rules
}

void InspectorSession::setRules(std::shared_ptr<const diff::RuleSet> rules)
{
    if (!rules) {
        Diagnostics none;
        rules = pair::loadRules({}, none);
    }
    if (rules == m_rules)
        return;
    m_rules = std::move(rules);
    startDiff();
    Q_EMIT rulesChanged();
}

InspectorSession::~InspectorSession() = default; // m_pair cancels the running analysis

void InspectorSession::setWorkspace(std::shared_ptr<const ws::Workspace> workspace)
{
    m_workspace = std::move(workspace);
    m_kernel = -1;
    m_variant = -1;
    startDiff();
    Q_EMIT workspaceChanged();
}

void InspectorSession::select(int kernel, int variant)
{
    if (!m_workspace || kernel < 0 || kernel >= static_cast<int>(m_workspace->kernels.size())) {
        kernel = -1;
        variant = -1;
    } else {
        const int variants =
            static_cast<int>(m_workspace->kernels[static_cast<size_t>(kernel)].variants.size());
        variant = variants == 0 ? -1 : std::clamp(variant, 0, variants - 1);
    }
    if (kernel == m_kernel && variant == m_variant)
        return;
    m_kernel = kernel;
    m_variant = variant;
    startDiff();
    Q_EMIT selectionChanged(m_kernel, m_variant);
}

void InspectorSession::startDiff()
{
    // The superseded analysis is cancelled (it stops at its next function) by the next start()
    // or by cancel(); its result is dropped.
    m_pair.cancel();
    m_irSides = {};
    const bool hadDiff = m_diff != nullptr || m_divergence >= 0;
    m_diff.reset();
    m_divergence = -1;
    const ws::Variant* variant = currentVariant();
    m_diffPending = variant && !variant->referenceIr.isEmpty() && !variant->generatedIr.isEmpty();
    if (hadDiff)
        Q_EMIT diffChanged();
    if (!m_diffPending)
        return;

    const ws::Kernel* kernel = currentKernel();
    pair::PairRequest request;
    request.sides = {{variant->referenceIr.toStdString(), nullptr},
                     {variant->generatedIr.toStdString(), nullptr}};
    request.rules = m_rules;
    request.keepText = true; // the IR panes show the text the pair read
    request.printBytecode = true;
    request.decodedHeader = decodedBytecodeHeader().toStdString();
    request.rowAlignment = true;
    request.sourceLinks = true;
    request.keepModels = true; // "Run Both on CPU" runs them without a second parse
    // The unproven criticals get the quick CPU search on the binding derived from the port, as
    // `tilelens-cli diff` gives them (one core path).
    if (m_cpuSearchSeconds > 0) {
        request.cpuSearch = pair::CpuSearchRequest{};
        request.cpuSearch->budgetSeconds = m_cpuSearchSeconds;
    }
    if (kernel)
        request.rustKernelPath = kernel->rustKernel.toStdString();
    auto handOver = std::make_shared<PerSide<SideHandOver>>();
    for (Side s : kBothSides)
        m_irSides[s] = (*handOver)[s].future();
    request.onSideText = [handOver](Side s, const std::shared_ptr<const pair::SideText>& text) {
        (*handOver)[s].give({text, {}, true, text->fromBytecode});
    };

    // A 100k-op pair's analysis is too big to copy: it travels in a shared pointer.
    auto sharedRequest = std::make_shared<const pair::PairRequest>(std::move(request));
    m_pair.start(
        [sharedRequest, handOver](JobContext& job) {
            auto analysis = std::make_shared<pair::PairAnalysis>();
            try {
                *analysis = pair::analysePair(*sharedRequest, job.token());
            } catch (...) {
                handOver->forEach([](Side, SideHandOver& h) { h.give({}); });
                throw;
            }
            // A side without text (unreadable, not decoded) is handed over with its reasons.
            for (Side s : kBothSides) {
                const pair::PairSide& side = analysis->sides[s];
                (*handOver)[s].give({side.text, side.diagnostics, side.read, side.bytecode});
            }
            return std::shared_ptr<const pair::PairAnalysis>(std::move(analysis));
        },
        [this](std::shared_ptr<const pair::PairAnalysis> analysis) {
            m_diffPending = false;
            m_diff = std::move(analysis);
            Q_EMIT diffChanged();
        });
}

const diff::DiffResult* InspectorSession::diffResult() const
{
    return m_diff && m_diff->result ? &*m_diff->result : nullptr;
}

void InspectorSession::selectDivergence(int index)
{
    const diff::DiffResult* result = diffResult();
    if (!result || index < 0 || index >= static_cast<int>(result->divergences.size()))
        index = -1;
    if (index == m_divergence)
        return;
    m_divergence = index;
    Q_EMIT currentDivergenceChanged(index);
}

const ws::Kernel* InspectorSession::currentKernel() const
{
    if (!m_workspace || m_kernel < 0)
        return nullptr;
    return &m_workspace->kernels[static_cast<size_t>(m_kernel)];
}

const ws::Variant* InspectorSession::currentVariant() const
{
    const ws::Kernel* kernel = currentKernel();
    if (!kernel || m_variant < 0)
        return nullptr;
    return &kernel->variants[static_cast<size_t>(m_variant)];
}

} // namespace tilelens::gui
