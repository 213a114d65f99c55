#pragma once
// The TileGym artifacts of one opened path: which kernels exist, their
// variants and the files of each. Discovery never fails: what is missing or
// malformed becomes a Diagnostic on the workspace or on the kernel.
//
// This is the stable surface the GUI and CLI use; the discovery rules behind
// it follow port-workspace.md §1.

#include "common/Diagnostic.h"
#include "workspace/AnalysisJson.h"
#include "workspace/SourceLocator.h"

#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

namespace tilelens::ws {

struct Variant
{
    QString name;           // structural variant name; empty for single-variant kernels
    QString referenceIr;    // absolute path, empty when not found (.mlir preferred, then .tileirbc)
    QString generatedIr;    // absolute path, empty when not found (_canon.mlir, then .mlir, then
                            // .tileirbc)
    QString kernelFunction; // Python @ct.kernel function name (analysis.json), may be empty
    QStringList rustEntries; // #[cutile::entry] functions of kernel.rs mapped to this variant

    QString analysisName; // variant_name in analysis.json (also set for a single variant)
    int pythonFirstLine =
        0; // line range of kernelFunction in Kernel::pythonSource (1-based, 0 = not found)
    int pythonLastLine = 0;
    QString baselineBackend; // winning reference backend ("cutile" / "triton")
    QString perfLog;         // perf_cutile_rs_{v}.txt when present (multi-variant)
    QString pairing; // checkout ports: how the entry found its Python kernel (pairingRuleWord)
};

struct Kernel
{
    QString name;                  // tilegym op name, e.g. "softmax"
    QString dir;                   // absolute path of the kernel working directory ($WS)
    QString analysisJson;          // reference/analysis.json, empty when absent
    QString pythonSource;          // the cuTile Python reference file, empty when not found
    QString rustKernel;            // kernel.rs ($WS copy, else the in-tree copy)
    QString rustFfi;               // ffi.rs ($WS copy, else the in-tree copy)
    std::vector<Variant> variants; // at least one
    Diagnostics diagnostics;

    bool multiVariant = false;            // §1.5: kernel_variants has more than one entry
    std::optional<AnalysisJson> analysis; // parsed analysis.json
    QString inTreeDir;                    // $TG/src/tilegym/ops/cutile_rs/{k}_kernel, when found
    QString inTreeKernelRs;
    QString inTreeFfiRs;
    QString testFile;        // tests/ops/test_{k}.py (checkout, else a copy in the kernel dir)
    QStringList supplements; // dtype-evidence IR, never variants (absolute paths)
    std::vector<RustEntry> entries; // every #[cutile::entry] of kernel.rs
    QString baselineLog;            // baseline_perf_{winner}.txt / baseline_perf.txt
    QString candidateLog;           // perf_cutile_rs.txt
    QString rustWrapper;       // checkout ports: src/tilegym/ops/cutile_rs/{k}.py, when present
    bool checkoutPort = false; // a landed port of a checkout, without a working directory
};

struct Workspace
{
    QString root; // absolute path that was opened
    std::vector<Kernel> kernels;
    Diagnostics diagnostics;
    QString tilegymRoot;   // TileGym checkout used for sources and in-tree twins, when known
    QString kernelOutRoot; // the directory holding kernel working directories, when known
};

struct DiscoveryOptions
{
    QString tilegymRoot;   // TILEGYM_PATH; empty: detected from the opened path only
    QString kernelOutRoot; // CUTILE_KERNEL_OUT_ROOT; empty: detected from the opened path only
};

// Accepts a single kernel directory, a kernel-out root (one subdirectory per
// kernel), a TileGym checkout, or a directory holding both roots.
Workspace discoverWorkspace(const QString& path);
Workspace discoverWorkspace(const QString& path, const DiscoveryOptions& options);

// Loads one kernel working directory (tilegymRoot may be empty).
Kernel loadKernel(const QString& kernelDir, const QString& tilegymRoot = QString());

// True when `dir` holds src/tilegym (a TileGym checkout).
bool isTilegymCheckout(const QString& dir);

} // namespace tilelens::ws
