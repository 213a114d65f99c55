#include "workspace/AnalysisJson.h"

#include "perf/PerfData.h"
#include "workspace/JsonFile.h"

namespace tilelens::ws {

namespace {

using json = Json;

QString str(const json& obj, const char* key)
{
    if (!obj.is_object())
        return {};
    const auto it = obj.find(key);
    return it != obj.end() && it->is_string() ? QString::fromStdString(it->get<std::string>())
                                              : QString();
}

QStringList strings(const json& obj, const char* key)
{
    QStringList out;
    if (!obj.is_object())
        return out;
    const auto it = obj.find(key);
    if (it == obj.end() || !it->is_array())
        return out;
    for (const auto& v : *it) {
        if (v.is_string())
            out.push_back(QString::fromStdString(v.get<std::string>()));
    }
    return out;
}

int arraySize(const json& obj, const char* key)
{
    if (!obj.is_object())
        return 0;
    const auto it = obj.find(key);
    return it != obj.end() && it->is_array() ? int(it->size()) : 0;
}

void addShapes(AnalysisJson& a, const json& list)
{
    if (!list.is_array())
        return;
    a.shapeCount += int(list.size());
    for (const auto& item : list) {
        if (item.is_string())
            a.perfConfigIds.push_back(
                perf::configIdWithoutBackend(QString::fromStdString(item.get<std::string>())));
    }
}

} // namespace

bool AnalysisJson::autotuneActive() const
{
    return launchPath == QLatin1String("autotune") || !autotuneBackends.isEmpty();
}

int AnalysisJson::variantAutotuneConfigs() const
{
    int n = 0;
    for (const auto& v : variants)
        n += v.autotuneConfigCount;
    return n;
}

const AnalysisVariant* AnalysisJson::variant(const QString& name) const
{
    for (const auto& v : variants) {
        if (v.name == name)
            return &v;
    }
    return nullptr;
}

QString AnalysisJson::winnerFor(const QString& variantName) const
{
    if (const auto it = perVariantWinner.find(variantName);
        it != perVariantWinner.end() && !it->second.isEmpty())
        return it->second;
    if (const AnalysisVariant* v = variant(variantName); v && !v->referenceBackend.isEmpty())
        return v->referenceBackend;
    return !referenceBackend.isEmpty() ? referenceBackend : winner;
}

AnalysisJson analysisFromJson(const json& doc, const QString& path)
{
    AnalysisJson a;
    a.path = path;
    a.raw = doc;
    if (!doc.is_object())
        return a;
    a.kernelName = str(doc, "kernel_name");
    a.source = str(doc, "source");
    if (a.source.isEmpty())
        a.source = str(doc, "source_file");
    a.launchPath = str(doc, "launch_path");
    a.pattern = str(doc, "pattern");
    a.referenceBackend = str(doc, "reference_backend");
    if (const auto sel = doc.find("reference_backend_selection");
        sel != doc.end() && sel->is_object()) {
        a.winner = str(*sel, "winner");
        if (const auto pv = sel->find("per_variant"); pv != sel->end() && pv->is_object()) {
            for (const auto& [name, value] : pv->items())
                a.perVariantWinner[QString::fromStdString(name)] = str(value, "winner");
        }
    }
    if (const auto cfg = doc.find("test_perf_configs"); cfg != doc.end()) {
        if (cfg->is_object()) {
            for (const auto& [group, value] : cfg->items()) {
                if (value.is_object() && value.contains("shapes"))
                    addShapes(a, value["shapes"]);
            }
        } else if (cfg->is_array()) {
            for (const auto& item : *cfg) {
                if (item.is_object() && item.contains("param_list"))
                    addShapes(a, item["param_list"]);
            }
        }
    }
    if (const auto vs = doc.find("kernel_variants"); vs != doc.end() && vs->is_array()) {
        for (const auto& v : *vs) {
            AnalysisVariant var;
            var.name = str(v, "variant_name");
            var.kernelFunction = str(v, "kernel_function");
            var.referenceIr = str(v, "reference_ir");
            var.dispatchCondition = str(v, "dispatch_condition");
            var.referenceBackend = str(v, "reference_backend");
            var.variantType = str(v, "variant_type");
            var.autotuneConfigCount = arraySize(v, "autotune_configs");
            if (v.is_object()) {
                for (const auto& [key, value] : v.items()) {
                    if (key.find("supplement") != std::string::npos && value.is_string())
                        var.supplements.push_back(QString::fromStdString(value.get<std::string>()));
                }
            }
            a.variants.push_back(std::move(var));
        }
    }
    if (const auto c2v = doc.find("config_to_variant"); c2v != doc.end() && c2v->is_object()) {
        for (const auto& [key, value] : c2v->items()) {
            if (value.is_string())
                a.configToVariant[QString::fromStdString(key)] =
                    QString::fromStdString(value.get<std::string>());
        }
    }
    a.autotuneBackends = strings(doc, "autotune_backends");
    a.autotuneKey = strings(doc, "autotune_key");
    a.topAutotuneConfigs = arraySize(doc, "autotune_configs");
    if (const auto cr = doc.find("correctness_reference"); cr != doc.end())
        a.correctnessFunction = str(*cr, "function");
    if (const auto tol = doc.find("correctness_tolerance"); tol != doc.end() && tol->is_object()) {
        for (const auto& [key, value] : tol->items()) {
            if (key != "source" && key != "notes")
                a.toleranceDtypes.push_back(QString::fromStdString(key));
        }
    }
    return a;
}

std::optional<AnalysisJson> loadAnalysisJson(const QString& path, Diagnostics& diags)
{
    auto doc = readJsonFile(path, diags);
    if (!doc)
        return std::nullopt;
    if (!doc->is_object()) {
        Diagnostic d;
        d.place.file = path.toStdString();
        d.place.line = 1;
        d.place.column = 1;
        d.message = std::string("analysis.json must hold a JSON object, not ") + jsonTypeName(*doc);
        d.jsonPointer = "";
        diags.push_back(std::move(d));
        return std::nullopt;
    }
    return analysisFromJson(*doc, path);
}

} // namespace tilelens::ws
