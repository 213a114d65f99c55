#pragma once
// What the inspector shows for one kernel variant: the semantic diff of its
// reference and generated IR plus, per side, where each op's loc() points
// (source file name and line), for IR <-> source linking. Computed off the
// GUI thread by computeDiffSnapshot(); immutable once published.

#include "RowAlignment.h"
#include "common/Diagnostic.h"
#include "diff/DiffResult.h"

#include <QString>
#include <optional>
#include <vector>

namespace tilelens::gui {

// One op linked to a source line: op line in the IR file -> source line.
// From the op's file:line:col loc(), or inferred for kernel.rs (cuTile Rust
// emits no locations; see ws::inferLinks).
struct OpSourceLink
{
    int irLine = 0;     // 1-based line of the op in its IR file
    QString fileName;   // file name of the loc (no directories), e.g. "softmax.py"
    int sourceLine = 0; // 1-based
    bool inferred = false;
    QString because; // inferred: the expression the op was matched to, empty if only placed
};

struct DiffSnapshot
{
    quint64 generation = 0;
    QString referencePath;
    QString generatedPath;
    std::optional<diff::DiffResult>
        result; // nullopt: an input could not be read, parsed or verified
    Diagnostics diagnostics;
    std::vector<OpSourceLink> referenceLinks;
    std::vector<OpSourceLink> generatedLinks;
    RowAlignment alignment; // filler lines for the aligned view (no tail yet)
    qint64 computeMs = 0;   // worker time: read + parse + diff + links

    // Sorted 1-based op lines of every aligned row, per side (fallback link).
    std::vector<int> opLines(bool reference) const;
};

// Reads, parses and compares both files (runs in a worker thread). With
// \a rustKernelPath, generated ops without a loc() into it get inferred links.
DiffSnapshot computeDiffSnapshot(quint64 generation, const QString& referencePath,
                                 const QString& generatedPath, const QString& rustKernelPath = {});

} // namespace tilelens::gui
