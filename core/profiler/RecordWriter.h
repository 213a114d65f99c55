#pragma once
// Turns CUPTI activity buffers into JSON lines (CuptiRecordFormat.h, README.md)
// in one file per process. Thread-safe: CUPTI's worker thread, the flush timer
// and the exit handler all deliver buffers here.

#include <cstdint>
#include <cstdio>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace tilelens::profiler {

struct WriterCounters
{
    uint64_t kernels = 0;
    uint64_t markers = 0;
    uint64_t memcpys = 0;
    uint64_t memsets = 0;
    uint64_t otherRecords = 0;
    uint64_t dropped = 0; // reported by CUPTI (no buffer space)
    uint64_t buffers = 0; // completed buffers written
};

class RecordWriter
{
public:
    // Opens <dir>/tilelens-cupti-<pid>.jsonl (creating dir if it is missing).
    // Returns nullptr and sets *error when the file cannot be created.
    static RecordWriter* open(const std::string& dir, std::string* error);

    ~RecordWriter();
    RecordWriter(const RecordWriter&) = delete;
    RecordWriter& operator=(const RecordWriter&) = delete;

    void writeHeader(uint32_t cuptiVersion, uint64_t timestampNs);
    // Writes every record of a completed CUPTI buffer.
    void writeActivityBuffer(uint8_t* buffer, size_t validSize);
    // Counts the records of a buffer without writing them (TILELENS_CUPTI_DISCARD).
    void countActivityBuffer(uint8_t* buffer, size_t validSize);
    void writeDropped(uint64_t count, const char* cause, uint64_t timestampNs);
    void writeError(const std::string& message);
    // A "config" line: how this process records (string members only).
    void writeConfig(const std::vector<std::pair<std::string, std::string>>& members);
    void writeSummary(uint64_t refusedBuffers, uint64_t timestampNs);
    // Pushes buffered lines to the file; called after each buffer so that a
    // killed process loses at most what CUPTI still holds.
    void flush();
    void close();

    const std::string& path() const { return m_path; }
    WriterCounters counters();

private:
    RecordWriter(FILE* file, std::string path);
    uint32_t nameId(const char* mangled); // writes a "name" line on first sight
    void appendRecord(const void* record);
    void writeOut();

    std::mutex m_mutex;
    FILE* m_file = nullptr;
    std::string m_path;
    std::string m_line; // reused output buffer
    std::unordered_map<std::string, uint32_t> m_names;
    WriterCounters m_counters;
};

} // namespace tilelens::profiler
