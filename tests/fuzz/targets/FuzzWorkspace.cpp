// Fuzz targets for analysis.json and the markdown reports (see FuzzTargets.h).
#include "FuzzTargets.h"
#include "workspace/AnalysisValidator.h"
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

} // namespace tilelens::fuzz
