#pragma once
// Builds and normalizes the graphs of both sides of a diff on a few threads.
// Entries are independent: each function of a side is one task, queued as
// soon as its side is parsed, so a thread that is done with its own side
// (the smaller file, parsed first) helps with the other one instead of
// waiting. Graphs land in fixed slots: the result does not depend on which
// thread built what.

#include "diff/OpGraph.h"

#include <condition_variable>
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

// Runs work(k) for k in [0, workers) on that many threads (k = 0 on the
// calling one) and waits for all of them; then rethrows the first exception
// a worker threw (a thread must not end in one).
template <typename Work> void runOnWorkers(unsigned workers, Work&& work);

class GraphTasks
{
public:
    explicit GraphTasks(unsigned workers);
    ~GraphTasks();
    GraphTasks(const GraphTasks&) = delete;
    GraphTasks& operator=(const GraphTasks&) = delete;

    // Queues the functions of side 0 (reference) or 1 (generated); call once
    // per side, with nothing for a side that failed to parse.
    void publish(int side, const std::vector<const ir::Module*>& modules);
    // Builds queued graphs until both sides are published and none is left.
    void work(unsigned worker);
    // The graphs of a side in function order (after every work() returned).
    std::vector<GFunction> take(int side);

private:
    struct Task
    {
        int side;
        size_t index;
    };
    GraphContext& context(unsigned worker, int side);

    std::mutex m_mutex;
    std::condition_variable m_ready;
    std::vector<Task> m_tasks;
    size_t m_next = 0;
    int m_published = 0;
    std::vector<const ir::Function*> m_functions[2];
    size_t m_sideOps[2] = {0, 0}; // ops of each side's functions, nested included
    std::vector<std::optional<GFunction>> m_graphs[2];
    // Per worker and side: each thread fills arenas of its own.
    std::vector<std::unique_ptr<GraphContext>> m_contexts;
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
