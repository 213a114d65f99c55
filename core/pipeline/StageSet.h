#pragma once
// The stages of one kernel working directory: TileGym's defaults for A-F and
// the built-ins, merged with the directory's tilelens.json. Loading never
// fails; problems in tilelens.json are Diagnostics with a JSON pointer.
//
// tilelens.json (all keys optional):
//   { "env":   {"TILEGYM_PATH": "/opt/tilegym"},          // for every stage
//     "caps":  {"B": 3},                                   // pipeline caps
//     "trust": false,                                      // never trust (see TrustStore)
//     "stages": {
//       "D":    {"argv": [...], "env": {...}, "unset_env": [...], "cwd": "...",
//                "timeout_s": 600, "inputs": [...], "outputs": [...], "shell": false,
//                "log_copy": "...", "verdict": "exit|pytest|log|file", "verdict_file": "...",
//                "pass_verdict": "ALL_PASS", "fail_verdict": "FAIL", "requires_env": [...],
//                "requires_gpu": true, "title": "...", "disabled": "why",
//                "launcher": {"kind": "slurm", "mode": "srun|sbatch", "partition": "...",
//                             "gres": "gpu:1", "time": "00:30:00", "extra_args": [...]}},
//       "smoke": {"argv": ["wc", "-l", "generated/generated_canon.mlir"]},  // a new stage
//       "C":    {"builtin": "ir-diff"} } }
// A key of an existing stage overrides that field only; an unknown stage id adds a stage.

#include "common/Diagnostic.h"
#include "pipeline/StageSpec.h"

#include <QMap>
#include <QString>
#include <vector>

namespace tilelens::pipeline {

struct StageSet
{
    QString kernelDir;             // absolute, cleaned
    QString kernelName;            // analysis.json kernel_name, else the directory name
    QString configFile;            // absolute path of tilelens.json; empty when there is none
    QMap<QString, QString> env;    // workspace-level "env" of tilelens.json
    QMap<QString, int> caps;       // per pipeline run
    std::vector<StageSpec> stages; // defaults first (A..F, validate, perf), then custom ones
    Diagnostics diagnostics;

    const StageSpec* find(const QString& id) const;
    QStringList ids() const;
};

// TileGym's stages as documented (port-workspace.md §3, §5, §6), before any override.
std::vector<StageSpec> defaultStageSpecs();

// Defaults merged with KERNEL_DIR/tilelens.json.
StageSet loadStageSet(const QString& kernelDir);

// Merges a parsed tilelens.json document into `set` (exposed for tests).
void applyStageConfig(StageSet& set, const QByteArray& json, const QString& fileName);

} // namespace tilelens::pipeline
