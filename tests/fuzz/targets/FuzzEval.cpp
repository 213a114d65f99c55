// Fuzz targets for eval: binding files, their expression language, and IR pairs run by the
// interpreter (see FuzzTargets.h).
#include "FuzzTargets.h"
#include "PairInput.h"
#include "eval/Binding.h"
#include "eval/Differential.h"
#include "ir/Module.h"
#include "ir/Parser.h"

#include <cstdint>
#include <cstdlib>
#include <limits>
#include <nlohmann/json.hpp>

namespace tilelens::fuzz {
namespace {

// One f32 array (pointer, size, stride), loaded and stored back in tiles of 16: a binding
// that gives three parameters runs it, so the fuzzer reaches the inputs, the parameters and
// the grid of a case.
const ir::Function& copyKernel()
{
    static const ir::ParseResult parsed = ir::parseModule(
        "cuda_tile.module @m {\nentry @k(%p: tile<ptr<f32>>, %n: tile<i32>, %s: tile<i32>) {\n"
        "  %bx, %by, %bz = get_tile_block_id : tile<i32>\n"
        "  %tv = make_tensor_view %p, shape = [%n], strides = [%s] : tile<i32> -> "
        "tensor_view<?xf32, strides=[?]>\n"
        "  %pv = make_partition_view %tv : partition_view<tile=(16), padding_value = zero, "
        "tensor_view<?xf32, strides=[?]>>\n"
        "  %v, %t = load_view_tko weak %pv[%bx] : partition_view<tile=(16), padding_value = "
        "zero, tensor_view<?xf32, strides=[?]>>, tile<i32> -> tile<16xf32>, token\n"
        "  %t2 = store_view_tko weak %v, %pv[%bx] : tile<16xf32>, partition_view<tile=(16), "
        "padding_value = zero, tensor_view<?xf32, strides=[?]>>, tile<i32> -> token\n"
        "  return\n}\n}\n");
    if (!parsed.ok() || parsed.modules.empty() || parsed.modules[0]->functions.empty())
        std::abort(); // the target itself is broken
    return *parsed.modules[0]->functions[0];
}

} // namespace

void bindingFile(std::string_view bytes)
{
    eval::Binding binding;
    std::string error;
    if (!eval::loadBindingText(bytes, "binding.json", binding, error))
        return;
    // Small budgets: an input that reaches them has shown what the budget is for.
    eval::EvalOptions o;
    o.maxCases = 8;
    o.maxInputElements = 4096;
    o.maxLiveElements = 1 << 16;
    o.maxWork = 100000;
    o.timeoutSeconds = 5;
    const ir::Function& fn = copyKernel();
    (void)eval::evaluatePair(fn, fn, binding, o);
}

void bindingExpr(std::string_view bytes)
{
    static const std::map<std::string, int64_t> names = {
        {"M", 144},
        {"N", 1},
        {"Z", 0},
        {"big", std::numeric_limits<int64_t>::max()},
        {"small", std::numeric_limits<int64_t>::min()},
        {"a.shape[0]", 48},
        {"a.stride[0]", -1},
        {"a.ptr", int64_t(1) << 36}};
    int64_t value = 0;
    eval::ExpressionError evaluated, checked;
    const bool ok = eval::evaluateExpression(bytes, names, value, evaluated);
    const bool syntax = eval::checkExpressionSyntax(bytes, checked);
    // What evaluates parses (a file's expressions are checked when it is read).
    if (ok && !syntax)
        std::abort();
    if (!ok)
        (void)eval::formatExpressionError(bytes, evaluated);
}

void evalPair(std::string_view bytes)
{
    const PairInput in = loadPairInput(bytes);
    if (!in.ok() || in.ref.modules.empty() || in.gen.modules.empty() ||
        in.ref.modules[0]->functions.empty() || in.gen.modules[0]->functions.empty())
        return;
    const ir::Function& r = *in.ref.modules[0]->functions[0];
    const ir::Function& g = *in.gen.modules[0]->functions[0];
    // The binding `tilelens-cli eval` derives without a file; small budgets, as bindingFile.
    eval::Binding binding;
    std::string error;
    if (!eval::bindingForPair(nullptr, r, g, binding, error))
        return;
    eval::EvalOptions o;
    o.maxCases = 4;
    o.maxInputElements = 1 << 14;
    o.maxLiveElements = 1 << 16;
    o.maxWork = 1000000;
    o.timeoutSeconds = 5;
    const eval::EvalResult result = eval::evaluatePair(r, g, binding, o);
    (void)eval::evalResultJson(result);
    (void)eval::evalResultText(result);
}

} // namespace tilelens::fuzz
