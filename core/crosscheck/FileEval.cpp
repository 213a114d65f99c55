#include "crosscheck/FileEval.h"

#include "common/JsonWrite.h"
#include "diff/EntryNames.h"
#include "eval/Binding.h"
#include "ir/Block.h"
#include "ir/Op.h"
#include "ir/Region.h"
#include "ir/bytecode/IrFileLoader.h"

#include <nlohmann/json.hpp>
#include <optional>

namespace tilelens::crosscheck {
namespace {

using EntryPair = std::pair<const ir::Function*, const ir::Function*>;
using Entries = std::vector<const ir::Function*>;

Entries entriesOf(const ir::ParseResult& r)
{
    Entries all;
    for (const ir::Module* m : r.modules)
        for (const ir::Function* f : m->functions)
            all.push_back(f);
    return all;
}

const ir::Function* pickEntry(const Entries& all, const std::string& wanted, std::string& error)
{
    for (const ir::Function* f : all)
        if (f->name == wanted)
            return f;
    error = "no entry named '" + wanted + "'";
    return nullptr;
}

int opCount(const ir::Block& b)
{
    int n = 0;
    for (const ir::Op* op : b.ops) {
        ++n;
        for (const ir::Region* r : op->regions)
            for (const ir::Block* nb : r->blocks)
                n += opCount(*nb);
    }
    return n;
}

// Every pair the differ would make (diff::matchEntryNames: names, demangled bases, then op
// counts).
std::vector<EntryPair> matchedPairs(const std::array<Entries, 2>& all)
{
    std::vector<std::string> names[2];
    std::vector<int> counts[2];
    for (int i = 0; i < 2; ++i)
        for (const ir::Function* f : all[size_t(i)]) {
            names[i].emplace_back(f->name);
            counts[i].push_back(f->body && f->body->entryBlock() ? opCount(*f->body->entryBlock())
                                                                 : 0);
        }
    std::vector<EntryPair> pairs;
    for (const auto& [r, g] : diff::matchEntryNames(names[0], names[1], counts[0], counts[1]))
        if (r >= 0 && g >= 0)
            pairs.push_back({all[0][size_t(r)], all[1][size_t(g)]});
    return pairs;
}

// Entry pairs to run: the named ones, the only ones, else every pair the differ would make.
std::vector<EntryPair> entryPairs(const std::array<Entries, 2>& all,
                                  const std::array<std::string, 2>& wanted, std::string& error)
{
    const ir::Function* picked[2] = {nullptr, nullptr};
    for (size_t i = 0; i < 2; ++i) {
        if (!wanted[i].empty() && !(picked[i] = pickEntry(all[i], wanted[i], error)))
            return {};
        if (!picked[i] && all[i].size() == 1)
            picked[i] = all[i][0];
    }
    if (picked[0] && picked[1])
        return {{picked[0], picked[1]}};
    if (picked[0] || picked[1] || all[0].empty() || all[1].empty()) {
        error = std::to_string(all[0].size()) + " and " + std::to_string(all[1].size()) +
                " entries; choose with --ref-entry/--gen-entry";
        return {};
    }
    std::vector<EntryPair> pairs = matchedPairs(all);
    if (pairs.empty())
        error = "no entry of REF pairs with one of GEN; choose with --ref-entry/--gen-entry";
    return pairs;
}

size_t decidingRun(const std::vector<EntryPairRun>& runs)
{
    for (const char* verdict : {"different", "unsupported", "error", "cancelled"})
        for (size_t i = 0; i < runs.size(); ++i)
            if (runs[i].result.verdict == verdict)
                return i;
    return 0;
}

std::string errorCount(size_t n)
{
    return n == 1 ? "1 error" : std::to_string(n) + " errors";
}

// Reads and verifies both files (the interpreter reads tiles by the types it checks); false
// with the input error set when one does not parse or verify.
bool loadModels(FileEval& out)
{
    for (size_t i = 0; i < 2; ++i) {
        size_t verifierErrors = 0;
        out.models[i] = ir::loadVerifiedIrFile(out.files[i], {}, &verifierErrors);
        if (out.models[i].ok())
            continue;
        out.diagnostics = out.models[i].diagnostics;
        out.error = verifierErrors > 0
                        ? out.files[i] + " does not verify (" + errorCount(verifierErrors) +
                              "); the interpreter runs only IR that verifies"
                        : out.files[i] + " does not parse";
        return false;
    }
    return true;
}

// The binding of one pair: the file's for a single pair (fitting or not: a misfit is
// reported by the run), else the provider's, else by default; nullopt with \a error set.
std::optional<eval::Binding> bindingOf(const FileEvalRequest& request,
                                       const std::optional<eval::Binding>& file, size_t pairs,
                                       const EntryPair& pair, std::string& error)
{
    if (file && pairs == 1)
        return *file;
    std::string derivedWhy;
    if (!file && request.provider)
        if (auto derived = request.provider(*pair.first, *pair.second, derivedWhy))
            return derived;
    eval::Binding binding;
    if (eval::bindingForPair(file ? &*file : nullptr, *pair.first, *pair.second, binding, error))
        return binding;
    if (!derivedWhy.empty())
        error += " (launch chain: " + derivedWhy + ")";
    return std::nullopt;
}

nlohmann::json runJson(const FileEval& eval, size_t i)
{
    const EntryPairRun& run = eval.runs[i];
    nlohmann::json j = eval::evalResultJson(run.result);
    j["reference"] = {{"file", eval.files[0]}, {"entry", std::string(run.reference->name)}};
    j["generated"] = {{"file", eval.files[1]}, {"entry", std::string(run.generated->name)}};
    return j;
}

std::string pairName(const EntryPairRun& run)
{
    return std::string(run.reference->name) + " / " + std::string(run.generated->name);
}

} // namespace

FileEval evaluateFiles(const FileEvalRequest& request)
{
    FileEval out;
    out.files = request.files;
    if (!loadModels(out))
        return out;
    const std::array<Entries, 2> all = {entriesOf(out.models[0]), entriesOf(out.models[1])};
    std::string error;
    const std::vector<EntryPair> pairs = entryPairs(all, request.entries, error);
    if (pairs.empty()) {
        out.error = out.files[0] + ", " + out.files[1] + ": " + error;
        return out;
    }
    std::optional<eval::Binding> file;
    if (request.bindingFile && !eval::loadBinding(*request.bindingFile, file.emplace(), out.error))
        return out;
    for (const EntryPair& pair : pairs) {
        EntryPairRun run{pair.first, pair.second, {}};
        if (const auto binding = bindingOf(request, file, pairs.size(), pair, error)) {
            run.result = eval::evaluatePair(*pair.first, *pair.second, *binding, request.options);
        } else if (pairs.size() == 1) {
            out.error = error;
            return out;
        } else {
            run.result.verdict = "error";
            run.result.message = "binding: " + error;
        }
        out.runs.push_back(std::move(run));
    }
    out.decider = decidingRun(out.runs);
    return out;
}

std::string fileEvalJson(const FileEval& eval)
{
    nlohmann::json j = runJson(eval, eval.decider);
    j["entries"] = nlohmann::json::array();
    for (size_t i = 0; i < eval.runs.size(); ++i)
        j["entries"].push_back(runJson(eval, i));
    return jsonText(j) + "\n";
}

std::string fileEvalText(const FileEval& eval)
{
    if (eval.runs.size() == 1)
        return eval::evalResultText(eval.decided());
    std::string text = eval.decided().verdict + ": " + std::to_string(eval.runs.size()) +
                       " entry pairs, decided by " + pairName(eval.runs[eval.decider]) + "\n";
    for (const EntryPairRun& run : eval.runs)
        text += "\nentry " + pairName(run) + ": " + eval::evalResultText(run.result);
    return text;
}

} // namespace tilelens::crosscheck
