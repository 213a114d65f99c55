#include "pair/CrossCheck.h"

#include "pair/PairAnalysis.h"
#include "workspace/DerivedBinding.h"

namespace tilelens::pair {
namespace {

crosscheck::CrossCheck notRun(std::string why)
{
    crosscheck::CrossCheck c;
    c.error = std::move(why);
    c.summary = "not run: " + c.error;
    return c;
}

// Why the pair cannot run ("" when it can).
std::string cannotRun(const PairAnalysis& analysis)
{
    if (!analysis.result)
        return "the pair was not compared";
    if (!analysis.sides.reference().model || !analysis.sides.generated().model)
        return "the analysis kept no models of the pair (PairRequest::keepModels)";
    return {};
}

} // namespace

crosscheck::BindingProvider portBindingProvider(const std::string& refPath,
                                                const std::string& genPath, const std::string& way)
{
    return [refPath, genPath, way](const ir::Function& r, const ir::Function& g, std::string& why) {
        return ws::derivedBindingForIrPair(refPath, genPath, r, g, &why, way);
    };
}

crosscheck::CrossCheck crossCheck(const PairAnalysis& analysis, const std::string& bindingFile,
                                  const eval::EvalOptions& options,
                                  const crosscheck::BindingProvider& provider)
{
    if (std::string why = cannotRun(analysis); !why.empty())
        return notRun(std::move(why));
    return crosscheck::crossCheckAll(*analysis.result, analysis.sides.reference().modules(),
                                     analysis.sides.generated().modules(), bindingFile, options,
                                     provider);
}

crosscheck::CrossCheck crossCheck(const PairAnalysis& analysis, const eval::Binding& given,
                                  const eval::EvalOptions& options)
{
    if (std::string why = cannotRun(analysis); !why.empty())
        return notRun(std::move(why));
    return crosscheck::crossCheckAll(*analysis.result, analysis.sides.reference().modules(),
                                     analysis.sides.generated().modules(), given, options);
}

} // namespace tilelens::pair
