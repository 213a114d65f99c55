#pragma once
// Builds and normalizes the graphs of both sides of a diff on a few threads.
// Entries are independent: each function of a side is one task. A function
// may be handed over while its side is still being parsed (stream()): its
// graph is then built while its model is still in cache, by the parsing
// thread itself on two workers, else by a free worker. The rest are queued
// when the side is published, so a thread that is done with its own side
// helps with the other one instead of waiting. Graphs land in fixed slots:
// the result does not depend on which thread built what.

#include "common/CancelToken.h"
#include "common/Side.h"
#include "diff/graph/Internal.h"
#include "diff/graph/OpGraph.h"

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace tilelens::ir {
struct Function;
struct Module;
} // namespace tilelens::ir

namespace tilelens::diff {

struct GraphContext;

// Threads a diff uses: the hardware's, at least 2 (one per side while
// parsing) and at most 8.
unsigned diffWorkerCount();

// While a pair loads, worker 0 parses the reference and worker 1 the generated side; the
// others only build graphs.
constexpr unsigned parsingWorker(Side side)
{
    return side == Side::Reference ? 0u : 1u;
}
constexpr std::optional<Side> sideParsedBy(unsigned worker)
{
    if (worker == parsingWorker(Side::Reference))
        return Side::Reference;
    if (worker == parsingWorker(Side::Generated))
        return Side::Generated;
    return std::nullopt;
}

// Runs work(k) for k in [0, workers) on that many threads (k = 0 on the
// calling one) and waits for all of them; then rethrows the first exception
// a worker threw (a thread must not end in one).
template <typename Work> void runOnWorkers(unsigned workers, Work&& work);

class GraphTasks
{
public:
    // `cancel` is polled before each graph: work() then throws Cancelled.
    explicit GraphTasks(unsigned workers, CancelToken cancel = {});
    ~GraphTasks();
    GraphTasks(const GraphTasks&) = delete;
    GraphTasks& operator=(const GraphTasks&) = delete;

    // Bytes of a side's input, before it is parsed: sizes the first block of
    // the graph arenas of the side (0: unknown, sized at publish()).
    void expectInput(Side side, uint64_t bytes);
    // A function of `side` whose model is final, announced by the thread
    // that parses the side (worker parsingWorker(side)) while it parses on.
    void stream(Side side, const ir::Function& f);
    // Queues the functions of the side that were not streamed; call once per
    // side, from the side's parsing thread, with nothing for a side that
    // failed to parse.
    void publish(Side side, const std::vector<const ir::Module*>& modules);
    // Builds queued graphs until both sides are published and none is left.
    void work(unsigned worker);
    // The graphs of a side in function order (after every work() returned).
    std::vector<GFunction> take(Side side);

private:
    using Slot = std::optional<GFunction>;
    struct Task
    {
        Side side = Side::Reference;
        const ir::Function* function = nullptr;
        Slot* slot = nullptr;
    };
    GraphContext& context(unsigned worker, Side side);
    void build(unsigned worker, const Task& task);

    const unsigned m_workers;
    const CancelToken m_cancel;
    std::mutex m_mutex;
    std::condition_variable m_ready;
    std::vector<Task> m_tasks;
    size_t m_next = 0;
    int m_published = 0;
    PerSide<size_t> m_sideOps{0, 0}; // ops of each side's functions, nested included
    // Every graph of a side (a deque: slots keep their address as it grows; only
    // the side's parsing thread appends), in function order once published.
    PerSide<std::deque<Slot>> m_slots;
    PerSide<std::vector<std::pair<const ir::Function*, Slot*>>> m_streamed;
    PerSide<std::vector<Slot*>> m_order;
    // Per worker and side: each thread fills arenas of its own.
    std::vector<PerSide<std::unique_ptr<GraphContext>>> m_contexts;
};

} // namespace tilelens::diff

template <typename Work> void tilelens::diff::runOnWorkers(unsigned workers, Work&& work)
{
    std::vector<std::exception_ptr> errors(workers > 0 ? workers : 1);
    auto guarded = [&](unsigned k) {
        try {
            work(k);
        } catch (...) {
            errors[k] = std::current_exception();
        }
    };
    std::vector<std::thread> threads;
    threads.reserve(errors.size() - 1);
    for (unsigned k = 1; k < workers; ++k)
        threads.emplace_back(guarded, k);
    guarded(0u);
    for (std::thread& t : threads)
        t.join();
    for (const std::exception_ptr& e : errors)
        if (e)
            std::rethrow_exception(e);
}
