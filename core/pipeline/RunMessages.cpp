#include "pipeline/RunMessages.h"

namespace tilelens::pipeline::runmsg {

const std::vector<const char*>& runMessageTemplates()
{
    static const std::vector<const char*> templates = {
        kShuttingDown,
        kNotADirectory,
        kUnknownStage,
        kInvalidConfig,
        kNotRunnable,
        kBuiltinMissing,
        kNotTrusted,
        kSuperseded,
        kCapReached,
        kCannotWriteLog,
        kNothingWasRun,
        kCannotStart,
        kNoSupervisor,
        kTimedOut,
        kCancelled,
        kCancelledBeforeStart,
        kCancelledAppQuit,
        kKilledBySignal,
        kLogCopyRefused,
        kLogCopyFailed,
        kNeedsGpu,
        kNeedsEnv,
        kNoCommand,
        kSlurmNeedsTool,
        kNoWorkingDirectory,
        kNotExecutable,
        kNotOnPath,
        kNoCuptiLibrary,
        kNoGpu,
        kCuptiRecordedNothing,
        kNoRecordFiles,
        kNoKernelSeen,
    };
    return templates;
}

} // namespace tilelens::pipeline::runmsg
