#pragma once
// Pipeline state of one kernel working directory: for each stage A–F whether
// it ran, its verdict, its class/owner line, how many runs the logs show
// against the caps (A1 B2 C1 D2 E2 F1), and the next step the routing table
// (port-workspace.md §3.4) would take.

#include "common/Diagnostic.h"

#include <QString>
#include <QStringList>
#include <array>

namespace tilelens::ws {

struct StageState
{
    char letter = 'A';
    QString title; // "IR dump & analyze", ...
    bool ran = false;
    QString verdict;   // latest verdict; empty when unknown
    QString classLine; // "fail_class: kernel", "block_class: env", "owner: host", or empty
    int runs = 0;      // semantic runs the logs show (0 when only a report exists)
    int cap = 1;       // §3.5
    bool overCap() const { return runs > cap; }
    QString gateNote;        // acceptance gate note of the latest envelope
    QString evidence;        // file the verdict was read from
    QStringList runVerdicts; // verdict per semantic run, oldest first
};

struct PipelineState
{
    std::array<StageState, 6> stages; // A B C D E F
    QString next;                     // "B(1)", "D(2)", "C", "PIPELINE_COMPLETE", "STOP", ...
    QStringList trail;                // the routing steps taken, e.g. "A PASS -> B(1)"
    QString blockedReason;            // first line of SKILL_METHODOLOGY_BLOCKED.txt, if present
    Diagnostics diagnostics;          // from every report/log read, plus cap overruns

    const StageState& stage(char letter) const { return stages[size_t(letter - 'A')]; }
    StageState& stage(char letter) { return stages[size_t(letter - 'A')]; }
};

PipelineState derivePipelineState(const QString& kernelDir);

// The routing table alone, for tests and for the GUI's "what happens next".
// `run` is 1 or 2; `classWord` is D's fail/block class ("host", "kernel",
// "env") or C's owner; the flags say what already happened.
struct RouteContext
{
    bool cRan = false;
    bool bRespawned = false;
    bool dRespawned = false;
};
QString routeAfter(char letter, int run, const QString& verdict, const QString& classWord,
                   const RouteContext& ctx);

} // namespace tilelens::ws
