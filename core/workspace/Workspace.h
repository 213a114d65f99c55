#pragma once
// The TileGym artifacts of one opened path: which kernels exist, their
// variants and the files of each. Discovery never fails: what is missing or
// malformed becomes a Diagnostic on the workspace or on the kernel.
//
// This is the stable surface the GUI and CLI use; the discovery rules behind
// it follow port-workspace.md §1.

#include "common/Diagnostic.h"

#include <QString>
#include <QStringList>
#include <vector>

namespace tilelens::ws {

struct Variant
{
    QString name;          // structural variant name; empty for single-variant kernels
    QString referenceIr;   // absolute path, empty when not found
    QString generatedIr;   // absolute path, empty when not found
    QString kernelFunction; // Python @ct.kernel function name (analysis.json), may be empty
    QStringList rustEntries; // #[cutile::entry] functions of kernel.rs mapped to this variant
};

struct Kernel
{
    QString name;          // tilegym op name, e.g. "softmax"
    QString dir;           // absolute path of the kernel working directory ($WS)
    QString analysisJson;  // reference/analysis.json, empty when absent
    QString pythonSource;  // the cuTile Python reference file, empty when not found
    QString rustKernel;    // kernel.rs
    QString rustFfi;       // ffi.rs
    std::vector<Variant> variants; // at least one
    Diagnostics diagnostics;
};

struct Workspace
{
    QString root;          // absolute path that was opened
    std::vector<Kernel> kernels;
    Diagnostics diagnostics;
};

// Accepts a single kernel directory, a kernel-out root (one subdirectory per
// kernel) or a directory holding both roots.
Workspace discoverWorkspace(const QString& path);

} // namespace tilelens::ws
