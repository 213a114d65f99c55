#include "pair/DiffReport.h"

#include "common/JsonWrite.h"
#include "diff/ReportWriters.h"
#include "pair/CrossCheck.h"
#include "pair/HtmlExport.h"
#include "pair/PairAnalysis.h"

#include <nlohmann/json.hpp>

namespace tilelens::pair {

namespace {

constexpr const char* kFormatNames[] = {"text", "json", "markdown", "sarif", "html"};

std::string jsonWithRun(const diff::DiffResult& reported, const crosscheck::CrossCheck* check)
{
    std::string text = diff::writeJsonReport(reported);
    if (!check)
        return text;
    nlohmann::json j = nlohmann::json::parse(text);
    crosscheck::addToDiffJson(j, *check);
    return jsonText(j) + "\n";
}

} // namespace

std::optional<DiffFormat> diffFormatNamed(std::string_view name)
{
    for (size_t i = 0; i < std::size(kFormatNames); ++i)
        if (name == kFormatNames[i])
            return DiffFormat(i);
    return std::nullopt;
}

std::string diffFormatList()
{
    std::string list;
    for (const char* name : kFormatNames)
        list += (list.empty() ? "" : ", ") + std::string(name);
    return list;
}

crosscheck::CrossCheck crossCheckPort(const PairAnalysis& analysis, const std::string& bindingFile,
                                      const eval::EvalOptions& options)
{
    return crossCheck(analysis, bindingFile, options,
                      portBindingProvider(analysis.sides.reference().path,
                                          analysis.sides.generated().path, options.bindingWay));
}

std::string diffReport(const PairAnalysis& analysis, const diff::RuleSet& rules, DiffFormat format,
                       const std::string& kernel, const crosscheck::CrossCheck* check)
{
    // The reports say what the run adds: its counterexample on the criticals it was attached
    // to (no longer unproven), why the others have none.
    const diff::DiffResult shown =
        check ? crosscheck::withCpuRun(*analysis.result, *check) : diff::DiffResult();
    const diff::DiffResult& reported = check ? shown : *analysis.result;
    switch (format) {
    case DiffFormat::Json:
        return jsonWithRun(reported, check);
    case DiffFormat::Sarif:
        return diff::writeSarifReport(reported, rules);
    case DiffFormat::Html:
        return htmlPage(analysis, kernel);
    case DiffFormat::Markdown:
        return diff::writeMarkdownReport(reported, kernel) +
               (check ? crosscheck::crossCheckText(*check, crosscheck::ReportFormat::Markdown)
                      : std::string());
    case DiffFormat::Text:
        break;
    }
    return diff::writeTextReport(reported) +
           (check ? crosscheck::crossCheckText(*check, crosscheck::ReportFormat::Text)
                  : std::string());
}

} // namespace tilelens::pair
