#include "perf/cupti/CuptiTraceReader.h"

#include "common/FileReader.h"
#include "common/JsonText.h"
#include "profiler/CuptiRecordFormat.h"

#include <QDir>
#include <QFileInfo>
#include <nlohmann/json.hpp>
#include <string_view>
#include <unordered_map>

namespace tilelens::perf {

namespace {

namespace fmt = tilelens::profiler;
using nlohmann::json;

// A record line is small; anything longer is not ours.
constexpr size_t kMaxLineBytes = size_t(1) << 20;
// Beyond this many line problems per file, only a count is reported.
constexpr int kMaxLineDiagnostics = 20;

struct FileParser
{
    FileParser(CuptiTrace& t, std::string f) : trace(t), file(std::move(f)) {}

    CuptiTrace& trace;
    std::string file;
    uint32_t pid = 0;
    std::unordered_map<uint64_t, uint32_t> nameIndexById; // file's name id -> trace index
    struct OpenMarker
    {
        QString name;
        QString domain;
        uint64_t ts = 0;
        uint32_t thread = 0;
        int line = 0;
    };
    std::unordered_map<uint64_t, OpenMarker> open; // marker id -> start
    int lineProblems = 0;
    bool sawHeader = false;
    bool sawSummary = false;

    void warn(int line, const std::string& message, int column = 0)
    {
        if (++lineProblems > kMaxLineDiagnostics)
            return;
        Diagnostic d;
        d.severity = Severity::Warning;
        d.place.file = file;
        d.place.line = line;
        d.place.column = column;
        d.message = message;
        trace.diagnostics.push_back(std::move(d));
    }

    static uint64_t u64(const json& j, const char* key)
    {
        const auto it = j.find(key);
        if (it == j.end() || !it->is_number())
            return 0;
        if (it->is_number_unsigned())
            return it->get<uint64_t>();
        if (it->is_number_integer())
            return uint64_t(std::max<int64_t>(0, it->get<int64_t>()));
        // Casting a double past uint64 range (or NaN) is undefined; such a value is junk.
        const double d = it->get<double>();
        return d > 0 && d < 1.8e19 ? uint64_t(d) : 0;
    }
    static int64_t i64(const json& j, const char* key)
    {
        const auto it = j.find(key);
        if (it == j.end() || !it->is_number())
            return 0;
        if (it->is_number_float()) {
            const double d = it->get<double>();
            return d > -9.2e18 && d < 9.2e18 ? int64_t(d) : 0;
        }
        return it->is_number_unsigned() ? int64_t(it->get<uint64_t>()) : it->get<int64_t>();
    }
    static QString str(const json& j, const char* key)
    {
        const auto it = j.find(key);
        if (it == j.end() || !it->is_string())
            return {};
        return QString::fromStdString(it->get_ref<const std::string&>());
    }
    static std::array<int64_t, 3> triple(const json& j, const char* key)
    {
        std::array<int64_t, 3> v{{0, 0, 0}};
        const auto it = j.find(key);
        if (it == j.end() || !it->is_array())
            return v;
        for (size_t i = 0; i < 3 && i < it->size(); ++i) {
            const json& e = (*it)[i];
            if (e.is_number_integer())
                v[i] = e.get<int64_t>();
        }
        return v;
    }

    // Returns false when the file must not be read further (newer format).
    bool record(const json& j, int line)
    {
        const std::string type = j.at("type").get<std::string>();
        if (type == fmt::kTypeHeader) {
            sawHeader = true;
            const int version = int(u64(j, "version"));
            if (str(j, "format") != QLatin1String(fmt::kRecordFormatName) ||
                version > fmt::kRecordFormatVersion) {
                Diagnostic d;
                d.place.file = file;
                d.place.line = line;
                d.message = "record format " + str(j, "format").toStdString() + " version " +
                            std::to_string(version) +
                            " is not readable by this TileLens (it reads " +
                            fmt::kRecordFormatName + " up to version " +
                            std::to_string(fmt::kRecordFormatVersion) + ")";
                trace.diagnostics.push_back(std::move(d));
                return false;
            }
            trace.formatVersion = std::max(trace.formatVersion, version);
            pid = uint32_t(u64(j, "pid"));
            trace.commands.push_back(str(j, "command"));
        } else if (type == fmt::kTypeName) {
            const uint64_t id = u64(j, "id");
            CuptiKernelName n{str(j, "name"), str(j, "demangled")};
            if (n.demangled.isEmpty())
                n.demangled = n.name;
            nameIndexById[id] = uint32_t(trace.names.size());
            trace.names.push_back(std::move(n));
        } else if (type == fmt::kTypeKernel) {
            CuptiKernel k;
            const uint64_t id = u64(j, "name");
            auto it = nameIndexById.find(id);
            if (it == nameIndexById.end()) {
                warn(line, "kernel refers to name id " + std::to_string(id) +
                               " that no earlier line defines");
                nameIndexById[id] = uint32_t(trace.names.size());
                const QString unknown = QStringLiteral("<unknown kernel %1>").arg(id);
                trace.names.push_back({unknown, unknown});
                it = nameIndexById.find(id);
            }
            k.nameIndex = it->second;
            k.startNs = u64(j, "start");
            k.endNs = u64(j, "end");
            k.device = uint32_t(u64(j, "device"));
            k.context = uint32_t(u64(j, "context"));
            k.stream = uint32_t(u64(j, "stream"));
            k.grid = triple(j, "grid");
            k.block = triple(j, "block");
            k.registers = int(u64(j, "registers"));
            k.staticSmem = i64(j, "static_smem");
            k.dynamicSmem = i64(j, "dynamic_smem");
            k.correlation = uint32_t(u64(j, "correlation"));
            k.process = pid;
            k.sourceLine = line;
            if (k.endNs < k.startNs)
                warn(line, "kernel ends before it starts; its duration counts as 0");
            trace.kernels.push_back(k);
        } else if (type == fmt::kTypeMarker) {
            const QString flag = str(j, "flag");
            const uint64_t id = u64(j, "id");
            if (flag == QLatin1String(fmt::kMarkerStart)) {
                open[id] = {str(j, "name"), str(j, "domain"), u64(j, "ts"),
                            uint32_t(u64(j, "thread")), line};
            } else if (flag == QLatin1String(fmt::kMarkerEnd)) {
                const auto o = open.find(id);
                if (o == open.end()) {
                    warn(line,
                         "NVTX range end (id " + std::to_string(id) + ") without a start; ignored");
                } else {
                    trace.ranges.push_back({o->second.name, o->second.domain, o->second.ts,
                                            u64(j, "ts"), pid, o->second.thread, o->second.line});
                    open.erase(o);
                }
            }
        } else if (type == fmt::kTypeDevice) {
            if (trace.device.isEmpty())
                trace.device = str(j, "name");
        } else if (type == fmt::kTypeMemcpy) {
            ++trace.memcpys;
        } else if (type == fmt::kTypeMemset) {
            ++trace.memsets;
        } else if (type == fmt::kTypeDropped) {
            trace.dropped += u64(j, "count");
        } else if (type == fmt::kTypeError) {
            trace.libraryErrors.push_back(str(j, "message"));
        } else if (type == fmt::kTypeSummary) {
            sawSummary = true;
        }
        // Unknown types are ignored (forward compatibility).
        return true;
    }

    void run(const std::string& text)
    {
        ++trace.processes;
        size_t pos = 0;
        int line = 0;
        while (pos < text.size()) {
            size_t end = text.find('\n', pos);
            const bool lastUnterminated = end == std::string::npos;
            if (lastUnterminated)
                end = text.size();
            ++line;
            std::string_view view(text.data() + pos, end - pos);
            pos = end + 1;
            if (!view.empty() && view.back() == '\r')
                view.remove_suffix(1);
            if (view.find_first_not_of(" \t") == std::string_view::npos)
                continue;
            if (view.size() > kMaxLineBytes) {
                warn(line, "line of " + std::to_string(view.size()) +
                               " bytes is too long for a record; skipped");
                continue;
            }
            JsonTextError error;
            const std::optional<json> parsed = parseJsonText<json>(view, error);
            if (!parsed && !lastUnterminated) {
                int errorLine = 0;
                int column = 0;
                lineColumnOfByte(view, error.offset, errorLine, column);
                warn(line, "not a record (" + error.message + "); skipped", column);
                continue;
            }
            const json j = parsed ? *parsed : json();
            if (!j.is_object() || !j.contains("type") || !j.at("type").is_string()) {
                if (lastUnterminated && !j.is_object())
                    warn(line,
                         "last line is cut short (the process did not exit normally); ignored");
                else
                    warn(line, "not a record (expected one JSON object with a \"type\"); skipped");
                continue;
            }
            try {
                if (!record(j, line))
                    return;
            } catch (const json::exception& e) {
                warn(line, std::string("malformed record: ") + e.what());
            }
        }
        if (lineProblems > kMaxLineDiagnostics) {
            Diagnostic d;
            d.severity = Severity::Warning;
            d.place.file = file;
            d.message = std::to_string(lineProblems - kMaxLineDiagnostics) +
                        " more line problems not listed";
            trace.diagnostics.push_back(std::move(d));
        }
        if (!sawHeader && line > 0)
            warn(1, "no header record; is this a tilelens-cupti file?");
        for (const auto& [id, o] : open) {
            (void)id;
            warn(o.line, "NVTX range '" + o.name.toStdString() + "' never ends; ignored");
        }
        if (sawSummary)
            ++trace.completeProcesses;
    }
};

} // namespace

void parseCuptiRecords(const std::string& text, const QString& fileName, CuptiTrace& trace)
{
    trace.files.push_back(fileName);
    FileParser parser(trace, fileName.toStdString());
    parser.run(text);
}

CuptiTrace readCuptiRecordFile(const QString& path)
{
    CuptiTrace trace;
    const auto contents = readFile(path.toStdString(), trace.diagnostics);
    if (contents)
        parseCuptiRecords(contents->bytes, path, trace);
    return trace;
}

CuptiTrace readCuptiRunDirectory(const QString& directory)
{
    CuptiTrace trace;
    const QDir dir(directory);
    const QStringList files =
        dir.entryList({QString::fromLatin1(fmt::kFilePrefix) + QStringLiteral("*") +
                       QString::fromLatin1(fmt::kFileSuffix)},
                      QDir::Files, QDir::Name);
    if (files.isEmpty()) {
        Diagnostic d;
        d.severity = Severity::Warning;
        d.place.file = directory.toStdString();
        d.message = "no CUPTI record file: the command started no CUDA context, or the injection "
                    "library was not loaded";
        trace.diagnostics.push_back(std::move(d));
        return trace;
    }
    for (const QString& name : files) {
        const QString path = dir.filePath(name);
        const auto contents = readFile(path.toStdString(), trace.diagnostics);
        if (contents)
            parseCuptiRecords(contents->bytes, path, trace);
    }
    return trace;
}

} // namespace tilelens::perf
