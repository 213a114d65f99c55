#pragma once
// IR on demand for the landed ports of a TileGym checkout. Per variant (one
// #[cutile::entry] paired with a @ct.kernel, see workspace/CheckoutPorts.h):
//
//   ir-ref:<op>:<entry>  cuTile Python: runs the op's test (tests/ops/test_<op>.py, test_op,
//                        cutile backend) with CUDA_TILE_DUMP_BYTECODE and keeps the bytecode
//                        of the paired function -> .tilelens/ir/<op>/<entry>/reference.tileirbc
//   ir-gen:<op>:<entry>  cuTile Rust: compiles kernel.rs's entry with the cuTile Rust compiler
//                        (its compile-only IR driver, no GPU), specialised by the entry's job:
//                        its line in .tilelens/ir-jobs.txt when there is one, else the job
//                        derived from the checkout (workspace/IrGenJob.h) -> .../generated.tileirbc
//
// Both read bytecode directly; with cuda-tile-opt (CUDA_TILE_OPT_BIN or PATH) and
// cuda-tile-translate beside it they also write <side>_canon.mlir (--canonicalize --cse),
// and say so when it is absent. A missing toolchain stops the stage with a "MISSING:" line
// that names the tool and how to get it (exit 3). These are workspace commands: the
// checkout must be trusted (TrustStore) before they run.

#include "pipeline/StageSpec.h"

#include <QString>
#include <vector>

namespace tilelens::pipeline {

// Stage ids of one variant.
QString checkoutRefStageId(const QString& op, const QString& entry);
QString checkoutGenStageId(const QString& op, const QString& entry);

// The IR stages of every landed port of the checkout (empty when it has none).
std::vector<StageSpec> checkoutIrStageSpecs(const QString& checkoutRoot);

} // namespace tilelens::pipeline
