#pragma once
// The model of reference/analysis.json (port-workspace.md §2): the fields the
// app and the other readers use, extracted leniently (a field of the wrong type
// reads as absent; AnalysisValidator reports it). The raw document is kept for
// the validator and for display.

#include "common/Diagnostic.h"
#include "workspace/JsonFile.h"

#include <QString>
#include <QStringList>
#include <map>
#include <optional>
#include <vector>

namespace tilelens::ws {

struct AnalysisVariant
{
    QString name;           // variant_name
    QString kernelFunction; // Python @ct.kernel function
    QString referenceIr;    // relative to the kernel dir
    QString dispatchCondition;
    QString referenceBackend; // "cutile" / "triton"
    QString variantType;
    QStringList supplements; // values of keys containing "supplement" that are strings
    int autotuneConfigCount = 0;
};

struct AnalysisJson
{
    QString path; // file it was read from
    Json raw;     // the whole document (object when valid)

    QString kernelName;
    QString source;     // relative to the tilegym checkout
    QString launchPath; // "direct" / "autotune"
    QString pattern;    // "single" / "multi_variant"
    QString referenceBackend;
    QString winner; // reference_backend_selection.winner
    std::map<QString, QString>
        perVariantWinner;      // reference_backend_selection.per_variant[v].winner
    QStringList perfConfigIds; // string items of shapes/param_list (pytest ids, backend removed)
    int shapeCount = 0;        // §2.2: Σ len(shapes) / Σ len(param_list)
    std::vector<AnalysisVariant> variants;
    std::map<QString, QString> configToVariant;
    QStringList autotuneBackends;
    QStringList autotuneKey;
    int topAutotuneConfigs = 0;
    QString correctnessFunction;
    QStringList toleranceDtypes;

    // §1.5: multi-variant iff kernel_variants is a list with more than one entry.
    bool multiVariant() const { return variants.size() > 1; }
    // §2.1: launch_path == "autotune" or non-empty autotune_backends.
    bool autotuneActive() const;
    int variantAutotuneConfigs() const;
    const AnalysisVariant* variant(const QString& name) const;
    // Baseline backend winner for a variant: per_variant winner, then the
    // variant's reference_backend, then the top-level one.
    QString winnerFor(const QString& variantName) const;
};

// Reads analysis.json; nullopt (with a placed diagnostic) when the file is
// missing, empty, too large, not JSON or not an object.
std::optional<AnalysisJson> loadAnalysisJson(const QString& path, Diagnostics& diags);

// Builds the model from an already parsed document (used by tests).
AnalysisJson analysisFromJson(const Json& doc, const QString& path = QString());

} // namespace tilelens::ws
