#include "pair/CrossCheck.h"

#include "pair/PairAnalysis.h"

namespace tilelens::pair {
namespace {

crosscheck::CrossCheck notRun(std::string why)
{
    crosscheck::CrossCheck c;
    c.error = std::move(why);
    c.summary = "not run: " + c.error;
    return c;
}

} // namespace

crosscheck::CrossCheck crossCheck(const PairAnalysis& analysis, const std::string& bindingFile,
                                  const eval::EvalOptions& options,
                                  const crosscheck::BindingProvider& provider)
{
    if (!analysis.result)
        return notRun("the pair was not compared");
    const PairSide& ref = analysis.sides.reference();
    const PairSide& gen = analysis.sides.generated();
    if (!ref.model || !gen.model)
        return notRun("the analysis kept no models of the pair (PairRequest::keepModels)");
    return crosscheck::crossCheckAll(*analysis.result, ref.modules(), gen.modules(), bindingFile,
                                     options, provider);
}

} // namespace tilelens::pair
