#include "workspace/ValidationReport.h"

#include "common/BytePath.h"
#include "common/JsonWrite.h"
#include "workspace/AnalysisValidator.h"
#include "workspace/KernelValidator.h"

#include <QDir>
#include <QFileInfo>
#include <nlohmann/json.hpp>

namespace tilelens::ws {
namespace {

nlohmann::ordered_json messageJson(const Diagnostic& d)
{
    nlohmann::ordered_json j = {{"severity", d.severity == Severity::Error     ? "error"
                                             : d.severity == Severity::Warning ? "warning"
                                                                               : "ok"},
                                {"message", d.message}};
    if (!d.place.file.empty())
        j["file"] = d.place.file;
    if (d.place.line > 0) {
        j["line"] = d.place.line;
        j["column"] = d.place.column;
    }
    if (!d.jsonPointer.empty())
        j["pointer"] = d.jsonPointer;
    return j;
}

nlohmann::ordered_json resultJson(const ValidationResult& r)
{
    nlohmann::ordered_json messages = nlohmann::ordered_json::array();
    for (const Diagnostic& d : r.messages) {
        if (d.severity != Severity::Note)
            messages.push_back(messageJson(d));
    }
    nlohmann::ordered_json summary = nlohmann::ordered_json::array();
    for (const QString& s : r.summary)
        summary.push_back(s.toStdString());
    return {{"scope", r.scope.toStdString()}, {"verdict", r.passed() ? "PASS" : "FAIL"},
            {"errors", r.errors()},           {"warnings", r.warnings()},
            {"messages", messages},           {"summary", summary}};
}

} // namespace

std::optional<ValidationScope> validationScopeNamed(const QString& name)
{
    if (name == QLatin1String("analysis"))
        return ValidationScope::Analysis;
    if (name == QLatin1String("kernel"))
        return ValidationScope::Kernel;
    if (name == QLatin1String("all"))
        return ValidationScope::All;
    return std::nullopt;
}

QString validationTarget(const QString& given)
{
    const QFileInfo info(given);
    QString dir = qtPath(info.filePath());
    if (QFileInfo(dir).isFile() && info.fileName() == QLatin1String("analysis.json"))
        return qtPath(QFileInfo(info.absolutePath()).absolutePath());
    return dir;
}

QString validationCheckout(const std::optional<QString>& given, QString* error)
{
    QString tilegym = given && !given->isEmpty() ? *given : qEnvironmentVariable("TILEGYM_PATH");
    if (tilegym.isEmpty() ||
        QFileInfo(QDir(tilegym).filePath(QStringLiteral("src/tilegym"))).isDir())
        return tilegym;
    if (given && error)
        *error = QStringLiteral("%1 is not a TileGym checkout (no src/tilegym)").arg(tilegym);
    return {};
}

std::vector<ValidationResult> validateScopes(const QString& dir, ValidationScope scope,
                                             const QString& tilegym)
{
    std::vector<ValidationResult> results;
    if (scope != ValidationScope::Kernel)
        results.push_back(validateAnalysis(dir));
    if (scope != ValidationScope::Analysis)
        results.push_back(validateKernelDir(dir, tilegym));
    return results;
}

std::string validationJson(const std::vector<ValidationResult>& results, const QString& dir)
{
    bool failed = false;
    nlohmann::ordered_json scopes = nlohmann::ordered_json::array();
    for (const ValidationResult& r : results) {
        failed = failed || !r.passed();
        scopes.push_back(resultJson(r));
    }
    const nlohmann::ordered_json out = {
        {"schema", "tilelens.validate/1"},
        {"target", displayPath(QDir(dir).absolutePath()).toStdString()},
        {"verdict", failed ? "FAIL" : "PASS"},
        {"scopes", scopes}};
    return jsonText(out) + "\n";
}

QString validationText(const std::vector<ValidationResult>& results, bool withOk)
{
    QString text;
    for (size_t i = 0; i < results.size(); ++i) {
        if (results.size() > 1)
            text += QStringLiteral("=== %1 ===\n").arg(results[i].scope);
        text += formatValidationText(results[i], withOk);
        if (i + 1 < results.size())
            text += QStringLiteral("\n");
    }
    return text;
}

} // namespace tilelens::ws
