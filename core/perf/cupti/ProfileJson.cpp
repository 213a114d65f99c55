#include "perf/cupti/ProfileJson.h"

#include "common/FileReader.h"
#include "common/JsonText.h"
#include "common/JsonWrite.h"

#include <cmath>
#include <nlohmann/json.hpp>

namespace tilelens::perf {

namespace {

using nlohmann::json;
using ordered = nlohmann::ordered_json;

ordered optionalMs(const std::optional<double>& v)
{
    return v && std::isfinite(*v) ? ordered(*v) : ordered(nullptr);
}

ordered triple(const std::array<int64_t, 3>& v)
{
    return ordered::array({v[0], v[1], v[2]});
}

std::string s(const QString& q)
{
    return q.toStdString();
}
QString q(const json& j, const char* key)
{
    const auto it = j.find(key);
    return it != j.end() && it->is_string() ? QString::fromStdString(it->get<std::string>())
                                            : QString();
}
double d(const json& j, const char* key, double fallback = 0.0)
{
    const auto it = j.find(key);
    return it != j.end() && it->is_number() ? it->get<double>() : fallback;
}
int64_t i(const json& j, const char* key, int64_t fallback = 0)
{
    const auto it = j.find(key);
    if (it == j.end() || !it->is_number())
        return fallback;
    if (!it->is_number_float())
        return it->get<int64_t>();
    // A double outside int64 range (or NaN) has no integer value; casting it is undefined.
    const double v = it->get<double>();
    return v > -9.2e18 && v < 9.2e18 ? int64_t(v) : fallback;
}
std::array<int64_t, 3> tripleOf(const json& j, const char* key)
{
    std::array<int64_t, 3> v{{0, 0, 0}};
    const auto it = j.find(key);
    if (it != j.end() && it->is_array())
        for (size_t k = 0; k < 3 && k < it->size(); ++k)
            if ((*it)[k].is_number_integer())
                v[k] = (*it)[k].get<int64_t>();
    return v;
}

} // namespace

std::string profileToJson(const Profile& p, int indent)
{
    ordered root;
    root["schema"] = kProfileSchema;
    root["label"] = s(p.label);
    ordered cmd = ordered::array();
    for (const QString& a : p.command)
        cmd.push_back(s(a));
    root["command"] = cmd;
    root["device"] = s(p.device);
    root["created"] = s(p.created);
    root["grouping"] = s(groupingModeName(p.grouping));
    root["warmup_iterations"] = p.warmupIterations;
    root["dropped_records"] = p.droppedRecords();
    ordered runs = ordered::array();
    for (const ProfileRun& r : p.runs) {
        ordered errors = ordered::array();
        for (const QString& e : r.libraryErrors)
            errors.push_back(s(e));
        runs.push_back({{"index", r.index},
                        {"exit_code", r.exitCode},
                        {"wall_s", r.wallSeconds},
                        {"record_dir", s(r.recordDir)},
                        {"processes", r.processes},
                        {"complete_processes", r.completeProcesses},
                        {"kernels", r.kernels},
                        {"ranges", r.ranges},
                        {"unattributed_kernels", r.unattributedKernels},
                        {"dropped", r.dropped},
                        {"library_errors", errors}});
    }
    root["runs"] = runs;
    ordered configs = ordered::array();
    for (const ProfileConfig& c : p.configs) {
        ordered medians = ordered::array();
        for (const auto& m : c.runMedianMs)
            medians.push_back(optionalMs(m));
        ordered kernels = ordered::array();
        for (const ProfileKernel& k : c.kernels)
            kernels.push_back({{"name", s(k.name)},
                               {"demangled", s(k.demangled)},
                               {"launches_per_iteration", k.launchesPerIteration},
                               {"ms_per_iteration", k.msPerIteration},
                               {"grid", triple(k.grid)},
                               {"block", triple(k.block)},
                               {"registers", k.registers}});
        configs.push_back({{"name", s(c.name)},
                           {"best_ms", optionalMs(c.bestMs)},
                           {"best_run", c.bestRun},
                           {"run_median_ms", medians},
                           {"run_iterations", c.runIterations},
                           {"min_ms", c.minMs},
                           {"max_ms", c.maxMs},
                           {"mean_ms", c.meanMs},
                           {"std_ms", c.stdMs},
                           {"kernels", kernels}});
    }
    root["configs"] = configs;
    ordered diags = ordered::array();
    for (const Diagnostic& dg : p.diagnostics)
        diags.push_back(dg.format());
    root["diagnostics"] = diags;
    return jsonText(root, indent) + "\n";
}

bool looksLikeProfileJson(const std::string& text)
{
    const size_t first = text.find_first_not_of(" \t\r\n");
    if (first == std::string::npos || text[first] != '{')
        return false;
    // The schema member is written first; look only at the beginning.
    return text.compare(first, std::string::npos, "{") >= 0 &&
           text.substr(first, 512).find("\"tilelens.profile/") != std::string::npos;
}

std::optional<Profile> parseProfileJson(const std::string& text, const QString& fileName,
                                        Diagnostics& diags)
{
    auto fail = [&](const std::string& message, const std::string& pointer = std::string()) {
        Diagnostic dg;
        dg.place.file = fileName.toStdString();
        dg.message = message;
        dg.jsonPointer = pointer;
        diags.push_back(std::move(dg));
        return std::nullopt;
    };
    const std::optional<json> parsed = parseJsonText<json>(text, fileName.toStdString(), diags);
    if (!parsed)
        return std::nullopt;
    const json& root = *parsed;
    if (!root.is_object())
        return fail("not a JSON object; expected a tilelens.profile/1 document");
    const QString schema = q(root, "schema");
    if (schema != QLatin1String(kProfileSchema))
        return fail("schema is '" + s(schema) + "', expected '" + kProfileSchema + "'", "/schema");
    try {
        Profile p;
        p.label = q(root, "label");
        if (root.contains("command") && root["command"].is_array())
            for (const json& a : root["command"])
                if (a.is_string())
                    p.command.push_back(QString::fromStdString(a.get<std::string>()));
        p.device = q(root, "device");
        p.created = q(root, "created");
        p.grouping = q(root, "grouping") == QLatin1String("nvtx") ? GroupingMode::NvtxRanges
                                                                  : GroupingMode::KernelNames;
        p.warmupIterations = int(i(root, "warmup_iterations"));
        if (root.contains("runs") && root["runs"].is_array()) {
            for (const json& r : root["runs"]) {
                ProfileRun run;
                run.index = int(i(r, "index"));
                run.exitCode = int(i(r, "exit_code"));
                run.wallSeconds = d(r, "wall_s");
                run.recordDir = q(r, "record_dir");
                run.processes = int(i(r, "processes"));
                run.completeProcesses = int(i(r, "complete_processes"));
                run.kernels = i(r, "kernels");
                run.ranges = i(r, "ranges");
                run.unattributedKernels = i(r, "unattributed_kernels");
                run.dropped = uint64_t(std::max<int64_t>(0, i(r, "dropped")));
                if (r.contains("library_errors") && r["library_errors"].is_array())
                    for (const json& e : r["library_errors"])
                        if (e.is_string())
                            run.libraryErrors.push_back(
                                QString::fromStdString(e.get<std::string>()));
                p.runs.push_back(run);
            }
        }
        if (!root.contains("configs") || !root["configs"].is_array())
            return fail("member 'configs' is missing or not an array", "/configs");
        size_t ci = 0;
        for (const json& c : root["configs"]) {
            const std::string pointer = "/configs/" + std::to_string(ci++);
            if (!c.is_object() || q(c, "name").isEmpty())
                return fail("configuration without a name", pointer);
            ProfileConfig pc;
            pc.name = q(c, "name");
            if (c.contains("best_ms") && c["best_ms"].is_number())
                pc.bestMs = c["best_ms"].get<double>();
            pc.bestRun = int(i(c, "best_run", -1));
            if (c.contains("run_median_ms") && c["run_median_ms"].is_array())
                for (const json& m : c["run_median_ms"])
                    pc.runMedianMs.push_back(m.is_number() ? std::optional<double>(m.get<double>())
                                                           : std::nullopt);
            if (c.contains("run_iterations") && c["run_iterations"].is_array())
                for (const json& n : c["run_iterations"])
                    pc.runIterations.push_back(n.is_number_integer() ? n.get<int>() : 0);
            pc.minMs = d(c, "min_ms");
            pc.maxMs = d(c, "max_ms");
            pc.meanMs = d(c, "mean_ms");
            pc.stdMs = d(c, "std_ms");
            if (c.contains("kernels") && c["kernels"].is_array()) {
                for (const json& k : c["kernels"]) {
                    ProfileKernel pk;
                    pk.name = q(k, "name");
                    pk.demangled = q(k, "demangled");
                    pk.launchesPerIteration = d(k, "launches_per_iteration");
                    pk.msPerIteration = d(k, "ms_per_iteration");
                    pk.grid = tripleOf(k, "grid");
                    pk.block = tripleOf(k, "block");
                    pk.registers = int(i(k, "registers"));
                    pc.kernels.push_back(pk);
                }
            }
            p.configs.push_back(std::move(pc));
        }
        return p;
    } catch (const json::exception& e) {
        return fail(std::string("malformed profile: ") + e.what());
    }
}

std::optional<Profile> readProfileJson(const QString& path, Diagnostics& diags)
{
    const auto contents = readFile(path.toStdString(), diags, int64_t(256) << 20);
    if (!contents)
        return std::nullopt;
    return parseProfileJson(contents->bytes, path, diags);
}

PerfData profileToPerfData(const Profile& profile, const QString& sourceFile)
{
    PerfData data;
    data.format = QString::fromLatin1(kProfileSchema);
    data.sources = {sourceFile};
    data.device = profile.device;
    const QString backend = normalizeBackend(profile.label);
    for (const ProfileConfig& c : profile.configs) {
        PerfRecord r;
        r.fullId = c.name;
        QString removed;
        r.configId = configIdWithoutBackend(c.name, backend, &removed);
        r.backend = !backend.isEmpty() ? backend : removed;
        r.medianMs = c.bestMs;
        if (c.bestMs) {
            r.meanMs = c.meanMs;
            r.stdMs = c.stdMs;
            if (c.meanMs > 0)
                r.relStdPercent = c.stdMs / c.meanMs * 100.0;
            r.minMs = c.minMs;
            r.maxMs = c.maxMs;
            if (c.bestRun >= 0 && size_t(c.bestRun) < c.runIterations.size())
                r.nrep = c.runIterations[size_t(c.bestRun)];
            r.status = QStringLiteral("PASSED");
        }
        if (!c.kernels.empty())
            r.kernelName = c.kernels.front().demangled.isEmpty() ? c.kernels.front().name
                                                                 : c.kernels.front().demangled;
        r.sourceFile = sourceFile;
        r.runIndex = std::max(0, c.bestRun);
        data.records.push_back(std::move(r));
    }
    return data;
}

PerfData readProfilePerfData(const QString& path)
{
    Diagnostics diags;
    const auto profile = readProfileJson(path, diags);
    PerfData data;
    if (profile)
        data = profileToPerfData(*profile, path);
    else
        data.sources = {path};
    data.diagnostics.insert(data.diagnostics.begin(), diags.begin(), diags.end());
    return data;
}

} // namespace tilelens::perf
