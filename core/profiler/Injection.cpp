// libtilelens_cupti.so: a CUPTI injection library. The CUDA driver loads it
// when CUDA_INJECTION64_PATH names it and calls InitializeInjection() during
// cuInit; NVTX loads it when NVTX_INJECTION64_PATH names it and calls
// InitializeInjectionNvtx2(), which we hand to CUPTI so that NVTX ranges
// become marker activity records.
//
// Rules this file keeps: never crash or block the profiled process. Every
// failure (no TILELENS_CUPTI_OUT, no GPU, CUPTI refusing because another
// profiler owns it) is logged once on stderr and then the library does nothing.
// Memory is bounded: at most TILELENS_CUPTI_MAX_BUFFERS activity buffers are in
// flight; beyond that CUPTI drops records, and the drops are counted and
// written as "dropped" records.

#include "CuptiRecordFormat.h"
#include "RecordWriter.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cupti.h>
#include <dlfcn.h>
#include <mutex>
#include <string>
#include <thread>

#define TILELENS_EXPORT extern "C" __attribute__((visibility("default")))

using namespace tilelens::profiler;

namespace {

struct Config
{
    std::string outDir;
    bool memory = false;
    unsigned flushMs = 5000;
    size_t bufferBytes = size_t(4) << 20;
    int maxBuffers = 16;
    size_t deviceBufferBytes = 0; // 0: CUPTI's default
    bool discard = false;
    bool quiet = false;
    // Overhead variants (README.md): which kernel activity kind, NVTX on/off,
    // CUPTI's hardware event trace, API records forced off, per-thread buffers.
    bool serialKernels = false;
    bool nvtx = true;
    bool hwTrace = false;
    bool apiOff = false;
    int perThreadBuffers = -1; // -1: CUPTI's default
};

unsigned long envNumber(const char* name, unsigned long fallback, unsigned long lo,
                        unsigned long hi)
{
    const char* v = std::getenv(name);
    if (!v || !*v)
        return fallback;
    char* end = nullptr;
    const unsigned long n = std::strtoul(v, &end, 10);
    if (end == v || *end != '\0')
        return fallback;
    return n < lo ? lo : (n > hi ? hi : n);
}

bool envFlag(const char* name)
{
    const char* v = std::getenv(name);
    return v &&
           (std::strcmp(v, "1") == 0 || std::strcmp(v, "true") == 0 || std::strcmp(v, "yes") == 0);
}

Config readConfig()
{
    Config c;
    if (const char* out = std::getenv(kEnvOutDir))
        c.outDir = out;
    c.memory = envFlag(kEnvMemory);
    c.quiet = envFlag(kEnvQuiet);
    // Defaults from the H200 variant study (tests/gpu/run_gpu_checks.sh (b)):
    // fewer, larger buffers and a slower flush timer kept launch-bound
    // processes out of a slow mode (+50..65% instead of +20%) more often; the
    // memory bound (16 x 16 MiB) is what 64 x 4 MiB was.
    c.flushMs = unsigned(envNumber(kEnvFlushMs, 5000, 0, 3600 * 1000));
    c.bufferBytes = size_t(envNumber(kEnvBufferKb, 16384, 16, 256 * 1024)) * 1024;
    c.maxBuffers = int(envNumber(kEnvMaxBuffers, 16, 1, 4096));
    // 0 keeps CUPTI's own device buffer size. Larger buffers showed no reliable
    // gain on an H200 (tests/gpu/run_gpu_checks.sh: 0.5 to 2 us per launch either
    // way, run to run) and cost device memory in every context.
    c.deviceBufferBytes = size_t(envNumber(kEnvDeviceBufferMb, 0, 0, 4096)) << 20;
    c.discard = envFlag(kEnvDiscard);
    const char* kind = std::getenv(kEnvKernelKind);
    c.serialKernels = kind && std::strcmp(kind, "serial") == 0;
    const char* nvtx = std::getenv(kEnvNvtx);
    c.nvtx = !(nvtx && (std::strcmp(nvtx, "0") == 0 || std::strcmp(nvtx, "false") == 0 ||
                        std::strcmp(nvtx, "no") == 0));
    c.hwTrace = envFlag(kEnvHwTrace);
    c.apiOff = envFlag(kEnvApiOff);
    if (const char* v = std::getenv(kEnvPerThreadBuffers); v && *v)
        c.perThreadBuffers = envFlag(kEnvPerThreadBuffers) ? 1 : 0;
    return c;
}

// All state is heap-allocated and never freed at process exit: CUPTI's worker
// thread may still deliver a buffer while static destructors run.
struct State
{
    Config config;
    RecordWriter* writer = nullptr;
    std::atomic<bool> active{false};
    std::atomic<int> buffersInFlight{0};
    std::atomic<uint64_t> refusedBuffers{0};
    std::thread flusher;
    std::mutex flusherMutex;
    std::condition_variable flusherWake;
    bool stopFlusher = false;
};

State* g_state = nullptr;
std::atomic<bool> g_initialized{false};
std::atomic<bool> g_shutDown{false};
std::atomic<bool> g_logged{false};

void logOnce(const std::string& message)
{
    if (g_state && g_state->config.quiet)
        return;
    if (g_logged.exchange(true))
        return;
    std::fprintf(stderr, "tilelens-cupti: %s\n", message.c_str());
}

std::string cuptiError(CUptiResult r)
{
    const char* text = nullptr;
    if (cuptiGetResultString(r, &text) != CUPTI_SUCCESS || !text)
        return "CUPTI error " + std::to_string(int(r));
    return text;
}

uint64_t now()
{
    uint64_t ts = 0;
    if (cuptiGetTimestamp(&ts) != CUPTI_SUCCESS)
        ts = 0;
    return ts;
}

void CUPTIAPI bufferRequested(uint8_t** buffer, size_t* size, size_t* maxNumRecords)
{
    *buffer = nullptr;
    *size = 0;
    *maxNumRecords = 0;
    State* s = g_state;
    if (!s || !s->active.load())
        return;
    if (s->buffersInFlight.fetch_add(1) >= s->config.maxBuffers) {
        // Refusing makes CUPTI drop records; they are counted (dropped records).
        s->buffersInFlight.fetch_sub(1);
        s->refusedBuffers.fetch_add(1);
        return;
    }
    // CUPTI requires 8-byte alignment; malloc gives 16.
    auto* b = static_cast<uint8_t*>(std::malloc(s->config.bufferBytes));
    if (!b) {
        s->buffersInFlight.fetch_sub(1);
        s->refusedBuffers.fetch_add(1);
        return;
    }
    *buffer = b;
    *size = s->config.bufferBytes;
}

void CUPTIAPI bufferCompleted(CUcontext, uint32_t, uint8_t* buffer, size_t, size_t validSize)
{
    State* s = g_state;
    if (s && s->writer && buffer) {
        if (validSize > 0 && s->config.discard)
            s->writer->countActivityBuffer(buffer, validSize);
        else if (validSize > 0)
            s->writer->writeActivityBuffer(buffer, validSize);
        size_t dropped = 0;
        if (cuptiActivityGetNumDroppedRecords(nullptr, 0, &dropped) == CUPTI_SUCCESS && dropped > 0)
            s->writer->writeDropped(dropped, "no buffer space", now());
    }
    if (buffer) {
        std::free(buffer);
        if (s)
            s->buffersInFlight.fetch_sub(1);
    }
}

void flusherLoop(State* s)
{
    std::unique_lock<std::mutex> lock(s->flusherMutex);
    while (!s->stopFlusher) {
        s->flusherWake.wait_for(lock, std::chrono::milliseconds(s->config.flushMs));
        if (s->stopFlusher)
            break;
        lock.unlock();
        // Default (not forced) flush: only buffers whose records are complete.
        cuptiActivityFlushAll(0);
        lock.lock();
    }
}

void shutDown()
{
    if (g_shutDown.exchange(true))
        return;
    State* s = g_state;
    if (!s || !s->writer)
        return;
    if (s->flusher.joinable()) {
        {
            std::lock_guard<std::mutex> lock(s->flusherMutex);
            s->stopFlusher = true;
        }
        s->flusherWake.notify_all();
        s->flusher.join();
    }
    if (s->active.load()) {
        cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
        size_t dropped = 0;
        if (cuptiActivityGetNumDroppedRecords(nullptr, 0, &dropped) == CUPTI_SUCCESS && dropped > 0)
            s->writer->writeDropped(dropped, "no buffer space", now());
        s->active.store(false);
    }
    const uint64_t refused = s->refusedBuffers.load();
    s->writer->writeSummary(refused, now());
    const WriterCounters c = s->writer->counters();
    if (c.dropped > 0 || refused > 0)
        logOnce("dropped " + std::to_string(c.dropped) + " activity records (buffers refused: " +
                std::to_string(refused) + "); raise " + kEnvMaxBuffers + " or " + kEnvBufferKb);
    s->writer->close();
}

void atExit()
{
    shutDown();
}

// Runs when the library is unloaded with dlclose (tests); at process exit the
// atexit handler has already done the work.
__attribute__((destructor)) void onUnload()
{
    shutDown();
}

bool enableKind(CUpti_ActivityKind kind, const char* what, bool required, std::string* error)
{
    const CUptiResult r = cuptiActivityEnable(kind);
    if (r == CUPTI_SUCCESS)
        return true;
    const std::string text = std::string("cannot record ") + what + ": " + cuptiError(r);
    if (required)
        *error = text;
    else if (g_state && g_state->writer)
        g_state->writer->writeError(text);
    return false;
}

// The driver may not be far enough into cuInit for the hardware trace when it
// calls InitializeInjection (CUPTI_ERROR_NOT_INITIALIZED); then it is tried
// again when the first context exists.
std::atomic<bool> g_hwTraceRetried{false};

std::string hwTraceResult(CUptiResult r)
{
    return r == CUPTI_SUCCESS ? std::string("on")
                              : cuptiError(r) + " (code " + std::to_string(int(r)) + ")";
}

void reportHwTrace(const char* when, const std::string& result)
{
    State* s = g_state;
    if (s && s->writer)
        s->writer->writeConfig({{std::string("hw_trace_") + when, result}});
    if (!s || !s->config.quiet)
        std::fprintf(stderr, "tilelens-cupti: cuptiActivityEnableHWTrace(1) %s: %s\n", when,
                     result.c_str());
}

void CUPTIAPI onResource(void*, CUpti_CallbackDomain domain, CUpti_CallbackId cbid, const void*)
{
    if (domain != CUPTI_CB_DOMAIN_RESOURCE || cbid != CUPTI_CBID_RESOURCE_CONTEXT_CREATED)
        return;
    if (!g_hwTraceRetried.exchange(true))
        reportHwTrace("at_context", hwTraceResult(cuptiActivityEnableHWTrace(1)));
}

std::string tryHwTrace()
{
    const CUptiResult r = cuptiActivityEnableHWTrace(1);
    if (r == CUPTI_ERROR_NOT_INITIALIZED) {
        CUpti_SubscriberHandle subscriber = nullptr;
        if (cuptiSubscribe(&subscriber, onResource, nullptr) == CUPTI_SUCCESS)
            cuptiEnableCallback(1, subscriber, CUPTI_CB_DOMAIN_RESOURCE,
                                CUPTI_CBID_RESOURCE_CONTEXT_CREATED);
    }
    return hwTraceResult(r);
}

// Turns off activity records of every driver and runtime API (they are off
// unless enabled; this checks that nothing of them is left on the launch path).
void apiRecordsOff()
{
    for (CUpti_CallbackId id = 1; id < CUPTI_DRIVER_TRACE_CBID_SIZE; ++id)
        cuptiActivityEnableDriverApi(id, 0);
    for (CUpti_CallbackId id = 1; id < CUPTI_RUNTIME_TRACE_CBID_SIZE; ++id)
        cuptiActivityEnableRuntimeApi(id, 0);
}

std::string ownPath()
{
    Dl_info info{};
    if (dladdr(reinterpret_cast<void*>(&bufferRequested), &info) && info.dli_fname)
        return info.dli_fname;
    return {};
}

} // namespace

// Called by the CUDA driver (CUDA_INJECTION64_PATH) once per process.
TILELENS_EXPORT int InitializeInjection(void)
{
    if (g_initialized.exchange(true))
        return 1;
    auto* s = new State;
    s->config = readConfig();
    g_state = s;
    if (s->config.outDir.empty()) {
        logOnce(std::string(kEnvOutDir) + " is not set; not recording");
        return 1;
    }
    std::string error;
    s->writer = RecordWriter::open(s->config.outDir, &error);
    if (!s->writer) {
        logOnce(error + "; not recording");
        return 1;
    }
    uint32_t version = 0;
    cuptiGetVersion(&version);
    s->writer->writeHeader(version, now());

    // NVTX ranges reach CUPTI only when NVTX loads an injection; point NVTX at
    // this library if the caller did not (it must happen before the first NVTX call).
    if (s->config.nvtx && !std::getenv(kEnvNvtxInjection)) {
        const std::string self = ownPath();
        if (!self.empty())
            ::setenv(kEnvNvtxInjection, self.c_str(), 0);
    }

    s->active.store(true);
    if (s->config.deviceBufferBytes > 0) {
        size_t bytes = s->config.deviceBufferBytes;
        size_t size = sizeof bytes;
        const CUptiResult a =
            cuptiActivitySetAttribute(CUPTI_ACTIVITY_ATTR_DEVICE_BUFFER_SIZE, &size, &bytes);
        if (a != CUPTI_SUCCESS)
            s->writer->writeError("cannot set the device buffer size: " + cuptiError(a));
    }
    if (s->config.perThreadBuffers >= 0) {
        uint8_t value = uint8_t(s->config.perThreadBuffers);
        size_t size = sizeof value;
        const CUptiResult a = cuptiActivitySetAttribute(
            CUPTI_ACTIVITY_ATTR_PER_THREAD_ACTIVITY_BUFFER, &size, &value);
        if (a != CUPTI_SUCCESS)
            s->writer->writeError("cannot set per-thread activity buffers: " + cuptiError(a));
    }
    const std::string hwTrace = s->config.hwTrace ? tryHwTrace() : std::string("off");
    if (s->config.hwTrace)
        reportHwTrace("at_init", hwTrace);
    const CUpti_ActivityKind kernelKind = s->config.serialKernels
                                              ? CUPTI_ACTIVITY_KIND_KERNEL
                                              : CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL;
    CUptiResult r = cuptiActivityRegisterCallbacks(bufferRequested, bufferCompleted);
    if (r != CUPTI_SUCCESS)
        error = "cannot register activity buffers: " + cuptiError(r);
    if (error.empty())
        enableKind(kernelKind, "kernels", true, &error);
    if (!error.empty()) {
        // Typical causes: no usable GPU, or CUPTI already in use by another
        // profiler (Nsight, torch.profiler). Stay out of the way.
        s->active.store(false);
        cuptiActivityDisable(kernelKind);
        s->writer->writeError(error);
        logOnce(error + " (no usable GPU, or another profiler such as Nsight or torch.profiler "
                        "owns CUPTI); not recording");
        shutDown(); // nothing more will come: finish the file now
        return 1;
    }
    enableKind(CUPTI_ACTIVITY_KIND_DEVICE, "devices", false, &error);
    if (s->config.nvtx)
        enableKind(CUPTI_ACTIVITY_KIND_MARKER, "NVTX markers", false, &error);
    if (s->config.memory) {
        enableKind(CUPTI_ACTIVITY_KIND_MEMCPY, "memcpy", false, &error);
        enableKind(CUPTI_ACTIVITY_KIND_MEMSET, "memset", false, &error);
    }
    if (s->config.apiOff)
        apiRecordsOff();
    s->writer->writeConfig({{"kernel_kind", s->config.serialKernels ? "serial" : "concurrent"},
                            {"nvtx", s->config.nvtx ? "on" : "off"},
                            {"hw_trace", hwTrace},
                            {"api_records", s->config.apiOff ? "forced off" : "off"},
                            {"per_thread_buffers", s->config.perThreadBuffers < 0 ? "default"
                                                   : s->config.perThreadBuffers   ? "on"
                                                                                  : "off"},
                            {"buffer_kb", std::to_string(s->config.bufferBytes / 1024)},
                            {"device_buffer_mb", std::to_string(s->config.deviceBufferBytes >> 20)},
                            {"flush_ms", std::to_string(s->config.flushMs)}});
    std::atexit(atExit);
    if (s->config.flushMs > 0) {
        try {
            s->flusher = std::thread(flusherLoop, s);
        } catch (...) {
            s->writer->writeError(
                "cannot start the flush timer thread; records are written at exit");
        }
    }
    return 1;
}

// Called by NVTX (NVTX_INJECTION64_PATH). Forwards to CUPTI's own NVTX handler
// so that ranges arrive as CUPTI_ACTIVITY_KIND_MARKER records.
using NvtxGetExportTable = const void* (*)(uint32_t);
TILELENS_EXPORT int InitializeInjectionNvtx2(NvtxGetExportTable getExportTable)
{
    using Init = int (*)(NvtxGetExportTable);
    Init init = nullptr;
    Dl_info info{};
    if (dladdr(reinterpret_cast<void*>(&cuptiActivityEnable), &info) && info.dli_fname) {
        if (void* cupti = dlopen(info.dli_fname, RTLD_LAZY | RTLD_NOLOAD))
            init = reinterpret_cast<Init>(dlsym(cupti, "InitializeInjectionNvtx2"));
    }
    if (!init) {
        logOnce("this CUPTI has no NVTX support; NVTX ranges are not recorded");
        return 0;
    }
    return init(getExportTable);
}

// For tools and tests: the record format version this library writes.
TILELENS_EXPORT int tilelensCuptiRecordFormatVersion(void)
{
    return kRecordFormatVersion;
}
