#include "crosscheck/PairBinding.h"

#include "eval/Numeric.h"
#include "ir/FloatBits.h"

#include <cstring>
#include <set>

namespace tilelens::crosscheck {
namespace {

const diff::FunctionDiff* comparedPair(const diff::DiffResult& result, const ir::Function& ref,
                                       const ir::Function& gen)
{
    for (const diff::FunctionDiff& f : result.functions)
        if (f.reference == ref.name && f.generated == gen.name)
            return &f;
    return nullptr;
}

// The element of a scalar parameter type (tile<f32>: f32), None for anything else.
eval::Elem scalarElem(const ir::Type* t)
{
    if (!t || t->kind != ir::TypeKind::Tile || !t->shape.empty() || !t->element ||
        t->element->kind != ir::TypeKind::Number)
        return eval::Elem::None;
    return eval::elemFromName(t->element->name);
}

double doubleOf(uint64_t bits)
{
    double v = 0;
    std::memcpy(&v, &bits, sizeof v);
    return v;
}

// An integer as a binding expression.
std::string integerExpression(int64_t c)
{
    if (c >= 0 || c == INT64_MIN)
        return std::to_string(c);
    return "0 - " + std::to_string(-c);
}

std::string parameterText(size_t k, const ir::Type* t)
{
    return "generated parameter " + std::to_string(k) + " (" + (t ? t->canonical() : "?") + ")";
}

// Ties each generated parameter (its params entry in `out.gen`), adding a scalar per float
// constant; false with why one cannot be tied. `how` collects the constants in words.
bool tieGeneratedParams(const diff::FunctionDiff& fd, const ir::Function& ref,
                        const ir::Function& gen, const std::vector<std::string>& refRoles,
                        eval::Binding& out, std::string& how, std::string& why)
{
    for (size_t k = 0; k < gen.argumentTypes.size(); ++k) {
        const diff::ArgumentTie& tie = fd.generatedArguments[k];
        const ir::Type* t = gen.argumentTypes[k];
        const eval::Elem elem = scalarElem(t);
        if (tie.floatBits) {
            if (!eval::isFloatElem(elem)) {
                why = parameterText(k, t) + " is bound to a float constant but is no float scalar";
                return false;
            }
            eval::ScalarBinding s;
            s.name = "gen_arg" + std::to_string(k);
            s.elem = elem;
            s.value = ir::exactFloatText(doubleOf(*tie.floatBits));
            out.scalars.push_back(s);
            out.gen.params.push_back(s.name);
            how += (how.empty() ? "" : ", ") + std::to_string(k) + " = " +
                   ir::shortFloatText(doubleOf(*tie.floatBits));
            continue;
        }
        if (tie.intConstant) {
            if (!eval::isIntElem(elem)) {
                why = parameterText(k, t) +
                      " is bound to an integer constant but is no integer scalar";
                return false;
            }
            out.gen.params.push_back(integerExpression(*tie.intConstant));
            how += (how.empty() ? "" : ", ") + std::to_string(k) + " = " +
                   std::to_string(*tie.intConstant);
            continue;
        }
        const int j = tie.referenceArgument;
        if (j < 0 || size_t(j) >= refRoles.size()) {
            why = parameterText(k, t) +
                  " stands for no reference parameter and no specialised constant";
            return false;
        }
        if (ref.argumentTypes[size_t(j)]->canonical() != t->canonical()) {
            why = parameterText(k, t) + " stands for reference parameter " + std::to_string(j) +
                  ", a " + ref.argumentTypes[size_t(j)]->canonical();
            return false;
        }
        out.gen.params.push_back(refRoles[size_t(j)]);
    }
    return true;
}

} // namespace

std::optional<eval::Binding> pairBinding(const diff::DiffResult& result, const ir::Function& ref,
                                         const ir::Function& gen, std::string& why)
{
    const diff::FunctionDiff* fd = comparedPair(result, ref, gen);
    if (!fd || fd->generatedArguments.size() != gen.argumentTypes.size()) {
        why = "the differ compared no such entry pair";
        return std::nullopt;
    }
    eval::Binding b;
    std::string mangledError;
    if (!eval::bindingFromMangledName(std::string(ref.name), ref.argumentTypes.size(), b,
                                      mangledError)) {
        why = "the reference's parameters are unknown: " + mangledError;
        return std::nullopt;
    }
    b.source = "pair";
    const std::vector<std::string> refRoles = eval::expandParams(b, b.ref.params);
    std::string constants;
    if (!tieGeneratedParams(*fd, ref, gen, refRoles, b, constants, why))
        return std::nullopt;
    // The port must see every extent and stride the reference sees: one it does not take is an
    // assumption of its accesses (a constant, a launch argument) that these sizes could break.
    const std::set<std::string> taken(b.gen.params.begin(), b.gen.params.end());
    for (size_t j = 0; j < refRoles.size(); ++j) {
        const bool extent = refRoles[j].find(".shape[") != std::string::npos;
        if ((!extent && refRoles[j].find(".stride[") == std::string::npos) ||
            taken.count(refRoles[j]))
            continue;
        why = std::string("the generated entry takes no parameter for the reference's ") +
              (extent ? "extent " : "stride ") + refRoles[j] + " (parameter " + std::to_string(j) +
              "): the sizes its accesses assume are unknown";
        return std::nullopt;
    }
    eval::chooseSizes(ref, gen, b);
    b.derivation = "the reference's parameters from its mangled entry name, the generated "
                   "entry's as the differ paired them";
    if (!constants.empty())
        b.derivation += ", generated " + constants + " (the reference's constants)";
    return b;
}

bool bindingWithoutFile(const diff::DiffResult& result, const ir::Function& ref,
                        const ir::Function& gen, const BindingProvider& provider,
                        const std::string& way, eval::Binding& out, std::string& error)
{
    std::string chainWhy;
    if (provider) {
        if (std::optional<eval::Binding> derived = provider(ref, gen, chainWhy)) {
            out = std::move(*derived);
            return true;
        }
    }
    std::string pairWhy;
    if (std::optional<eval::Binding> paired = pairBinding(result, ref, gen, pairWhy)) {
        out = std::move(*paired);
        return true;
    }
    if (eval::defaultBinding(ref, gen, out, error, way))
        return true;
    if (!chainWhy.empty())
        error += " (launch chain: " + chainWhy + ")";
    error += " (pair: " + pairWhy + ")";
    return false;
}

} // namespace tilelens::crosscheck
