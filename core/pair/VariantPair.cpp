#include "pair/VariantPair.h"

namespace tilelens::pair {

VariantPair variantPair(const ws::Kernel& kernel, const ws::Variant& variant)
{
    VariantPair p;
    p.pythonFile = kernel.pythonSource;
    // A function counts as paired only where the file it is in was found and its line known.
    if (!variant.kernelFunction.isEmpty() && !kernel.pythonSource.isEmpty() &&
        variant.pythonFirstLine > 0) {
        p.function = variant.kernelFunction;
        p.pythonLine = variant.pythonFirstLine;
    }
    p.referenceIr = variant.referenceIr;
    p.generatedIr = variant.generatedIr;
    return p;
}

} // namespace tilelens::pair
