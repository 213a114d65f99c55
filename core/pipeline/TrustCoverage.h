#pragma once
// What a trust decision covers beyond the stage declarations of tilelens.json
// (issue 32): for every external stage, where its command really runs (the
// working directory with every symbolic link resolved) and the content of the
// workspace files the command runs: the program itself when it lies in the
// workspace (named with a path or found on PATH), the script an interpreter is
// given (`sh stage.sh`, `python3 tools/x.py`), a sourced file (`. ./env.sh`),
// and the same for every command of a shell stage's script. A `git pull` that
// changes such a file, or a working directory swapped for a link, changes the
// digest, so trust must be given again. Data files the command reads or writes
// are not covered (they change with every run).
//
// Not covered (the trust prompt says so): what those files read, source or
// import, files outside the workspace, and modules run with `python -m`.

#include "pipeline/StageResolver.h"

#include <QJsonObject>
#include <QProcessEnvironment>
#include <QString>
#include <vector>

namespace tilelens::pipeline {

struct CoveredFile
{
    QString path;    // absolute, as the command names it
    QString content; // "sha256:<hex>", or "size:<n> mtime:<ms>" for a file over the hash limit
};

struct StageCoverage
{
    QString stageId;
    QString physicalCwd; // the working directory with every link resolved
    std::vector<CoveredFile> files;
};

// Files over this size are covered by size and modification time instead of content.
constexpr qint64 kMaxHashedFileBytes = qint64(256) << 20;

// The workspace files (absolute paths, in order, without repeats) that `r` runs.
QStringList namedWorkspaceFiles(const QString& kernelDir, const ResolvedStage& r,
                                const QProcessEnvironment& base);

// Coverage of every external stage that is not disabled, in declaration order.
std::vector<StageCoverage> trustCoverage(const StageSet& set, const QProcessEnvironment& base);

// {"<stage>": {"cwd": "...", "files": {"<path>": "<content>"}}}, stored with a decision.
QJsonObject coverageJson(const std::vector<StageCoverage>& coverage);

// The first difference between the coverage stored with a decision and `now`, as one
// sentence ("stage B: /ws/stage.sh changed since the workspace was trusted"); empty when
// they agree.
QString coverageChange(const QJsonObject& trusted, const std::vector<StageCoverage>& now);

} // namespace tilelens::pipeline
