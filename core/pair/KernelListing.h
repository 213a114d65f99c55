#pragma once
// What discovery found under a path, as `tilelens-cli kernels` lists it: each variant's Rust
// entry, Python kernel and IR files as the GUI's panes open them (pair::variantPair), with
// the workspace's and the kernels' diagnostics.

#include "workspace/Workspace.h"

#include <QString>
#include <string>
#include <vector>

namespace tilelens::pair {

struct KernelListingRow
{
    QString kernel, variant, rustFile, entry, pythonFile, function, pairing, referenceIr,
        generatedIr;
    int rustLine = 0, pythonLine = 0;
};

struct KernelListing
{
    std::vector<KernelListingRow> rows;
    std::string json;        // tilelens.kernels/1, its text
    QString diagnosticsText; // the workspace's diagnostics, then each kernel's, one a line
    bool noKernel = false;
    bool unpaired = false; // a variant without a Rust entry or a Python kernel
    bool problems = false; // a diagnostic above a note
};

KernelListing listKernels(const ws::Workspace& workspace);

// The text listing: per kernel its variants, their pairing and IR, then the diagnostics.
QString kernelListingText(const KernelListing& listing);

} // namespace tilelens::pair
