#pragma once
// The records of one profiled run as read back from libtilelens_cupti.so's
// JSON-line files (core/profiler/README.md): kernels with device times and
// NVTX ranges with host times, on one clock.

#include "common/Diagnostic.h"

#include <QString>
#include <QStringList>
#include <array>
#include <cstdint>
#include <vector>

namespace tilelens::perf {

struct CuptiKernelName
{
    QString name;      // as launched (mangled for C++)
    QString demangled; // readable form; equals name when it was not mangled
};

struct CuptiKernel
{
    uint32_t nameIndex = 0; // into CuptiTrace::names
    uint64_t startNs = 0;
    uint64_t endNs = 0;
    uint32_t device = 0;
    uint32_t context = 0;
    uint32_t stream = 0;
    std::array<int64_t, 3> grid{{0, 0, 0}};
    std::array<int64_t, 3> block{{0, 0, 0}};
    int registers = 0;
    int64_t staticSmem = 0;
    int64_t dynamicSmem = 0;
    uint32_t correlation = 0;
    uint32_t process = 0; // pid of the file it came from
    int sourceLine = 0;   // 1-based line in its file

    uint64_t durationNs() const { return endNs > startNs ? endNs - startNs : 0; }
};

// A closed NVTX range: a start marker and its end marker.
struct CuptiRange
{
    QString name;
    QString domain; // empty for the default domain
    uint64_t startNs = 0;
    uint64_t endNs = 0;
    uint32_t process = 0;
    uint32_t thread = 0;
    int sourceLine = 0; // line of the start marker
};

struct CuptiTrace
{
    QStringList files; // record files merged into this trace
    int formatVersion = 0;
    QStringList commands; // "command" of each process's header
    QString device;       // first device name seen
    std::vector<CuptiKernelName> names;
    std::vector<CuptiKernel> kernels;
    std::vector<CuptiRange> ranges;
    uint64_t dropped = 0; // records CUPTI could not store
    int memcpys = 0;
    int memsets = 0;
    int processes = 0;         // files read
    int completeProcesses = 0; // files ending with a summary record
    QStringList libraryErrors; // "error" records written by the library
    Diagnostics diagnostics;   // problems of the files themselves

    const CuptiKernelName& nameOf(const CuptiKernel& k) const { return names.at(k.nameIndex); }
};

} // namespace tilelens::perf
