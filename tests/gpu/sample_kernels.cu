// Known kernels for checking libtilelens_cupti.so on a real GPU
// (tests/gpu/run_gpu_checks.sh). Modes:
//   sample_kernels verify OUT.json   kernels with known names, counts, grid and
//                                    block, each launch timed with CUDA events;
//                                    one NVTX range per kernel phase
//   sample_kernels loop N REPS [US]  REPS times: N launches + sync; prints the
//                                    host wall seconds of each repetition. The
//                                    kernel is empty (launch-bound loop), or with
//                                    US > 0 one block spinning about US
//                                    microseconds (GPU-bound, the realistic case)
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <nvtx3/nvToolsExt.h>
#include <string>
#include <vector>

#define CHECK(call)                                                                                \
    do {                                                                                           \
        cudaError_t err_ = (call);                                                                 \
        if (err_ != cudaSuccess) {                                                                 \
            std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_));     \
            std::exit(2);                                                                          \
        }                                                                                          \
    } while (0)

__global__ void scale_kernel(float* data, float factor, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        data[i] *= factor;
}

__global__ void add_kernel(const float* a, const float* b, float* c, int width, int height)
{
    for (int y = blockIdx.y * blockDim.y + threadIdx.y; y < height; y += gridDim.y * blockDim.y)
        for (int x = blockIdx.x * blockDim.x + threadIdx.x; x < width; x += gridDim.x * blockDim.x)
            c[y * width + x] = a[y * width + x] + b[y * width + x];
}

__global__ void spin_kernel(long long cycles, int* sink)
{
    const long long start = clock64();
    while (clock64() - start < cycles) {
    }
    if (threadIdx.x == 0 && blockIdx.x == 0)
        atomicAdd(sink, 1);
}

__global__ void tiny_kernel(int* sink)
{
    if (threadIdx.x == 0)
        sink[blockIdx.x] += 1;
}

__global__ void empty_kernel() {}

struct Phase
{
    std::string name;
    dim3 grid;
    dim3 block;
    int count;
    std::vector<float> eventMs;
};

static std::string dims(dim3 d)
{
    return "[" + std::to_string(d.x) + "," + std::to_string(d.y) + "," + std::to_string(d.z) + "]";
}

template <typename Launch> static void runPhase(Phase& p, Launch launch)
{
    cudaEvent_t a, b;
    CHECK(cudaEventCreate(&a));
    CHECK(cudaEventCreate(&b));
    nvtxRangePushA(("verify:" + p.name).c_str());
    for (int i = 0; i < p.count; ++i) {
        CHECK(cudaEventRecord(a));
        launch(p.grid, p.block);
        CHECK(cudaEventRecord(b));
        CHECK(cudaEventSynchronize(b));
        float ms = 0;
        CHECK(cudaEventElapsedTime(&ms, a, b));
        p.eventMs.push_back(ms);
    }
    CHECK(cudaDeviceSynchronize());
    nvtxRangePop();
    CHECK(cudaEventDestroy(a));
    CHECK(cudaEventDestroy(b));
}

static int verify(const char* outPath)
{
    const int n = 1 << 24;
    const int w = 4096, h = 4096;
    float *x, *a, *b, *c;
    int* sink;
    CHECK(cudaMalloc(&x, sizeof(float) * n));
    CHECK(cudaMalloc(&a, sizeof(float) * w * h));
    CHECK(cudaMalloc(&b, sizeof(float) * w * h));
    CHECK(cudaMalloc(&c, sizeof(float) * w * h));
    CHECK(cudaMalloc(&sink, sizeof(int) * 64));
    CHECK(cudaMemset(x, 0, sizeof(float) * n));
    CHECK(cudaMemset(a, 0, sizeof(float) * w * h));
    CHECK(cudaMemset(b, 0, sizeof(float) * w * h));
    CHECK(cudaMemset(sink, 0, sizeof(int) * 64));
    CHECK(cudaDeviceSynchronize());

    std::vector<Phase> phases = {
        {"scale_kernel", dim3(264), dim3(256), 10, {}},
        {"add_kernel", dim3(64, 32, 1), dim3(32, 8, 1), 6, {}},
        {"spin_kernel", dim3(132), dim3(128), 8, {}},
        {"tiny_kernel", dim3(4, 1, 1), dim3(32, 1, 1), 12, {}},
    };
    runPhase(phases[0], [&](dim3 g, dim3 bl) { scale_kernel<<<g, bl>>>(x, 1.0001f, n); });
    runPhase(phases[1], [&](dim3 g, dim3 bl) { add_kernel<<<g, bl>>>(a, b, c, w, h); });
    runPhase(phases[2], [&](dim3 g, dim3 bl) { spin_kernel<<<g, bl>>>(200000, sink); });
    runPhase(phases[3], [&](dim3 g, dim3 bl) { tiny_kernel<<<g, bl>>>(sink); });
    CHECK(cudaGetLastError());

    FILE* f = std::fopen(outPath, "w");
    if (!f)
        return 2;
    std::fprintf(f, "{\"kernels\":[");
    for (size_t i = 0; i < phases.size(); ++i) {
        const Phase& p = phases[i];
        std::fprintf(f,
                     "%s{\"name\":\"%s\",\"range\":\"verify:%s\",\"grid\":%s,\"block\":%s,"
                     "\"count\":%d,\"event_ms\":[",
                     i ? "," : "", p.name.c_str(), p.name.c_str(), dims(p.grid).c_str(),
                     dims(p.block).c_str(), p.count);
        for (size_t k = 0; k < p.eventMs.size(); ++k)
            std::fprintf(f, "%s%.6f", k ? "," : "", p.eventMs[k]);
        std::fprintf(f, "]}");
    }
    std::fprintf(f, "]}\n");
    std::fclose(f);
    cudaFree(x);
    cudaFree(a);
    cudaFree(b);
    cudaFree(c);
    cudaFree(sink);
    return 0;
}

static int loop(long n, int reps, double us)
{
    CHECK(cudaFree(nullptr)); // create the context outside the timed region
    int* sink = nullptr;
    CHECK(cudaMalloc(&sink, sizeof(int)));
    int khz = 0;
    CHECK(cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, 0));
    const long long cycles = static_cast<long long>(us * khz / 1000.0);
    auto launch = [&] {
        if (cycles > 0)
            spin_kernel<<<1, 32>>>(cycles, sink);
        else
            empty_kernel<<<1, 32>>>();
    };
    for (int i = 0; i < 1000; ++i)
        launch();
    CHECK(cudaDeviceSynchronize());
    for (int r = 0; r < reps; ++r) {
        const auto t0 = std::chrono::steady_clock::now();
        for (long i = 0; i < n; ++i)
            launch();
        // Host cost of the launches alone, then until the GPU has run them all.
        const double launchSeconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        CHECK(cudaDeviceSynchronize());
        const double s =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        std::printf("{\"loop\":%ld,\"rep\":%d,\"kernel_us\":%.2f,\"launch_seconds\":%.6f,"
                    "\"seconds\":%.6f}\n",
                    n, r, us, launchSeconds, s);
        std::fflush(stdout);
    }
    CHECK(cudaGetLastError());
    cudaFree(sink);
    return 0;
}

int main(int argc, char** argv)
{
    const std::string mode = argc > 1 ? argv[1] : "";
    if (mode == "verify" && argc > 2)
        return verify(argv[2]);
    if (mode == "loop" && argc > 3)
        return loop(std::atol(argv[2]), std::atoi(argv[3]), argc > 4 ? std::atof(argv[4]) : 0.0);
    std::fprintf(stderr, "usage: %s verify OUT.json | loop N REPS [KERNEL_US]\n", argv[0]);
    return 3;
}
