#include "diff/GraphTasks.h"

#include "diff/GraphBuilder.h"
#include "diff/Normalizer.h"
#include "diff/SummaryTable.h"
#include "ir/Function.h"
#include "ir/Module.h"

#include <algorithm>

namespace tilelens::diff {

namespace {
// Graph bytes per op of a side (GOp, its results' GValues, lists and strings):
// 391 on the 2x100k-op benchmark pair (31.5 MB for 80,470 ops). The arena of
// each worker reserves that much for the whole side: address space only, its
// pages are backed when touched (see Arena::reserveHint).
constexpr size_t kGraphBytesPerOp = 400;
} // namespace

unsigned diffWorkerCount()
{
    const unsigned hw = std::thread::hardware_concurrency();
    return std::clamp(hw, 2u, 8u);
}

GraphTasks::GraphTasks(unsigned workers) : m_contexts(size_t(std::max(workers, 1u)) * 2) {}

GraphTasks::~GraphTasks() = default;

void GraphTasks::publish(int side, const std::vector<const ir::Module*>& modules)
{
    std::vector<const ir::Function*> fs;
    for (const ir::Module* m : modules)
        if (m)
            for (const ir::Function* f : m->functions)
                if (f)
                    fs.push_back(f);
    size_t ops = 0;
    for (const ir::Function* f : fs)
        ops += f->opCount();
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_graphs[side].resize(fs.size());
        for (size_t i = 0; i < fs.size(); ++i)
            m_tasks.push_back({side, i});
        m_functions[side] = std::move(fs);
        m_sideOps[side] = ops;
        ++m_published;
    }
    m_ready.notify_all();
}

GraphContext& GraphTasks::context(unsigned worker, int side)
{
    auto& c = m_contexts[size_t(worker) * 2 + size_t(side)];
    if (!c) {
        c = std::make_unique<GraphContext>();
        c->arena->reserveHint(m_sideOps[side] * kGraphBytesPerOp);
    }
    return *c;
}

void GraphTasks::work(unsigned worker)
{
    for (;;) {
        Task task;
        const ir::Function* f = nullptr;
        {
            std::unique_lock<std::mutex> lock(m_mutex);
            m_ready.wait(lock, [&] { return m_next < m_tasks.size() || m_published == 2; });
            if (m_next == m_tasks.size())
                return;
            task = m_tasks[m_next++];
            f = m_functions[task.side][task.index];
        }
        GFunction g = buildGraph(*f, context(worker, task.side));
        normalizeGraph(g);
        g.summary = summarizeFunction(g);
        // Slots were sized at publish() (under the lock) and are never resized
        // while workers run: each is written by the one thread that took it.
        m_graphs[task.side][task.index].emplace(std::move(g));
    }
}

std::vector<GFunction> GraphTasks::take(int side)
{
    std::vector<GFunction> out;
    out.reserve(m_graphs[side].size());
    for (auto& g : m_graphs[side])
        out.push_back(std::move(*g));
    m_graphs[side].clear();
    return out;
}

} // namespace tilelens::diff
