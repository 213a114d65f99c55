#include "pair/KernelListing.h"

#include "common/BytePath.h"
#include "common/JsonWrite.h"
#include "pair/VariantPair.h"

#include <QDir>
#include <QHash>
#include <nlohmann/json.hpp>

namespace tilelens::pair {
namespace {

using Json = nlohmann::ordered_json;

QString relativeTo(const QDir& root, const QString& path)
{
    return path.isEmpty() ? QString() : root.relativeFilePath(path);
}

Json pathOrNull(const QString& path)
{
    return path.isEmpty() ? Json(nullptr) : Json(path.toStdString());
}

// The line of each entry of a kernel (the last of a name, as listed before): one look-up
// per variant instead of a pass over every entry (20k entries were quadratic).
QHash<QString, int> entryLines(const ws::Kernel& k)
{
    QHash<QString, int> lines;
    for (const ws::RustEntry& e : k.entries)
        lines.insert(e.name, e.line);
    return lines;
}

KernelListingRow rowFor(const QDir& root, const ws::Kernel& k, const QHash<QString, int>& lines,
                        const ws::Variant& v)
{
    KernelListingRow r;
    r.kernel = k.name;
    r.variant = v.name;
    if (!v.rustEntries.isEmpty() && !k.rustKernel.isEmpty()) {
        r.rustFile = relativeTo(root, k.rustKernel);
        r.entry = v.rustEntries.front();
        r.rustLine = lines.value(r.entry, 0);
    }
    // The Python file and IR files the GUI's panes open (the same function decides).
    const VariantPair vp = variantPair(k, v);
    r.pythonFile = relativeTo(root, vp.pythonFile);
    r.function = vp.function;
    r.pythonLine = vp.pythonLine;
    r.pairing = !v.pairing.isEmpty()          ? v.pairing
                : k.analysisJson.isEmpty()    ? QStringLiteral("none")
                : !v.kernelFunction.isEmpty() ? QStringLiteral("analysis")
                                              : QStringLiteral("none");
    r.referenceIr = relativeTo(root, vp.referenceIr);
    r.generatedIr = relativeTo(root, vp.generatedIr);
    return r;
}

Json diagnosticJson(const QString& kernel, const Diagnostic& d, const QDir& root)
{
    Json j = {
        {"kernel", kernel.isEmpty() ? Json(nullptr) : Json(kernel.toStdString())},
        {"severity", severityWord(d.severity)},
        {"file", d.place.file.empty()
                     ? Json(nullptr)
                     : Json(relativeTo(root, QString::fromStdString(d.place.file)).toStdString())},
        {"line", d.place.line},
        {"column", d.place.column},
        {"message", d.message}};
    if (!d.jsonPointer.empty())
        j["pointer"] = d.jsonPointer;
    return j;
}

Json variantJson(const KernelListingRow& r)
{
    Json rust = r.entry.isEmpty() ? Json(nullptr)
                                  : Json{{"file", r.rustFile.toStdString()},
                                         {"entry", r.entry.toStdString()},
                                         {"line", r.rustLine}};
    // null only without a Python file; a file found with no function paired in it (a folder
    // with only reference/ and generated/) is named, its function and line null.
    Json python = r.pythonFile.isEmpty()
                      ? Json(nullptr)
                      : Json{{"file", r.pythonFile.toStdString()},
                             {"function", r.function.isEmpty() ? Json(nullptr)
                                                               : Json(r.function.toStdString())},
                             {"line", r.function.isEmpty() ? Json(nullptr) : Json(r.pythonLine)}};
    return {{"name", r.variant.toStdString()},
            {"rust", rust},
            {"python", python},
            {"pairing", r.pairing.toStdString()},
            {"reference_ir", pathOrNull(r.referenceIr)},
            {"generated_ir", pathOrNull(r.generatedIr)}};
}

QString rowText(const KernelListingRow& r)
{
    const QString rust =
        r.entry.isEmpty() ? QStringLiteral("(no Rust entry)")
                          : QStringLiteral("%1 (%2:%3)").arg(r.entry, r.rustFile).arg(r.rustLine);
    const QString python =
        r.function.isEmpty()
            ? QStringLiteral("(unpaired)")
            : QStringLiteral("%1 (%2:%3)").arg(r.function, r.pythonFile).arg(r.pythonLine);
    return QStringLiteral("  %1  <->  %2  [%3]\n").arg(rust, python, r.pairing) +
           QStringLiteral("    IR: reference %1, generated %2\n")
               .arg(r.referenceIr.isEmpty() ? QStringLiteral("-") : r.referenceIr,
                    r.generatedIr.isEmpty() ? QStringLiteral("-") : r.generatedIr);
}

} // namespace

KernelListing listKernels(const ws::Workspace& w)
{
    KernelListing out;
    const QDir root(w.root);
    Json kernels = Json::array();
    Json diagnostics = Json::array();
    for (const Diagnostic& d : w.diagnostics) {
        diagnostics.push_back(diagnosticJson(QString(), d, root));
        out.problems = out.problems || d.severity != Severity::Note;
        out.diagnosticsText += QString::fromStdString(d.format()) + QLatin1Char('\n');
    }
    QString kernelDiagnostics;
    for (const ws::Kernel& k : w.kernels) {
        Json variants = Json::array();
        const QHash<QString, int> lines = entryLines(k);
        for (const ws::Variant& v : k.variants) {
            out.rows.push_back(rowFor(root, k, lines, v));
            const KernelListingRow& r = out.rows.back();
            out.unpaired = out.unpaired || r.entry.isEmpty() || r.function.isEmpty();
            variants.push_back(variantJson(r));
        }
        kernels.push_back({{"name", k.name.toStdString()},
                           {"dir", relativeTo(root, k.dir).toStdString()},
                           {"kind", k.checkoutPort ? "checkout" : "workdir"},
                           {"variants", variants}});
        for (const Diagnostic& d : k.diagnostics) {
            diagnostics.push_back(diagnosticJson(k.name, d, root));
            out.problems = out.problems || d.severity != Severity::Note;
            kernelDiagnostics += QStringLiteral("[%1] ").arg(k.name) +
                                 QString::fromStdString(d.format()) + QLatin1Char('\n');
        }
    }
    out.diagnosticsText += kernelDiagnostics;
    out.noKernel = w.kernels.empty();
    const Json json = {{"schema", "tilelens.kernels/1"},
                       {"root", displayPath(w.root).toStdString()},
                       {"checkout", pathOrNull(relativeTo(root, w.tilegymRoot))},
                       {"kernels", kernels},
                       {"diagnostics", diagnostics}};
    out.json = jsonText(json) + "\n";
    return out;
}

QString kernelListingText(const KernelListing& listing)
{
    QString text;
    QString last;
    for (const KernelListingRow& r : listing.rows) {
        if (r.kernel != last)
            text += r.kernel + QLatin1Char('\n');
        last = r.kernel;
        text += rowText(r);
    }
    return text + listing.diagnosticsText;
}

} // namespace tilelens::pair
