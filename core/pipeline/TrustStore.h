#pragma once
// Workspace trust: the first time a workspace would run a command, the user
// sees exactly what will run and decides. Decisions are stored per canonical
// path together with a digest of what runs, so a change asks again. Built-in
// stages never need trust.
//
// The digest covers (tilelens.trust-digest/3): every field of every stage
// declaration (StageSpec), the workspace env, caps and kernel name, and, for
// each external stage, where its working directory resolves (links followed)
// and the content of the workspace files its command names (TrustCoverage.h).
// It does not cover what those files read, source or import, nor files outside
// the workspace: describeCommands() says so in the prompt.
//
// The store is a JSON file (default: $XDG_CONFIG_HOME/tilelens/trust.json,
// overridable with TILELENS_TRUST_FILE):
//   { "schema": "tilelens.trust/1",
//     "workspaces": [{"path": "/abs/dir", "digest": "sha256", "trusted": true, "decided": "ISO",
//                     "declarations": "sha256", "covers": {<TrustCoverage coverageJson>}}],
//     "trusted_roots": ["/abs/prefix"] }        <- config entry: everything below is trusted
// A workspace's own tilelens.json can only lower trust ("trust": false), never grant it.
// Decisions are read-modify-written under trust.json.lock (concurrent `trust` runs).

#include "pipeline/StageSet.h"

#include <QProcessEnvironment>
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
    // writes, with what environment), the workspace env, caps and the kernel name, and what
    // TrustCoverage adds: where each external stage runs and the workspace files it names.
    static QString
    commandsDigest(const StageSet& set,
                   const QProcessEnvironment& base = QProcessEnvironment::systemEnvironment());
    // The declarations alone (tilelens.trust-digest/2, what earlier versions stored).
    static QString declarationsDigest(const StageSet& set);
    // Exactly what would run, resolved, for the confirmation dialog / CLI message, with the
    // workspace files the digest covers and a paragraph on what it does not cover.
    static QString
    describeCommands(const StageSet& set,
                     const QProcessEnvironment& base = QProcessEnvironment::systemEnvironment());
    // One paragraph: what trusting covers and what it does not.
    static QString coverageNote();
    // True when the set has at least one external stage that is not disabled.
    static bool needsTrust(const StageSet& set);

    TrustState
    state(const StageSet& set,
          const QProcessEnvironment& base = QProcessEnvironment::systemEnvironment()) const;
    bool isTrusted(const StageSet& set,
                   const QProcessEnvironment& base = QProcessEnvironment::systemEnvironment()) const
    {
        return state(set, base) == TrustState::Trusted;
    }
    // Why the state is Changed, as one sentence (what differs from what was trusted, or
    // that the decision predates what the digest covers now); empty otherwise.
    QString
    changeReason(const StageSet& set,
                 const QProcessEnvironment& base = QProcessEnvironment::systemEnvironment()) const;

    // Stores the decision (atomically replacing the file, under its lock). False + message
    // on I/O errors.
    bool decide(const StageSet& set, bool trusted, QString* error = nullptr,
                const QProcessEnvironment& base = QProcessEnvironment::systemEnvironment());
    bool forget(const QString& kernelDir, QString* error = nullptr);

private:
    QString m_file;
};

} // namespace tilelens::pipeline
