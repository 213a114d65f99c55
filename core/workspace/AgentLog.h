#pragma once
// Reader for agent logs (reports/agent_logs/agent_{x}.md, legacy
// reports/agent_{x}.md): the return envelopes of port-workspace.md §3.2 — a
// <VALIDATOR_OUTPUT> block with `exit=N` lines, then the agent's `VERDICT:` —
// and the orchestrator's acceptance gate (§3.3) applied to each.

#include "common/Diagnostic.h"

#include <QString>
#include <optional>
#include <vector>

namespace tilelens::ws {

struct AgentEnvelope
{
    int verdictLine = 0; // 1-based line of the VERDICT: line (0 = none)
    QString verdict;
    bool hasValidatorBlock = false;
    int blockLine = 0;            // line of <VALIDATOR_OUTPUT>
    std::vector<int> exitCodes;   // exit=N / exit_code=N inside the block
    QString text;                 // the log text of this run (for class lines)
    bool accepted = false;        // passes the §3.3 gate
    QString gateNote;             // "SOFT_VALIDATOR_MISSING", or why it was refused
    bool validatorRepair = false; // a respawn after a refused gate, not a semantic run
};

struct PerfLogBlock
{
    std::optional<double> geomeanRatio; // "geomean_ratio=1.0310x"
    QString severity;
};

struct AgentLog
{
    QString path;
    bool exists = false;
    std::vector<AgentEnvelope> envelopes; // in file order
    std::optional<PerfLogBlock> perfLog;  // E's <PERF_LOG> block (last one)
    Diagnostics diagnostics;

    // Semantic runs (envelopes that are not validator repairs).
    int runCount() const;
    // Verdict of the last envelope, empty when none.
    QString finalVerdict() const;
};

AgentLog parseAgentLog(const QString& text, const QString& path);
// Reads agent_logs/agent_{letter}.md, falling back to reports/agent_{letter}.md.
AgentLog readAgentLog(const QString& kernelDir, char letter);

// §3.3 step 4: verdicts that may pass without a validator block.
bool isPassingVerdict(const QString& verdict);

} // namespace tilelens::ws
