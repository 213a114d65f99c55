// Fuzz targets for analysis.json and the markdown reports (see FuzzTargets.h).
#include "FuzzTargets.h"
#include "workspace/AnalysisValidator.h"
#include "workspace/CheckoutPorts.h"
#include "workspace/JsonFile.h"
#include "workspace/JsonLocator.h"
#include "workspace/Reports.h"

namespace tilelens::fuzz {

void analysisJson(std::string_view bytes)
{
    const std::string text(bytes);
    Diagnostics diags;
    const auto doc = ws::parseJson(text, QStringLiteral("analysis.json"), diags);
    if (!doc)
        return;
    const ws::ValidationResult r =
        ws::validateAnalysisDocument(*doc, QString(), QStringLiteral("analysis.json"));
    const ws::JsonLocator locator(text);
    int line = 0, column = 0;
    for (const Diagnostic& d : r.messages)
        locator.locate(d.jsonPointer, line, column);
}

void reports(std::string_view bytes)
{
    const QString text = QString::fromUtf8(bytes.data(), qsizetype(bytes.size()));
    const QString path = QStringLiteral("report.md");
    (void)ws::parseCorrectnessReport(text, path);
    (void)ws::parsePerformanceReport(text, path);
    (void)ws::parseDiffReport(text, path);
    (void)ws::parseInvestigationReport(text, path);
}

// .tilelens/pairings.json as `kernels` reads it, then as --pair and --forget rewrite it: a
// document that reads must still read after an edit, with the edit in it.
void pairingsJson(std::string_view bytes)
{
    const std::string text(bytes);
    const QString path = QStringLiteral(".tilelens/pairings.json");
    Diagnostics diags;
    (void)ws::parseCheckoutPairings(text, path, diags);
    const bool readable = !hasErrors(diags);
    const QString kernel = QStringLiteral("gemm");
    const auto paired =
        ws::editPairingsText(text, path, kernel, QStringLiteral("e"), QStringLiteral("f"), diags);
    if (!paired)
        return;
    Diagnostics again;
    const ws::CheckoutPairings after = ws::parseCheckoutPairings(*paired, path, again);
    const auto gemm = after.find(kernel);
    if (gemm == after.end() || gemm->second.find(QStringLiteral("e")) == gemm->second.end() ||
        gemm->second.at(QStringLiteral("e")) != QLatin1String("f") ||
        (readable && hasErrors(again)))
        __builtin_trap(); // the written file lost the pairing or no longer reads
    const auto forgotten =
        ws::editPairingsText(*paired, path, kernel, QStringLiteral("e"), std::nullopt, again);
    if (!forgotten)
        __builtin_trap();
}

} // namespace tilelens::fuzz
