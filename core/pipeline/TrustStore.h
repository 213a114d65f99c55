#pragma once
// Workspace trust: the first time a workspace would run a command, the user
// sees exactly what will run and decides. Decisions are stored per canonical
// path together with a digest of the external stage declarations, so an
// edited tilelens.json asks again. Built-in stages never need trust.
//
// The store is a JSON file (default: $XDG_CONFIG_HOME/tilelens/trust.json,
// overridable with TILELENS_TRUST_FILE):
//   { "schema": "tilelens.trust/1",
//     "workspaces": [{"path": "/abs/dir", "digest": "sha256", "trusted": true, "decided": "ISO"}],
//     "trusted_roots": ["/abs/prefix"] }        <- config entry: everything below is trusted
// A workspace's own tilelens.json can only lower trust ("trust": false), never grant it.

#include "pipeline/StageSet.h"

#include <QString>

namespace tilelens::pipeline {

enum class TrustState
{
    Unknown, // never decided: ask
    Trusted,
    Denied,
    Changed, // decided for other commands (tilelens.json changed): ask again
};

const char* trustStateName(TrustState s);

class TrustStore
{
public:
    explicit TrustStore(QString filePath = defaultPath());
    static QString defaultPath();
    const QString& filePath() const { return m_file; }

    // Canonical path (symlinks resolved) used as the key.
    static QString canonicalWorkspace(const QString& kernelDir);
    // Digest over every field of every stage declaration (StageSpec: what runs, where it
    // writes, with what environment), the workspace env, caps and the kernel name.
    static QString commandsDigest(const StageSet& set);
    // Exactly what would run, resolved, for the confirmation dialog / CLI message.
    static QString describeCommands(const StageSet& set);
    // True when the set has at least one external stage that is not disabled.
    static bool needsTrust(const StageSet& set);

    TrustState state(const StageSet& set) const;
    bool isTrusted(const StageSet& set) const { return state(set) == TrustState::Trusted; }

    // Stores the decision (atomically replacing the file). False + message on I/O errors.
    bool decide(const StageSet& set, bool trusted, QString* error = nullptr);
    bool forget(const QString& kernelDir, QString* error = nullptr);

private:
    QString m_file;
};

} // namespace tilelens::pipeline
