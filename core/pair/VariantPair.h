#pragma once
// The reference Python side and the IR files of one variant, as both front ends show them:
// `tilelens-cli kernels` reports them and the GUI's panes open them (issue 27 P10). A kernel
// folder with only reference/ and generated/ has its .py found (and shown) though no function
// is paired with the variant: the file is reported, the function and line are not.

#include "workspace/Workspace.h"

#include <QString>

namespace tilelens::pair {

struct VariantPair
{
    QString pythonFile;  // absolute; empty when no reference .py was found
    QString function;    // the @ct.kernel paired with the variant; empty: none paired
    int pythonLine = 0;  // 1-based first line of that function (its decorator); 0: none paired
    QString referenceIr; // absolute; empty until produced
    QString generatedIr;

    bool pythonPaired() const { return !function.isEmpty(); }
};

VariantPair variantPair(const ws::Kernel& kernel, const ws::Variant& variant);

} // namespace tilelens::pair
