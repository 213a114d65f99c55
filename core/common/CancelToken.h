#pragma once
// Cancellation of long work: a CancelSource, owned by whoever may cancel (a job tracker, a
// stage run), hands out CancelTokens that the work polls between functions.
//
// A token that is cancelled makes throwIfCancelled() throw Cancelled: the poll points sit
// deep in recursive descent and in worker lambdas, and an exception unwinds them all at once
// (the differ's worker pool already rethrows a worker's exception after joining). Catch
// Cancelled only where the work was started. A default-constructed token is never cancelled
// (the CLI's), and polling it costs one null check.

#include <atomic>
#include <cstdint>
#include <exception>
#include <memory>

namespace tilelens {

struct Cancelled final : std::exception
{
    const char* what() const noexcept override { return "cancelled"; }
};

class CancelToken
{
public:
    CancelToken() = default;

    bool isCancelled() const noexcept { return m_flag && m_flag->load(std::memory_order_relaxed); }
    void throwIfCancelled() const
    {
        if (isCancelled())
            throw Cancelled{};
    }
    // For hot loops: one load every `stride` calls (stride a power of two).
    void poll(uint32_t& counter, uint32_t stride = 1024) const
    {
        if ((++counter & (stride - 1)) == 0)
            throwIfCancelled();
    }
    // The flag itself, for code that takes a std::atomic<bool>* (the interpreter's hook);
    // null for a token that is never cancelled.
    const std::atomic<bool>* flag() const noexcept { return m_flag.get(); }

private:
    friend class CancelSource;
    explicit CancelToken(std::shared_ptr<const std::atomic<bool>> flag) : m_flag(std::move(flag)) {}
    std::shared_ptr<const std::atomic<bool>> m_flag;
};

class CancelSource
{
public:
    CancelSource() : m_flag(std::make_shared<std::atomic<bool>>(false)) {}

    CancelToken token() const { return CancelToken(m_flag); }
    void cancel() noexcept { m_flag->store(true, std::memory_order_relaxed); }
    bool isCancelled() const noexcept { return m_flag->load(std::memory_order_relaxed); }

private:
    std::shared_ptr<std::atomic<bool>> m_flag;
};

} // namespace tilelens
