// The list of fuzz targets, for the regression replay.
#include "FuzzTargets.h"

namespace tilelens::fuzz {

const std::vector<FuzzTarget>& fuzzTargets()
{
    static const std::vector<FuzzTarget> targets = {{"ir_text", &irText},
                                                    {"ir_bytecode", &irBytecode},
                                                    {"analysis_json", &analysisJson},
                                                    {"reports", &reports},
                                                    {"perf_log", &perfLog},
                                                    {"cupti_records", &cuptiRecords},
                                                    {"rules", &rules},
                                                    {"diff_pair", &diffPair},
                                                    {"eval_pair", &evalPair},
                                                    {"tilelens_json", &tilelensJson},
                                                    {"run_history", &runHistory},
                                                    {"pairings_json", &pairingsJson},
                                                    {"binding_file", &bindingFile},
                                                    {"binding_expr", &bindingExpr},
                                                    {"launch_chain", &launchChain},
                                                    {"source_text", &sourceText}};
    return targets;
}

} // namespace tilelens::fuzz
