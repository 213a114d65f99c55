#include "RecordWriter.h"

#include "CuptiRecordFormat.h"
#include "JsonLine.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <cupti.h>
#include <cxxabi.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tilelens::profiler {

namespace {

// Lines are collected in m_line and written in chunks of about this size.
constexpr size_t kWriteChunk = size_t(1) << 20;

const char* memcpyKindName(uint8_t kind)
{
    switch (kind) {
    case CUPTI_ACTIVITY_MEMCPY_KIND_HTOD:
        return "HtoD";
    case CUPTI_ACTIVITY_MEMCPY_KIND_DTOH:
        return "DtoH";
    case CUPTI_ACTIVITY_MEMCPY_KIND_HTOA:
        return "HtoA";
    case CUPTI_ACTIVITY_MEMCPY_KIND_ATOH:
        return "AtoH";
    case CUPTI_ACTIVITY_MEMCPY_KIND_ATOA:
        return "AtoA";
    case CUPTI_ACTIVITY_MEMCPY_KIND_ATOD:
        return "AtoD";
    case CUPTI_ACTIVITY_MEMCPY_KIND_DTOA:
        return "DtoA";
    case CUPTI_ACTIVITY_MEMCPY_KIND_DTOD:
        return "DtoD";
    case CUPTI_ACTIVITY_MEMCPY_KIND_HTOH:
        return "HtoH";
    case CUPTI_ACTIVITY_MEMCPY_KIND_PTOP:
        return "PtoP";
    default:
        return "unknown";
    }
}

std::string processCommandLine()
{
    std::string text;
    FILE* f = std::fopen("/proc/self/cmdline", "rb");
    if (!f)
        return text;
    char buf[4096];
    const size_t n = std::fread(buf, 1, sizeof buf, f);
    std::fclose(f);
    for (size_t i = 0; i < n; ++i)
        text += buf[i] == '\0' ? ' ' : buf[i];
    while (!text.empty() && text.back() == ' ')
        text.pop_back();
    return text;
}

} // namespace

RecordWriter* RecordWriter::open(const std::string& dir, std::string* error)
{
    if (::mkdir(dir.c_str(), 0777) != 0 && errno != EEXIST) {
        *error = "cannot create directory " + dir + ": " + std::strerror(errno);
        return nullptr;
    }
    const std::string path = dir + "/" + kFilePrefix + std::to_string(::getpid()) + kFileSuffix;
    // O_CLOEXEC: a child started by the profiled process must not inherit it.
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) {
        *error = "cannot create " + path + ": " + std::strerror(errno);
        return nullptr;
    }
    FILE* file = ::fdopen(fd, "w");
    if (!file) {
        ::close(fd);
        *error = "cannot open " + path;
        return nullptr;
    }
    return new RecordWriter(file, path);
}

RecordWriter::RecordWriter(FILE* file, std::string path) : m_file(file), m_path(std::move(path))
{
    m_line.reserve(2 * kWriteChunk);
}

RecordWriter::~RecordWriter()
{
    close();
}

void RecordWriter::writeHeader(uint32_t cuptiVersion, uint64_t timestampNs)
{
    std::lock_guard<std::mutex> lock(m_mutex);
    JsonLine(m_line)
        .str("type", kTypeHeader)
        .str("format", kRecordFormatName)
        .u64("version", kRecordFormatVersion)
        .u64("pid", uint64_t(::getpid()))
        .u64("cupti_version", cuptiVersion)
        .u64("start", timestampNs)
        .str("command", processCommandLine())
        .end();
    writeOut();
}

uint32_t RecordWriter::nameId(const char* mangled)
{
    const std::string key = mangled ? mangled : "";
    const auto it = m_names.find(key);
    if (it != m_names.end())
        return it->second;
    const uint32_t id = uint32_t(m_names.size()) + 1;
    m_names.emplace(key, id);
    int status = 0;
    char* demangled =
        key.empty() ? nullptr : abi::__cxa_demangle(key.c_str(), nullptr, nullptr, &status);
    JsonLine(m_line)
        .str("type", kTypeName)
        .u64("id", id)
        .str("name", key)
        .str("demangled", status == 0 && demangled ? demangled : key.c_str())
        .end();
    std::free(demangled);
    return id;
}

void RecordWriter::appendRecord(const void* raw)
{
    const auto* record = static_cast<const CUpti_Activity*>(raw);
    switch (record->kind) {
    case CUPTI_ACTIVITY_KIND_KERNEL:
    case CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL: {
        const auto* k = static_cast<const CUpti_ActivityKernel10*>(raw);
        const uint32_t name = nameId(k->name);
        JsonLine(m_line)
            .str("type", kTypeKernel)
            .u64("name", name)
            .u64("start", k->start)
            .u64("end", k->end)
            .u64("device", k->deviceId)
            .u64("context", k->contextId)
            .u64("stream", k->streamId)
            .triple("grid", k->gridX, k->gridY, k->gridZ)
            .triple("block", k->blockX, k->blockY, k->blockZ)
            .u64("registers", k->registersPerThread)
            .i64("static_smem", k->staticSharedMemory)
            .i64("dynamic_smem", k->dynamicSharedMemory)
            .u64("local_mem", k->localMemoryPerThread)
            .u64("correlation", k->correlationId)
            .u64("graph_node", k->graphNodeId)
            .end();
        ++m_counters.kernels;
        break;
    }
    case CUPTI_ACTIVITY_KIND_MARKER: {
        const auto* m = static_cast<const CUpti_ActivityMarker2*>(raw);
        const char* flag = (m->flags & CUPTI_ACTIVITY_FLAG_MARKER_START) ? kMarkerStart
                           : (m->flags & CUPTI_ACTIVITY_FLAG_MARKER_END) ? kMarkerEnd
                                                                         : kMarkerInstant;
        JsonLine line(m_line);
        line.str("type", kTypeMarker).str("flag", flag).u64("id", m->id).u64("ts", m->timestamp);
        if (m->name)
            line.str("name", m->name);
        if (m->domain)
            line.str("domain", m->domain);
        if (m->objectKind == CUPTI_ACTIVITY_OBJECT_THREAD ||
            m->objectKind == CUPTI_ACTIVITY_OBJECT_PROCESS)
            line.u64("process", m->objectId.pt.processId).u64("thread", m->objectId.pt.threadId);
        line.end();
        ++m_counters.markers;
        break;
    }
    case CUPTI_ACTIVITY_KIND_MEMCPY: {
        const auto* c = static_cast<const CUpti_ActivityMemcpy6*>(raw);
        JsonLine(m_line)
            .str("type", kTypeMemcpy)
            .str("kind", memcpyKindName(c->copyKind))
            .u64("bytes", c->bytes)
            .u64("start", c->start)
            .u64("end", c->end)
            .u64("device", c->deviceId)
            .u64("context", c->contextId)
            .u64("stream", c->streamId)
            .u64("correlation", c->correlationId)
            .end();
        ++m_counters.memcpys;
        break;
    }
    case CUPTI_ACTIVITY_KIND_MEMSET: {
        const auto* s = static_cast<const CUpti_ActivityMemset4*>(raw);
        JsonLine(m_line)
            .str("type", kTypeMemset)
            .u64("bytes", s->bytes)
            .u64("value", s->value)
            .u64("start", s->start)
            .u64("end", s->end)
            .u64("device", s->deviceId)
            .u64("context", s->contextId)
            .u64("stream", s->streamId)
            .u64("correlation", s->correlationId)
            .end();
        ++m_counters.memsets;
        break;
    }
    case CUPTI_ACTIVITY_KIND_DEVICE: {
        const auto* d = static_cast<const CUpti_ActivityDevice5*>(raw);
        JsonLine(m_line)
            .str("type", kTypeDevice)
            .u64("id", d->id)
            .str("name", d->name ? d->name : "")
            .u64("cc_major", d->computeCapabilityMajor)
            .u64("cc_minor", d->computeCapabilityMinor)
            .u64("sms", d->numMultiprocessors)
            .u64("memory", d->globalMemorySize)
            .end();
        break;
    }
    default:
        ++m_counters.otherRecords;
        break;
    }
}

void RecordWriter::writeActivityBuffer(uint8_t* buffer, size_t validSize)
{
    std::lock_guard<std::mutex> lock(m_mutex);
    CUpti_Activity* record = nullptr;
    while (cuptiActivityGetNextRecord(buffer, validSize, &record) == CUPTI_SUCCESS) {
        appendRecord(record);
        if (m_line.size() >= kWriteChunk)
            writeOut();
    }
    ++m_counters.buffers;
    writeOut();
    if (m_file)
        std::fflush(m_file);
}

void RecordWriter::countActivityBuffer(uint8_t* buffer, size_t validSize)
{
    std::lock_guard<std::mutex> lock(m_mutex);
    CUpti_Activity* record = nullptr;
    while (cuptiActivityGetNextRecord(buffer, validSize, &record) == CUPTI_SUCCESS) {
        if (record->kind == CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL ||
            record->kind == CUPTI_ACTIVITY_KIND_KERNEL)
            ++m_counters.kernels;
        else if (record->kind == CUPTI_ACTIVITY_KIND_MARKER)
            ++m_counters.markers;
        else
            ++m_counters.otherRecords;
    }
    ++m_counters.buffers;
}

void RecordWriter::writeDropped(uint64_t count, const char* cause, uint64_t timestampNs)
{
    std::lock_guard<std::mutex> lock(m_mutex);
    m_counters.dropped += count;
    JsonLine(m_line)
        .str("type", kTypeDropped)
        .u64("count", count)
        .str("cause", cause)
        .u64("ts", timestampNs)
        .end();
    writeOut();
}

void RecordWriter::writeError(const std::string& message)
{
    std::lock_guard<std::mutex> lock(m_mutex);
    JsonLine(m_line).str("type", kTypeError).str("message", message).end();
    writeOut();
    if (m_file)
        std::fflush(m_file);
}

void RecordWriter::writeConfig(const std::vector<std::pair<std::string, std::string>>& members)
{
    std::lock_guard<std::mutex> lock(m_mutex);
    JsonLine line(m_line);
    line.str("type", kTypeConfig);
    for (const auto& [key, value] : members)
        line.str(key.c_str(), value);
    line.end();
    writeOut();
    if (m_file)
        std::fflush(m_file);
}

void RecordWriter::writeSummary(uint64_t refusedBuffers, uint64_t timestampNs)
{
    std::lock_guard<std::mutex> lock(m_mutex);
    JsonLine(m_line)
        .str("type", kTypeSummary)
        .u64("kernels", m_counters.kernels)
        .u64("markers", m_counters.markers)
        .u64("memcpys", m_counters.memcpys)
        .u64("memsets", m_counters.memsets)
        .u64("dropped", m_counters.dropped)
        .u64("refused_buffers", refusedBuffers)
        .u64("buffers", m_counters.buffers)
        .u64("end", timestampNs)
        .end();
    writeOut();
}

void RecordWriter::writeOut()
{
    if (m_file && !m_line.empty())
        std::fwrite(m_line.data(), 1, m_line.size(), m_file);
    m_line.clear();
}

void RecordWriter::flush()
{
    std::lock_guard<std::mutex> lock(m_mutex);
    writeOut();
    if (m_file)
        std::fflush(m_file);
}

void RecordWriter::close()
{
    std::lock_guard<std::mutex> lock(m_mutex);
    writeOut();
    if (m_file)
        std::fclose(m_file);
    m_file = nullptr;
}

WriterCounters RecordWriter::counters()
{
    std::lock_guard<std::mutex> lock(m_mutex);
    return m_counters;
}

} // namespace tilelens::profiler
