// JSON (tilelens.eval/1) and text forms of an EvalResult.

#include "common/PrintableText.h"
#include "eval/Differential.h"

#include <nlohmann/json.hpp>
#include <sstream>

namespace tilelens::eval {
namespace {

nlohmann::json issueJson(const EvalIssue& i)
{
    return {{"kind", issueKindName(i.kind)},
            {"op", i.op},
            {"line", i.line},
            {"column", i.column},
            {"message", i.message},
            {"indices", i.indices},
            {"block", i.block}};
}

nlohmann::json gridJson(const Grid& g)
{
    return nlohmann::json::array({g.x, g.y, g.z});
}

nlohmann::json caseJson(const CaseResult& c)
{
    nlohmann::json j = {{"inputs", c.inputs},
                        {"seed", c.seed},
                        {"dims", c.dims},
                        {"grid_reference", gridJson(c.refGrid)},
                        {"grid_generated", gridJson(c.genGrid)},
                        {"verdict", c.verdict},
                        {"elements_compared", c.elementsCompared},
                        {"max_ulp", c.maxUlpSeen},
                        {"seconds_reference", c.refSeconds},
                        {"seconds_generated", c.genSeconds}};
    if (c.inputs == "edge")
        j["edge_array"] =
            c.edgeArray.empty() ? nlohmann::json(nullptr) : nlohmann::json(c.edgeArray);
    return j;
}

std::string join(const std::vector<int64_t>& v)
{
    std::string s;
    for (size_t i = 0; i < v.size(); ++i)
        s += (i ? "," : "") + std::to_string(v[i]);
    return s;
}

// Names (arrays, parameters, ops, entries) come from the IR and the binding file: shown without
// their control characters, so that none drives the terminal of whoever reads the verdict.
std::string show(const std::string& text)
{
    return printableText(text);
}

nlohmann::json storeJson(const StoreEvent& e)
{
    return {{"op", e.op}, {"line", e.line}, {"column", e.column}, {"block", e.block}};
}

} // namespace

std::string firstDivergenceText(const FirstDivergence& f)
{
    std::ostringstream s;
    s << "first written differently by " << show(f.reference.op) << " at reference line "
      << f.reference.line << " / " << show(f.generated.op) << " at generated line "
      << f.generated.line << ": " << show(f.array) << "[" << join(f.index) << "] reference "
      << show(f.refValue) << ", generated " << show(f.genValue) << " (block "
      << join(f.reference.block) << ")";
    return s.str();
}

nlohmann::json evalResultJson(const EvalResult& r)
{
    nlohmann::json j = {{"schema", "tilelens.eval/1"},
                        {"verdict", r.verdict},
                        {"message", r.message},
                        {"binding", r.bindingSource},
                        {"binding_facts", r.bindingFacts},
                        {"approximations", r.approximations},
                        {"notes", r.notes},
                        {"undefined_reads", r.undefinedReads},
                        {"element_ops", r.elementOps},
                        {"seconds", r.seconds},
                        {"cases", nlohmann::json::array()},
                        {"issue", nullptr},
                        {"counterexample", nullptr}};
    for (const CaseResult& c : r.cases)
        j["cases"].push_back(caseJson(c));
    if (r.issue) {
        j["issue"] = issueJson(*r.issue);
        j["issue"]["side"] = r.issueSide;
    }
    if (r.counterexample) {
        const Counterexample& c = *r.counterexample;
        nlohmann::json cx = {{"array", c.array},
                             {"index", c.index},
                             {"reference", c.refValue},
                             {"generated", c.genValue},
                             {"ulp", c.ulp},
                             {"inputs_at_index", c.inputsAtIndex},
                             {"scalars", c.scalars},
                             {"reference_issue", nullptr},
                             {"generated_issue", nullptr}};
        if (c.refIssue)
            cx["reference_issue"] = issueJson(*c.refIssue);
        if (c.genIssue)
            cx["generated_issue"] = issueJson(*c.genIssue);
        if (r.counterexampleCase)
            cx["case"] = caseJson(*r.counterexampleCase);
        j["counterexample"] = cx;
    }
    if (r.firstDivergence) {
        const FirstDivergence& f = *r.firstDivergence;
        j["first_divergence"] = {{"reference", storeJson(f.reference)},
                                 {"generated", storeJson(f.generated)},
                                 {"array", f.array},
                                 {"index", f.index},
                                 {"reference_value", f.refValue},
                                 {"generated_value", f.genValue}};
    }
    return j;
}

std::string evalResultText(const EvalResult& r)
{
    std::ostringstream s;
    s << show(r.verdict);
    if (!r.message.empty())
        s << ": " << show(r.message);
    s << "\n";
    if (r.counterexample) {
        const Counterexample& c = *r.counterexample;
        if (r.counterexampleCase) {
            s << "  case: " << show(r.counterexampleCase->inputs) << " inputs";
            if (!r.counterexampleCase->edgeArray.empty())
                s << " (in " << show(r.counterexampleCase->edgeArray) << " only)";
            s << ", seed " << r.counterexampleCase->seed;
            for (const auto& [k, v] : r.counterexampleCase->dims)
                s << ", " << show(k) << "=" << v;
            s << "\n";
        }
        if (c.refIssue || c.genIssue) {
            s << "  reference: " << (c.refIssue ? show(c.refIssue->format()) : std::string("ran"))
              << "\n";
            s << "  generated: " << (c.genIssue ? show(c.genIssue->format()) : std::string("ran"))
              << "\n";
        } else {
            s << "  " << show(c.array) << "[" << join(c.index) << "]: reference "
              << show(c.refValue) << ", generated " << show(c.genValue);
            if (c.ulp >= 0)
                s << " (" << c.ulp << " ulp apart)";
            s << "\n";
            for (const auto& [k, v] : c.inputsAtIndex)
                s << "  input " << show(k) << "[" << join(c.index) << "] = " << show(v) << "\n";
            for (const auto& [k, v] : c.scalars)
                s << "  scalar " << show(k) << " = " << show(v) << "\n";
        }
        if (r.firstDivergence)
            s << "  " << firstDivergenceText(*r.firstDivergence) << "\n";
    }
    size_t compared = 0;
    for (const CaseResult& c : r.cases)
        compared += c.elementsCompared;
    s << "  " << r.cases.size() << " case(s), " << compared << " elements compared, binding "
      << show(r.bindingSource) << ", " << r.seconds << " s\n";
    if (!r.approximations.empty()) {
        s << "  within tolerance only (modelled approximately):";
        for (const std::string& a : r.approximations)
            s << " " << show(a) << ";";
        s << "\n";
    }
    for (const std::string& n : r.notes)
        s << "  note: " << show(n) << "\n";
    if (!r.bindingFacts.empty()) {
        s << "  sizes from the entries' assume facts:";
        for (size_t i = 0; i < r.bindingFacts.size(); ++i)
            s << (i ? "; " : " ") << show(r.bindingFacts[i]);
        s << "\n";
    }
    if (r.undefinedReads)
        s << "  " << r.undefinedReads
          << " reads without a padding value (masked off or outside the tensor; undefined in the "
             "dialect) read as 0; an output that depends on them is reported\n";
    return s.str();
}

} // namespace tilelens::eval
