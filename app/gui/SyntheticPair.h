#pragma once
// A big reference/generated IR pair for measuring the inspector on a
// 2x100k-op diff (`tilelens --bench-open DIR --synthetic-ops N`) and for the
// tests that check it stays aligned. The entry bodies of the kernels in DIR
// (*.mlir, e.g. the shared corpus) are replicated under distinct names until a
// module holds N ops; the generated side renames every SSA value (so the
// differ matches by dataflow) and carries a few planted changes.

#include <QString>
#include <QStringList>

namespace tilelens::gui {

struct SyntheticPair
{
    QString reference; // paths of the two written files
    QString generated;
    int opsPerSide = 0;
    int plantedChanges = 0;
    bool ok() const { return opsPerSide > 0; }
};

// The *.mlir files of \a dir in name order.
QStringList kernelFilesIn(const QString& dir);

// Writes large_ref.mlir and large_gen.mlir into \a outDir; !ok() when no
// kernel had an entry body or a file could not be written.
SyntheticPair writeSyntheticPair(const QStringList& kernelFiles, int targetOps,
                                 const QString& outDir);

} // namespace tilelens::gui
