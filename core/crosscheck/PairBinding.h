#pragma once
// A binding of an entry pair derived from the pair itself (issue 30 item 2), for a CPU run
// without a binding file and without a launch chain: the reference's parameters from its
// mangled cuTile Python entry name (arrays with their dtype and rank, scalars), the generated
// entry's as the differ compared them (diff::FunctionDiff::generatedArguments: the reference
// argument each one stands for, paired by position or by role, or the reference's specialised
// integer or float constant it was bound to), sizes as the guess chooses them within both
// entries' `assume` facts, and each side's grid derived from its kernel. Sound or nothing: a
// generated parameter tied to neither, a type that differs from its partner's, or a reference
// extent or stride the port does not take (its accesses would assume sizes the binding cannot
// know) derives nothing, and says why.

#include "crosscheck/DiffCrossCheck.h"
#include "diff/DiffResult.h"
#include "eval/Binding.h"
#include "ir/Function.h"

#include <optional>
#include <string>

namespace tilelens::crosscheck {

// The pair's binding (Binding::source "pair", Binding::derivation says how it tied the
// parameters); nullopt with `why` when some parameter cannot be tied.
std::optional<eval::Binding> pairBinding(const diff::DiffResult& result, const ir::Function& ref,
                                         const ir::Function& gen, std::string& why);

// The binding of an entry pair when no binding file is given, the one chain every CPU run
// without a file goes through: the caller's `provider` (the port's launch chain), else
// pairBinding(), else the guess (eval::defaultBinding()). False with the guess's error and why
// the others gave none ("... (launch chain: ...) (pair: ...)"); `way` is how that error asks
// for a binding (eval::askForBinding).
bool bindingWithoutFile(const diff::DiffResult& result, const ir::Function& ref,
                        const ir::Function& gen, const BindingProvider& provider,
                        const std::string& way, eval::Binding& out, std::string& error);

} // namespace tilelens::crosscheck
