#pragma once
// Helpers for the interpreter tests: run a `testing$func` written in Tile IR
// text on given tiles and read back what it returns.

#include "eval/Interpreter.h"
#include "ir/Module.h"
#include "ir/Parser.h"

#include <gtest/gtest.h>
#include <memory>
#include <string>
#include <vector>

namespace tilelens::eval::test {

struct FuncRun
{
    ir::ParseResult parsed;
    std::optional<EvalIssue> issue;
    std::vector<RtValue> results;
    RunStats stats;
};

// `body` is the text inside `testing$func @f(ARGS) -> RESULTS { ... }`, given whole.
inline FuncRun runFunc(const std::string& func, const std::vector<RtValue>& args,
                       Memory* memory = nullptr, Grid grid = {})
{
    FuncRun r;
    r.parsed = ir::parseModule("cuda_tile.module @m {\n" + func + "\n}\n");
    EXPECT_TRUE(r.parsed.ok()) << (r.parsed.diagnostics.empty()
                                       ? std::string()
                                       : r.parsed.diagnostics.front().format());
    if (!r.parsed.ok() || r.parsed.modules.empty() || r.parsed.modules[0]->functions.empty())
        return r;
    Memory local;
    Interpreter interp(memory ? *memory : local);
    r.issue = interp.run(*r.parsed.modules[0]->functions[0], args, grid, &r.results);
    r.stats = interp.stats();
    return r;
}

inline RtValue ints(Elem e, std::vector<int64_t> shape, std::vector<int64_t> values)
{
    auto t = Tile::make(e, std::move(shape));
    for (size_t i = 0; i < values.size() && i < t->ints.size(); ++i)
        t->ints[i] = wrapInt(uint64_t(values[i]), intBits(e));
    return RtValue{t, nullptr, nullptr, false};
}

inline RtValue floats(Elem e, std::vector<int64_t> shape, std::vector<double> values)
{
    auto t = Tile::make(e, std::move(shape));
    for (size_t i = 0; i < values.size() && i < t->floats.size(); ++i)
        t->floats[i] = roundTo(values[i], e);
    return RtValue{t, nullptr, nullptr, false};
}

inline RtValue pointer(Elem pointee, uint64_t address)
{
    auto t = Tile::make(Elem::Ptr, {}, pointee);
    t->ints[0] = int64_t(address);
    return RtValue{t, nullptr, nullptr, false};
}

// The integer (or float) elements of result i.
inline std::vector<int64_t> intsOf(const FuncRun& r, size_t i = 0)
{
    if (i >= r.results.size() || !r.results[i].tile)
        return {};
    return r.results[i].tile->ints;
}
inline std::vector<double> floatsOf(const FuncRun& r, size_t i = 0)
{
    if (i >= r.results.size() || !r.results[i].tile)
        return {};
    return r.results[i].tile->floats;
}

} // namespace tilelens::eval::test
