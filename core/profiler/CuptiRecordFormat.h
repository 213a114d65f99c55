#pragma once
// The record format shared by libtilelens_cupti.so (the writer) and
// core/perf/cupti (the reader). Plain C++17 without Qt or CUPTI, so both sides
// can include it. The format itself is documented in core/profiler/README.md;
// bump kRecordFormatVersion whenever a field changes meaning or disappears
// (adding a field is compatible and needs no bump).

namespace tilelens::profiler {

inline constexpr const char* kRecordFormatName = "tilelens.cupti";
inline constexpr int kRecordFormatVersion = 1;

// Environment read by the injection library.
inline constexpr const char* kEnvOutDir = "TILELENS_CUPTI_OUT";         // directory (required)
inline constexpr const char* kEnvMemory = "TILELENS_CUPTI_MEMORY";      // "1": memcpy/memset too
inline constexpr const char* kEnvFlushMs = "TILELENS_CUPTI_FLUSH_MS";   // timer period, 0 = off
inline constexpr const char* kEnvBufferKb = "TILELENS_CUPTI_BUFFER_KB"; // one activity buffer
inline constexpr const char* kEnvMaxBuffers = "TILELENS_CUPTI_MAX_BUFFERS"; // buffers in flight
inline constexpr const char* kEnvQuiet = "TILELENS_CUPTI_QUIET";            // "1": no stderr line
inline constexpr const char* kEnvDeviceBufferMb =
    "TILELENS_CUPTI_DEVICE_BUFFER_MB"; // CUPTI's device buffer
inline constexpr const char* kEnvDiscard =
    "TILELENS_CUPTI_DISCARD"; // "1": count, do not write (overhead studies)
// Overhead variants (core/profiler/README.md, "Overhead variants").
inline constexpr const char* kEnvKernelKind = "TILELENS_CUPTI_KERNEL_KIND"; // concurrent|serial
inline constexpr const char* kEnvNvtx = "TILELENS_CUPTI_NVTX";              // "0": no NVTX
inline constexpr const char* kEnvHwTrace = "TILELENS_CUPTI_HW_TRACE";       // "1": try HES
inline constexpr const char* kEnvApiOff = "TILELENS_CUPTI_API_OFF";         // "1": API records off
inline constexpr const char* kEnvPerThreadBuffers =
    "TILELENS_CUPTI_PER_THREAD_BUFFERS"; // "0": CUPTI's shared buffers

// Environment the driver and NVTX use to load an injection library.
inline constexpr const char* kEnvCudaInjection = "CUDA_INJECTION64_PATH";
inline constexpr const char* kEnvNvtxInjection = "NVTX_INJECTION64_PATH";

// One file per profiled process: <dir>/tilelens-cupti-<pid>.jsonl
inline constexpr const char* kFilePrefix = "tilelens-cupti-";
inline constexpr const char* kFileSuffix = ".jsonl";

// Values of the "type" member of each line.
inline constexpr const char* kTypeHeader = "header";
inline constexpr const char* kTypeDevice = "device";
inline constexpr const char* kTypeName = "name";
inline constexpr const char* kTypeKernel = "kernel";
inline constexpr const char* kTypeMarker = "marker";
inline constexpr const char* kTypeMemcpy = "memcpy";
inline constexpr const char* kTypeMemset = "memset";
inline constexpr const char* kTypeDropped = "dropped";
inline constexpr const char* kTypeError = "error";
inline constexpr const char* kTypeSummary = "summary";
inline constexpr const char* kTypeConfig = "config";

// Values of a marker's "flag" member.
inline constexpr const char* kMarkerStart = "start";
inline constexpr const char* kMarkerEnd = "end";
inline constexpr const char* kMarkerInstant = "instant";

} // namespace tilelens::profiler
