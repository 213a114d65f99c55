#include "workspace/LaunchModel.h"

namespace tilelens::ws::launch {

int PathResult::nonDefaultChoices() const
{
    int n = 0;
    for (const auto& [key, value] : assumptions) {
        auto it = defaults.find(key);
        if (it != defaults.end() && it->second != value)
            ++n;
    }
    return n;
}

bool Decisions::known(const std::string& key, bool* value) const
{
    auto it = m_assumptions.find(key);
    if (it == m_assumptions.end())
        return false;
    if (value)
        *value = it->second;
    return true;
}

void Decisions::assume(const std::string& key, bool value, bool preferred)
{
    m_assumptions[key] = value;
    m_defaults.emplace(key, preferred);
}

bool Decisions::decide(const std::string& key, bool preferred)
{
    bool value = false;
    if (known(key, &value))
        return value;
    if (m_next < m_prefix.size()) {
        value = m_prefix[m_next];
    } else {
        value = preferred;
        std::vector<bool> other(m_prefix.begin(), m_prefix.begin() + long(m_next));
        other.push_back(!preferred);
        if (m_pending.size() < 4 * maxRuns)
            m_pending.push_back(std::move(other));
        m_prefix.resize(m_next);
        m_prefix.push_back(value);
    }
    ++m_next;
    assume(key, value, preferred);
    return value;
}

bool Decisions::nextRun()
{
    if (!m_started) {
        m_started = true;
    } else {
        if (m_pending.empty())
            return false;
        if (m_runs >= maxRuns) {
            m_budgetSpent = true;
            return false;
        }
        m_prefix = std::move(m_pending.back());
        m_pending.pop_back();
    }
    ++m_runs;
    m_next = 0;
    m_assumptions.clear();
    m_defaults.clear();
    return true;
}

std::vector<Sym> rowMajorStrides(const std::vector<Sym>& shape)
{
    std::vector<Sym> strides(shape.size());
    Sym running = symConst(1);
    for (size_t i = shape.size(); i-- > 0;) {
        strides[i] = running;
        running = symOp(SymOp::Mul, shape[i], running);
    }
    return strides;
}

void fixTensorRank(TensorInfo& t, size_t rank)
{
    if (t.rankKnown)
        return;
    t.rankKnown = true;
    t.shape.clear();
    for (size_t i = 0; i < rank; ++i)
        t.shape.push_back(symDim(t.root + ".shape[" + std::to_string(i) + "]"));
    t.strides = rowMajorStrides(t.shape);
}

} // namespace tilelens::ws::launch
