#pragma once
// The CPU cross-check of an analysed pair: each entry pair runs on the interpreter from the
// models the analysis compared (PairRequest::keepModels), so nothing is read or parsed again,
// and what runs is what was compared and verified, even if a file changed since.

#include "crosscheck/DiffCrossCheck.h"

#include <string>

namespace tilelens::pair {

struct PairAnalysis;

// The binding of an entry pair derived from the port when no binding is given: through the
// port's launch chain of the two files (workspace/DerivedBinding.h), else, for two versions of
// one port (a mistake against the unmodified port), the binding of the cuTile Python
// `reference.mlir` beside the reference file (a real-port pair's folder, or a kernel working
// directory's reference/ beside generated/) paired with the port, its port side for both; a
// message asking for a binding names `way`. What `diff --eval` and the quick CPU search of a
// plain diff both bind by.
crosscheck::BindingProvider portBindingProvider(const std::string& refPath,
                                                const std::string& genPath, const std::string& way);

// crosscheck::crossCheckAll() on the analysis's result and kept models. Not run (its error and
// summary say why) when the pair was not compared or its models were not kept.
crosscheck::CrossCheck crossCheck(const PairAnalysis& analysis, const std::string& bindingFile,
                                  const eval::EvalOptions& options,
                                  const crosscheck::BindingProvider& provider = {});
// The same with a binding already read (the GUI's binding dialog).
crosscheck::CrossCheck crossCheck(const PairAnalysis& analysis, const eval::Binding& given,
                                  const eval::EvalOptions& options);

} // namespace tilelens::pair
