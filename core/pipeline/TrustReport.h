#pragma once
// `tilelens-cli trust`: a workspace's trust decision recorded in the TrustStore the GUI's
// prompt records in, and what it shows of it (every field the trust digest covers).

#include "pipeline/StageSet.h"
#include "pipeline/TrustStore.h"

#include <QString>

namespace tilelens::pipeline {

enum class TrustAction : uint8_t
{
    Status, // show only
    Trust,
    Revoke, // record "do not trust" (what the prompt's refusal records)
};

struct TrustOutcome
{
    bool failed = false; // the decision could not be recorded (nothing changed): error says why
    QString error;
    QString note;         // said on stderr after the report
    bool refused = false; // the workspace opts out ("trust": false): no decision overrides it
};

// Records \a action for \a set in \a store (nothing for Status, or for a workspace that runs
// only built-in stages).
TrustOutcome applyTrust(TrustStore& store, const StageSet& set, TrustAction action);

// tilelens.trust-decision/1: the state after \a action, each external stage as it resolves.
QString trustDecisionJson(const TrustStore& store, const StageSet& set, TrustAction action,
                          const QString& note);
// The commands (TrustStore::describeCommands), the state and what changed.
QString trustDecisionText(const TrustStore& store, const StageSet& set);

} // namespace tilelens::pipeline
