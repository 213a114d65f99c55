#pragma once
// What `tilelens-cli run` says of a workspace's stages: the --list line of a stage, what
// --show prints, the refusal of an untrusted workspace, the summary of a finished run and the
// line of each profiled run. English, like core/pipeline/RunMessages.h's defaults.

#include "pipeline/ProfiledRun.h"
#include "pipeline/StageResolver.h"
#include "pipeline/StageRun.h"
#include "pipeline/StageSet.h"
#include "pipeline/TrustStore.h"

#include <QString>

namespace tilelens::pipeline {

// "ID  KIND  [cap N, runnable|not runnable: why, FRESHNESS: why]  TITLE\n"
QString stageListLine(const StageSet& set, const StageSpec& spec);

// The stage's title and exactly what it would run (or that it is built in), and why it cannot
// run here.
QString stageShowText(const StageSpec& spec, const ResolvedStage& resolved);

// Why an external stage of an untrusted workspace did not run, what it would run and how to
// trust it.
QString untrustedStageText(const TrustStore& store, const StageSet& set, const StageSpec& spec,
                           const ResolvedStage& resolved);

// "stage ID STATUS with exit code N (signal S), verdict V: message", its log, whether the IR
// changed: one line and its indented notes.
QString stageRunSummary(const StageRun& run);

// One profiled run ("profiled run 1/3 of stage E: exited, 4 configuration(s) so far"), and
// after the last the profile's path and its pairing with the baseline.
QString profiledRunText(const ProfiledRunUpdate& update);

} // namespace tilelens::pipeline
