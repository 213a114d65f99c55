#pragma once
// A command run N times with the CUPTI injection library (`tilelens-cli profile -- CMD`), or the
// record directories of an earlier such profile read back (`--records DIR`): the traces and
// runs that perf::buildProfile() makes a tilelens.profile/1 of.

#include "perf/cupti/CuptiTrace.h"
#include "perf/cupti/Profile.h"

#include <QStringList>
#include <functional>
#include <vector>

namespace tilelens::pipeline {

struct CommandProfileRequest
{
    QStringList command; // the program and its arguments
    int runs = 1;
    QString outDir;      // run-1 .. run-N record directories are made under it
    QString library;     // libtilelens_cupti.so
    bool memory = false; // also record memcpy/memset
    double timeoutS = 0; // kill a run after this many seconds; 0: no limit
    // A sentence before each run and when one is killed (the caller says it on stderr).
    std::function<void(const QString&)> progress;
};

struct CommandProfileRuns
{
    std::vector<perf::CuptiTrace> traces; // per run, in order
    std::vector<perf::ProfileRun> runs;   // parallel to traces
    // Nothing to build a profile of: the sentence, and the path it is about ("" when it is
    // about the command).
    QString error;
    QString errorPath;

    bool failed() const { return !error.isEmpty(); }
};

CommandProfileRuns runCommandProfiled(const CommandProfileRequest& request);
// The run-N directories under \a dir, in the order of N.
CommandProfileRuns readProfileRecords(const QString& dir);

} // namespace tilelens::pipeline
