// Fuzz targets for analysis.json and the markdown reports (see FuzzTargets.h).
#include "FuzzTargets.h"
#include "workspace/AbiCheck.h"
#include "workspace/AbiSarif.h"
#include "workspace/AnalysisValidator.h"
#include "workspace/CheckoutPorts.h"
#include "workspace/JsonFile.h"
#include "workspace/JsonLocator.h"
#include "workspace/LaunchBinding.h"
#include "workspace/LaunchChain.h"
#include "workspace/Reports.h"

#include <nlohmann/json.hpp>

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

namespace {

// One entry's chain as `binding` and the CPU runs use it: the derived binding, its eval form
// and JSON, the ABI findings and their SARIF, the names of its sizes.
void bindAndCheck(const ws::EntryChain& e)
{
    const ws::DerivedBinding b = ws::deriveBinding(e);
    eval::Binding run;
    std::string error;
    if (b.toEval(run, error) && !b.complete)
        __builtin_trap(); // an incomplete binding given to the interpreter
    (void)b.toJson([](const ws::launch::Loc& loc) { return loc.file; }).dump();
    const std::vector<ws::AbiFinding> findings = ws::checkAbi(e, b);
    (void)ws::writeAbiSarif(findings, "/checkout");
    for (const std::string& key : b.dimKeys)
        (void)ws::dimDisplayName(e, key);
}

} // namespace

void launchChain(std::string_view bytes)
{
    std::vector<std::optional<std::string>> parts(4);
    size_t part = 0, start = 0;
    for (size_t i = 0; i <= bytes.size() && part < parts.size(); ++i)
        if (i == bytes.size() || bytes[i] == '\x01') {
            parts[part++] = std::string(bytes.substr(start, i - start));
            start = i + 1;
        }
    ws::LaunchFiles files;
    files.wrapper = QStringLiteral("/checkout/src/tilegym/ops/cutile_rs/op.py");
    files.ffi = QStringLiteral("/checkout/src/tilegym/ops/cutile_rs/op_kernel/ffi.rs");
    files.kernelRs = QStringLiteral("/checkout/src/tilegym/ops/cutile_rs/op_kernel/kernel.rs");
    files.reference = QStringLiteral("/checkout/src/tilegym/ops/cutile/op.py");
    const ws::LaunchChain chain =
        ws::readLaunchChain("op", files, {parts[0], parts[1], parts[2], parts[3]});
    // The entries as `binding` takes them (their alternatives, other flags of the call, are
    // bound the same way, only for an IR pair's specialisation: many times the work per input).
    for (const ws::EntryChain& e : chain.entries)
        bindAndCheck(e);
}

} // namespace tilelens::fuzz
