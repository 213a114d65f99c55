#include "workspace/AnalysisValidator.h"

#include "common/FileReader.h"
#include "workspace/JsonFile.h"
#include "workspace/JsonLocator.h"

#include <QDir>
#include <QFileInfo>
#include <set>

namespace tilelens::ws {

namespace {

using json = Json;

QString q(const std::string& s)
{
    return QString::fromStdString(s);
}

// List rendering of the script's trailer: [a, b].
QString pyList(const QStringList& items)
{
    return QLatin1Char('[') + items.join(QStringLiteral(", ")) + QLatin1Char(']');
}

bool nonEmptyString(const json& j)
{
    return j.is_string() && !j.get<std::string>().empty();
}

class Checker
{
public:
    Checker(const json& doc, QString kernelDir, QString file, ValidationResult& out)
        : doc_(doc), dir_(std::move(kernelDir)), file_(std::move(file)), r_(out)
    {
    }

    void run()
    {
        requiredFields();
        perfConfigs();
        referenceBackend();
        variants();
        selection();
        configToVariant();
        correctness();
        autotune();
        extras();
    }

    int variantConfigs = 0;

private:
    void err(const QString& m, const std::string& p) { r_.error(m, p, file_); }
    void warn(const QString& m, const std::string& p) { r_.warn(m, p, file_); }

    const json* field(const char* key) const
    {
        const auto it = doc_.find(key);
        return it == doc_.end() ? nullptr : &*it;
    }

    void requiredFields()
    {
        for (const char* key : {"kernel_name", "source", "launch_path", "pattern"}) {
            const json* v = field(key);
            if (!v)
                err(QStringLiteral("missing required field '%1'").arg(QLatin1String(key)),
                    jsonPointer({key}));
            else if (!v->is_string())
                err(QStringLiteral("'%1' must be a string, not %2")
                        .arg(QLatin1String(key), QLatin1String(jsonTypeName(*v))),
                    jsonPointer({key}));
        }
        if (const json* lp = field("launch_path");
            lp && lp->is_string() && *lp != "direct" && *lp != "autotune")
            warn(QStringLiteral("launch_path is '%1'; expected \"direct\" or \"autotune\"")
                     .arg(q(lp->get<std::string>())),
                 "/launch_path");
        if (const json* p = field("pattern");
            p && p->is_string() && *p != "single" && *p != "multi_variant")
            warn(QStringLiteral("pattern is '%1'; expected \"single\" or \"multi_variant\"")
                     .arg(q(p->get<std::string>())),
                 "/pattern");
        if (const json* ops = field("ops_used"); !ops)
            err(QStringLiteral("missing required field 'ops_used' (an array, may be empty)"),
                "/ops_used");
        else if (!ops->is_array())
            err(QStringLiteral("'ops_used' must be an array, not %1")
                    .arg(QLatin1String(jsonTypeName(*ops))),
                "/ops_used");
    }

    void perfConfigs()
    {
        const json* cfg = field("test_perf_configs");
        if (!cfg) {
            err(QStringLiteral("missing required field 'test_perf_configs'"), "/test_perf_configs");
            return;
        }
        size_t shapes = 0;
        if (cfg->is_object()) {
            for (const auto& [group, value] : cfg->items()) {
                const std::string p = jsonPointer({"test_perf_configs", group});
                if (!value.is_object()) {
                    err(QStringLiteral("test_perf_configs group '%1' must be an object with "
                                       "\"shapes\", not %2")
                            .arg(q(group), QLatin1String(jsonTypeName(value))),
                        p);
                    continue;
                }
                const auto s = value.find("shapes");
                if (s != value.end() && s->is_array())
                    shapes += s->size();
            }
        } else if (cfg->is_array()) {
            for (size_t i = 0; i < cfg->size(); ++i) {
                const json& item = (*cfg)[i];
                const auto pl = item.is_object() ? item.find("param_list") : item.end();
                if (item.is_object() && pl != item.end() && pl->is_array())
                    shapes += pl->size();
            }
        }
        shapes_ = int(shapes);
        if (shapes == 0)
            err(QStringLiteral("test_perf_configs yields 0 shapes (dict form needs \"shapes\" "
                               "lists, list form "
                               "needs \"param_list\" lists)"),
                "/test_perf_configs");
    }

    void backendValue(const json& obj, const std::string& pointer, const QString& where)
    {
        const auto it = obj.find("reference_backend");
        if (it == obj.end()) {
            warn(QStringLiteral("%1 has no reference_backend").arg(where), pointer);
            return;
        }
        if (!it->is_string() || (*it != "cutile" && *it != "triton"))
            err(QStringLiteral("%1 reference_backend is %2; must be \"cutile\" or \"triton\"")
                    .arg(where, q(it->dump())),
                pointer);
    }

    void referenceBackend()
    {
        backendValue(doc_, "/reference_backend", QStringLiteral("analysis"));
    }

    void configList(const json& list, const std::string& pointer)
    {
        if (list.is_null())
            return;
        if (!list.is_array()) {
            err(QStringLiteral("autotune_configs must be an array or null, not %1")
                    .arg(QLatin1String(jsonTypeName(list))),
                pointer);
            return;
        }
        for (size_t i = 0; i < list.size(); ++i) {
            const json& c = list[i];
            const std::string p = jsonPointerAppend(pointer, std::to_string(i));
            bool tileKey = false;
            if (c.is_object()) {
                for (const auto& [key, value] : c.items())
                    tileKey = tileKey || key.rfind("BLOCK_", 0) == 0 || key.rfind("TILE_", 0) == 0;
            }
            if (!tileKey)
                warn(QStringLiteral("autotune config %1 has no BLOCK_* or TILE_* key").arg(i), p);
        }
    }

    void variants()
    {
        const json* vs = field("kernel_variants");
        if (!vs)
            return;
        if (!vs->is_array()) {
            err(QStringLiteral("kernel_variants must be an array, not %1")
                    .arg(QLatin1String(jsonTypeName(*vs))),
                "/kernel_variants");
            return;
        }
        std::set<std::string> seen;
        for (size_t i = 0; i < vs->size(); ++i) {
            const json& v = (*vs)[i];
            const std::string p = jsonPointer({"kernel_variants", std::to_string(i)});
            if (!v.is_object()) {
                err(QStringLiteral("kernel_variants[%1] must be an object").arg(i), p);
                continue;
            }
            const QString where = QStringLiteral("kernel_variants[%1]").arg(i);
            for (const char* key : {"variant_name", "kernel_function", "reference_ir"}) {
                const auto it = v.find(key);
                if (it == v.end() || !nonEmptyString(*it))
                    err(QStringLiteral("%1 needs a non-empty string '%2'")
                            .arg(where, QLatin1String(key)),
                        jsonPointerAppend(p, key));
            }
            if (const auto name = v.find("variant_name"); name != v.end() && name->is_string()) {
                variantNames_.insert(name->get<std::string>());
                if (!seen.insert(name->get<std::string>()).second)
                    warn(QStringLiteral("tilelens: %1 repeats variant_name '%2'; both would name "
                                        "the same IR files")
                             .arg(where, q(name->get<std::string>())),
                         jsonPointerAppend(p, "variant_name"));
            }
            if (const auto ir = v.find("reference_ir");
                ir != v.end() && nonEmptyString(*ir) && !dir_.isEmpty()) {
                const QFileInfo fi(QDir(dir_).filePath(q(ir->get<std::string>())));
                if (!fi.isFile())
                    err(QStringLiteral("%1 reference_ir %2 does not exist")
                            .arg(where, q(ir->get<std::string>())),
                        jsonPointerAppend(p, "reference_ir"));
                else if (fi.size() == 0)
                    err(QStringLiteral("%1 reference_ir %2 is empty")
                            .arg(where, q(ir->get<std::string>())),
                        jsonPointerAppend(p, "reference_ir"));
            }
            if (!v.contains("dispatch_condition"))
                warn(QStringLiteral("%1 has no dispatch_condition").arg(where),
                     jsonPointerAppend(p, "dispatch_condition"));
            backendValue(v, jsonPointerAppend(p, "reference_backend"), where);
            if (const auto ac = v.find("autotune_configs"); ac != v.end()) {
                configList(*ac, jsonPointerAppend(p, "autotune_configs"));
                variantConfigs += ac->is_array() ? int(ac->size()) : 0;
            }
            supplements(v, p, where);
        }
        variantCount_ = int(vs->size());
    }

    // TileLens extra ([D] in the spec): supplements live under reference/supplements/.
    void supplements(const json& v, const std::string& p, const QString& where)
    {
        for (const auto& [key, value] : v.items()) {
            if (key.find("supplement") == std::string::npos || !value.is_string())
                continue;
            const QString path = q(value.get<std::string>());
            if (!path.startsWith(QLatin1String("reference/supplements/")))
                warn(QStringLiteral("tilelens: %1 %2 should be under reference/supplements/")
                         .arg(where, path),
                     jsonPointerAppend(p, key));
            else if (!dir_.isEmpty() && !QFileInfo(QDir(dir_).filePath(path)).isFile())
                warn(QStringLiteral("tilelens: %1 supplement %2 does not exist").arg(where, path),
                     jsonPointerAppend(p, key));
        }
    }

    void selection()
    {
        const json* sel = field("reference_backend_selection");
        if (!sel || !sel->is_object()) {
            warn(sel ? QStringLiteral("reference_backend_selection must be an object")
                     : QStringLiteral("missing reference_backend_selection"),
                 "/reference_backend_selection");
            return;
        }
        if (!sel->contains("winner"))
            warn(QStringLiteral("reference_backend_selection has no winner"),
                 "/reference_backend_selection/winner");
        const auto pv = sel->find("per_variant");
        const bool hasPerVariant = pv != sel->end();
        if (!sel->contains("cutile_geo_mean_ms") && !hasPerVariant) {
            QString msg = QStringLiteral(
                "reference_backend_selection has no perf data (cutile_geo_mean_ms or per_variant)");
            if (sel->contains("cutile_geomean_ms"))
                msg += QStringLiteral("; the template spelling cutile_geomean_ms does not count");
            warn(msg, "/reference_backend_selection");
        }
        if (variantCount_ > 0) {
            if (!hasPerVariant) {
                warn(QStringLiteral("reference_backend_selection has no per_variant entry although "
                                    "kernel_variants is "
                                    "non-empty"),
                     "/reference_backend_selection/per_variant");
            } else {
                for (const std::string& name : variantNames_) {
                    if (!pv->is_object() || !pv->contains(name))
                        warn(QStringLiteral("reference_backend_selection.per_variant has no entry "
                                            "for variant '%1'")
                                 .arg(q(name)),
                             jsonPointer({"reference_backend_selection", "per_variant", name}));
                }
            }
        }
    }

    void configToVariant()
    {
        if (variantCount_ == 0)
            return;
        const json* c2v = field("config_to_variant");
        if (!c2v || (c2v->is_object() && c2v->empty()) || !c2v->is_object()) {
            warn(QStringLiteral(
                     "config_to_variant is missing or empty although kernel_variants is non-empty"),
                 "/config_to_variant");
            return;
        }
        for (const auto& [key, value] : c2v->items()) {
            if (!value.is_string() || !variantNames_.count(value.get<std::string>()))
                warn(QStringLiteral(
                         "tilelens: config_to_variant maps '%1' to %2, which is not a variant_name")
                         .arg(q(key), q(value.dump())),
                     jsonPointer({"config_to_variant", key}));
        }
    }

    void correctness()
    {
        const json* ref = field("correctness_reference");
        if (!ref) {
            err(QStringLiteral("missing required field 'correctness_reference'"),
                "/correctness_reference");
        } else if (!ref->is_object()) {
            err(QStringLiteral("correctness_reference must be an object"),
                "/correctness_reference");
        } else {
            const auto fn = ref->find("function");
            if (fn == ref->end() || !nonEmptyString(*fn))
                err(QStringLiteral("correctness_reference.function must be a non-empty string (the "
                                   "reference code)"),
                    "/correctness_reference/function");
            else
                reference_ = q(fn->get<std::string>());
            if (!ref->contains("source"))
                warn(QStringLiteral("correctness_reference has no source"),
                     "/correctness_reference/source");
        }
        const json* tol = field("correctness_tolerance");
        if (!tol) {
            err(QStringLiteral("missing required field 'correctness_tolerance'"),
                "/correctness_tolerance");
            return;
        }
        if (!tol->is_object()) {
            err(QStringLiteral("correctness_tolerance must be an object"),
                "/correctness_tolerance");
            return;
        }
        for (const auto& [key, value] : tol->items()) {
            if (key == "source" || key == "notes")
                continue;
            dtypes_.push_back(q(key));
            const std::string p = jsonPointer({"correctness_tolerance", key});
            const bool ok = value.is_object() && value.contains("atol") &&
                            value["atol"].is_number() && value.contains("rtol") &&
                            value["rtol"].is_number();
            if (!ok)
                err(QStringLiteral(
                        "correctness_tolerance.%1 must be an object with numeric atol and rtol")
                        .arg(q(key)),
                    p);
        }
        if (dtypes_.isEmpty())
            err(QStringLiteral("correctness_tolerance has no dtype entry"),
                "/correctness_tolerance");
        if (!tol->contains("source"))
            warn(QStringLiteral("correctness_tolerance has no source"),
                 "/correctness_tolerance/source");
    }

    void autotune()
    {
        const json* backends = field("autotune_backends");
        const json* lp = field("launch_path");
        active_ =
            (lp && *lp == "autotune") || (backends && backends->is_array() && !backends->empty());
        const json* top = field("autotune_configs");
        if (top)
            configList(*top, "/autotune_configs");
        topConfigs_ = top && top->is_array() ? int(top->size()) : 0;
        if (backends && backends->is_array()) {
            for (const auto& b : *backends)
                backendNames_.push_back(b.is_string() ? q(b.get<std::string>()) : q(b.dump()));
        }
        if (!active_)
            return;
        if (!backends)
            warn(QStringLiteral("autotune is active but autotune_backends is missing"),
                 "/autotune_backends");
        const json* key = field("autotune_key");
        if (!key || !key->is_array() || key->empty())
            warn(QStringLiteral("autotune is active but autotune_key is empty"), "/autotune_key");
        if (topConfigs_ == 0 && variantConfigs == 0)
            err(QStringLiteral("autotune is active but there are no autotune_configs at top level "
                               "or in any variant"),
                "/autotune_configs");
    }

    // TileLens extra: the mode is decided by the variant count (§1.5), not by `pattern`.
    void extras()
    {
        const json* p = field("pattern");
        if (!p || !p->is_string())
            return;
        if (*p == "multi_variant" && variantCount_ <= 1)
            warn(QStringLiteral("tilelens: pattern is multi_variant but kernel_variants has %1 "
                                "entr%2, so every tool "
                                "treats the kernel as single-variant")
                     .arg(variantCount_)
                     .arg(variantCount_ == 1 ? QStringLiteral("y") : QStringLiteral("ies")),
                 "/pattern");
        if (*p == "single" && variantCount_ > 1)
            warn(
                QStringLiteral(
                    "tilelens: pattern is single but kernel_variants has %1 entries, so every tool "
                    "treats the kernel as multi-variant")
                    .arg(variantCount_),
                "/pattern");
    }

public:
    void trailer()
    {
        QStringList names;
        if (const json* vs = field("kernel_variants"); vs && vs->is_array()) {
            for (const auto& v : *vs)
                names.push_back(v.is_object() && v.contains("variant_name") &&
                                        v["variant_name"].is_string()
                                    ? q(v["variant_name"].get<std::string>())
                                    : QStringLiteral("?"));
        }
        const json* kn = field("kernel_name");
        r_.summary
            << QStringLiteral("---")
            << QStringLiteral("kernel: %1")
                   .arg(kn && kn->is_string() ? q(kn->get<std::string>()) : QStringLiteral("?"))
            << QStringLiteral("shapes: %1").arg(shapes_)
            << QStringLiteral("variants: %1 %2").arg(names.size()).arg(pyList(names))
            << QStringLiteral("reference: %1").arg(reference_.left(60))
            << QStringLiteral("tolerance: %1").arg(pyList(dtypes_))
            << QStringLiteral("autotune: %1 backends=%2 top_configs=%3 variant_configs=%4")
                   .arg(active_ ? QStringLiteral("yes") : QStringLiteral("no"),
                        pyList(backendNames_))
                   .arg(topConfigs_)
                   .arg(variantConfigs)
            << QStringLiteral("errors: %1, warnings: %2").arg(r_.errors()).arg(r_.warnings());
    }

private:
    const json& doc_;
    QString dir_;
    QString file_;
    ValidationResult& r_;
    int shapes_ = 0;
    int variantCount_ = 0;
    int topConfigs_ = 0;
    bool active_ = false;
    std::set<std::string> variantNames_;
    QString reference_;
    QStringList dtypes_;
    QStringList backendNames_;
};

void finish(ValidationResult& r)
{
    r.summary << (r.passed()
                      ? QStringLiteral("PASS: analysis.json has all required fields")
                      : QStringLiteral("FAIL: analysis.json validation failed. Re-run Agent A."));
}

} // namespace

ValidationResult validateAnalysisDocument(const json& doc, const QString& kernelDir,
                                          const QString& file)
{
    ValidationResult r;
    r.scope = QStringLiteral("analysis");
    r.target = file;
    if (!doc.is_object()) {
        r.error(QStringLiteral("analysis.json must hold a JSON object, not %1")
                    .arg(QLatin1String(jsonTypeName(doc))),
                std::string(), file);
    } else {
        Checker c(doc, kernelDir, file, r);
        c.run();
        c.trailer();
    }
    finish(r);
    return r;
}

ValidationResult validateAnalysis(const QString& kernelDir)
{
    const QString file = QDir(kernelDir).filePath(QStringLiteral("reference/analysis.json"));
    Diagnostics diags;
    std::optional<Json> doc;
    const auto contents = readFile(file.toStdString(), diags, kMaxJsonBytes);
    if (contents && contents->bytes.find_first_not_of(" \t\r\n") == std::string::npos) {
        Diagnostic d;
        d.place.file = file.toStdString();
        d.message = "file is empty";
        diags.push_back(std::move(d));
    } else if (contents) {
        doc = parseJson(contents->bytes, file, diags);
    }
    if (!doc) {
        ValidationResult r;
        r.scope = QStringLiteral("analysis");
        r.target = file;
        for (Diagnostic& d : diags)
            r.messages.push_back(std::move(d));
        finish(r);
        return r;
    }
    ValidationResult r = validateAnalysisDocument(*doc, kernelDir, file);
    // Place each message on the line of its field (or of the object missing it).
    const JsonLocator locator(contents->bytes);
    for (Diagnostic& d : r.messages) {
        if (d.place.line == 0 && !d.place.file.empty())
            locator.locate(d.jsonPointer, d.place.line, d.place.column);
    }
    return r;
}

} // namespace tilelens::ws
