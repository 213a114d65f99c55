#include "diff/engine/GraphTasks.h"

#include "diff/graph/GraphBuilder.h"
#include "diff/graph/SummaryTable.h"
#include "diff/semantics/Normalizer.h"
#include "ir/Function.h"
#include "ir/Module.h"

#include <algorithm>

namespace tilelens::diff {

namespace {
// Graph bytes per op of a side (GOp, its results' GValues, lists and strings):
// 383 on the 2x100k-op benchmark pair (30.9 MB for 80,470 ops). The arena of
// each worker reserves that much for the whole side: address space only, its
// pages are backed when touched (see Arena::reserveHint).
constexpr size_t kGraphBytesPerOp = 400;
// Input bytes per op, to size the arenas before a side is parsed: 81 on the
// same pair (6.5 MB of text for 80,470 ops).
constexpr uint64_t kInputBytesPerOp = 80;
} // namespace

unsigned diffWorkerCount()
{
    const unsigned hw = std::thread::hardware_concurrency();
    return std::clamp(hw, 2u, 8u);
}

GraphTasks::GraphTasks(unsigned workers, CancelToken cancel)
    : m_workers(std::max(workers, 1u)), m_cancel(std::move(cancel)),
      m_contexts(size_t(std::max(workers, 1u)))
{
}

GraphTasks::~GraphTasks() = default;

void GraphTasks::expectInput(Side side, uint64_t bytes)
{
    std::lock_guard<std::mutex> lock(m_mutex);
    m_sideOps[side] = size_t(bytes / kInputBytesPerOp);
}

void GraphTasks::stream(Side side, const ir::Function& f)
{
    Slot* slot = &m_slots[side].emplace_back();
    m_streamed[side].emplace_back(&f, slot);
    const Task task{side, &f, slot};
    bool inline_ = false;
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        // On two workers the other one is busy with its own side until it has
        // published it: this thread builds the graph itself, while it is in cache.
        // Then (or on more workers) a free worker takes it.
        inline_ = m_workers <= 2 && parsingWorker(side) < m_workers && m_published == 0;
        if (!inline_)
            m_tasks.push_back(task);
    }
    if (inline_) {
        m_cancel.throwIfCancelled();
        build(parsingWorker(side), task);
    } else
        m_ready.notify_one();
}

void GraphTasks::publish(Side side, const std::vector<const ir::Module*>& modules)
{
    std::vector<const ir::Function*> fs;
    for (const ir::Module* m : modules)
        if (m)
            for (const ir::Function* f : m->functions)
                if (f)
                    fs.push_back(f);
    // Streamed functions come in function order: one cursor finds them.
    const auto& streamed = m_streamed[side];
    size_t cursor = 0;
    std::vector<Slot*> order;
    std::vector<Task> fresh;
    for (const ir::Function* f : fs) {
        if (cursor < streamed.size() && streamed[cursor].first == f) {
            order.push_back(streamed[cursor++].second);
            continue;
        }
        Slot* slot = &m_slots[side].emplace_back();
        order.push_back(slot);
        fresh.push_back({side, f, slot});
    }
    size_t ops = 0;
    if (!fresh.empty() && m_sideOps[side] == 0)
        for (const Task& t : fresh)
            ops += t.function->opCount();
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_tasks.insert(m_tasks.end(), fresh.begin(), fresh.end());
        m_order[side] = std::move(order);
        if (m_sideOps[side] == 0)
            m_sideOps[side] = ops;
        ++m_published;
    }
    m_ready.notify_all();
}

GraphContext& GraphTasks::context(unsigned worker, Side side)
{
    auto& c = m_contexts[worker][side];
    if (!c) {
        c = std::make_unique<GraphContext>();
        size_t ops = 0;
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            ops = m_sideOps[side];
        }
        c->arena->reserveHint(ops * kGraphBytesPerOp);
    }
    return *c;
}

void GraphTasks::build(unsigned worker, const Task& task)
{
    GFunction g = buildGraph(*task.function, context(worker, task.side));
    normalizeGraph(g);
    g.summary = summarizeFunction(g, *g.arena);
    // Each slot is written by the one thread that took its task.
    task.slot->emplace(std::move(g));
}

void GraphTasks::work(unsigned worker)
{
    for (;;) {
        Task task;
        {
            std::unique_lock<std::mutex> lock(m_mutex);
            m_ready.wait(lock, [&] { return m_next < m_tasks.size() || m_published == 2; });
            if (m_next == m_tasks.size())
                return;
            task = m_tasks[m_next++];
        }
        m_cancel.throwIfCancelled();
        build(worker, task);
    }
}

std::vector<GFunction> GraphTasks::take(Side side)
{
    std::vector<GFunction> out;
    out.reserve(m_order[side].size());
    for (Slot* g : m_order[side])
        out.push_back(std::move(**g));
    m_order[side].clear();
    m_slots[side].clear();
    return out;
}

} // namespace tilelens::diff
