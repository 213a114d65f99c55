#pragma once
// Two IR files run on the CPU interpreter entry pair by entry pair (`tilelens-cli eval`): each
// file read and verified, the entry pairs chosen as the differ pairs them, each pair bound and
// run on the same inputs; the pair that decides the verdict and the reports of it.

#include "crosscheck/DiffCrossCheck.h"
#include "eval/Differential.h"
#include "ir/Parser.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace tilelens::crosscheck {

struct FileEvalRequest
{
    std::array<std::string, 2> files;   // reference, generated
    std::array<std::string, 2> entries; // the entry to run of each ("": the only one, or every
                                        // pair the differ makes)
    // --binding FILE; none: each pair through provider, else by default.
    std::optional<std::string> bindingFile;
    eval::EvalOptions options;
    BindingProvider provider; // the port's launch chain (workspace/DerivedBinding.h)
};

struct EntryPairRun
{
    const ir::Function* reference = nullptr;
    const ir::Function* generated = nullptr;
    eval::EvalResult result;
};

struct FileEval
{
    std::array<std::string, 2> files;
    std::array<ir::ParseResult, 2> models; // own the entries of runs
    // An input error (nothing decided): the located errors of a side first, then the sentence.
    Diagnostics diagnostics;
    std::string error;
    std::vector<EntryPairRun> runs;
    size_t decider = 0; // the run that decides: the first different, else the first that
                        // could not run, else the first

    bool inputError() const { return !error.empty(); }
    const eval::EvalResult& decided() const { return runs[decider].result; }
};

FileEval evaluateFiles(const FileEvalRequest& request);

// tilelens.eval/1: the deciding run with its files and entries, and every run under "entries".
std::string fileEvalJson(const FileEval& eval);
// The deciding run's text; with several pairs a header and each pair's text.
std::string fileEvalText(const FileEval& eval);

} // namespace tilelens::crosscheck
