// tilelens-stage-supervisor PARENT_PID GRACE_MS -- PROGRAM [ARGS...]
//
// The StageRunner starts every external stage through this small process so
// that nothing a stage starts can outlive TileLens (issue 14, item 8):
//
// * it is a child subreaper (PR_SET_CHILD_SUBREAPER): a descendant whose
//   parent exits, even one that called setsid() to leave the process group,
//   is re-parented here instead of to init, so it stays in our tree;
// * it gets SIGTERM when the runner dies, whatever killed it (the runner sets
//   PR_SET_PDEATHSIG before exec; kept across exec), and SIGTERM from a cancel;
// * on SIGTERM/SIGINT/SIGHUP it sends SIGTERM to every descendant, waits
//   GRACE_MS, then SIGKILLs whatever is left; SIGUSR1 means "kill now";
// * when PROGRAM ends by itself, leftover descendants are killed too;
// * it ends as PROGRAM ended: the same exit code, or the same signal.
//
// Descendants are found in /proc (ppid links from this process down). It uses
// no Qt and allocates little, so it starts fast.

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <map>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <vector>

namespace {

// ppid from /proc/PID/stat ("pid (comm) S ppid ..."; comm may hold ')' or spaces).
pid_t parentOf(pid_t pid)
{
    char path[64];
    std::snprintf(path, sizeof path, "/proc/%d/stat", int(pid));
    FILE* f = std::fopen(path, "re");
    if (!f)
        return -1;
    char buf[1024];
    const size_t n = std::fread(buf, 1, sizeof buf - 1, f);
    std::fclose(f);
    buf[n] = '\0';
    const char* close = std::strrchr(buf, ')');
    if (!close)
        return -1;
    char state = 0;
    int ppid = -1;
    if (std::sscanf(close + 1, " %c %d", &state, &ppid) != 2 || state == 'Z' || state == 'X')
        return -1; // zombies are reaped, not killed
    return pid_t(ppid);
}

// Every live process below `root` (children, grandchildren, ... ).
std::vector<pid_t> descendantsOf(pid_t root)
{
    std::multimap<pid_t, pid_t> children;
    if (DIR* d = ::opendir("/proc")) {
        while (const dirent* e = ::readdir(d)) {
            char* end = nullptr;
            const long pid = std::strtol(e->d_name, &end, 10);
            if (pid <= 0 || !end || *end != '\0')
                continue;
            const pid_t ppid = parentOf(pid_t(pid));
            if (ppid > 0)
                children.emplace(ppid, pid_t(pid));
        }
        ::closedir(d);
    }
    std::vector<pid_t> out;
    std::vector<pid_t> todo{root};
    while (!todo.empty()) {
        const pid_t p = todo.back();
        todo.pop_back();
        auto range = children.equal_range(p);
        for (auto it = range.first; it != range.second; ++it) {
            out.push_back(it->second);
            todo.push_back(it->second);
        }
    }
    return out;
}

int signalDescendants(int sig)
{
    const std::vector<pid_t> pids = descendantsOf(::getpid());
    for (pid_t p : pids)
        ::kill(p, sig);
    return int(pids.size());
}

void reapAll(pid_t child, bool* childDone, int* childStatus)
{
    int status = 0;
    pid_t p;
    while ((p = ::waitpid(-1, &status, WNOHANG)) > 0) {
        if (p == child) {
            *childDone = true;
            *childStatus = status;
        }
    }
}

long long nowMs()
{
    timespec ts{};
    ::clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

// SIGKILL everything below us until nothing is left (a dying process may still fork).
void killEverything(pid_t child, bool* childDone, int* childStatus)
{
    for (int round = 0; round < 1000; ++round) {
        reapAll(child, childDone, childStatus);
        if (signalDescendants(SIGKILL) == 0 && *childDone)
            return;
        ::usleep(2000);
    }
}

[[noreturn]] void endLike(int status)
{
    if (WIFSIGNALED(status)) {
        const int sig = WTERMSIG(status);
        const rlimit noCore{0, 0};
        ::setrlimit(RLIMIT_CORE, &noCore); // the stage may have dumped one; we need not
        ::signal(sig, SIG_DFL);
        sigset_t set;
        sigemptyset(&set);
        sigaddset(&set, sig);
        ::sigprocmask(SIG_UNBLOCK, &set, nullptr);
        ::raise(sig);
    }
    std::_Exit(WIFEXITED(status) ? WEXITSTATUS(status) : 1);
}

} // namespace

int main(int argc, char** argv)
{
    if (argc < 5 || std::strcmp(argv[3], "--") != 0) {
        std::fprintf(stderr,
                     "usage: tilelens-stage-supervisor PARENT_PID GRACE_MS -- PROGRAM [ARGS...]\n");
        return 125;
    }
    const pid_t parent = pid_t(std::atol(argv[1]));
    const long graceMs = std::max(0L, std::atol(argv[2]));

    sigset_t handled;
    sigemptyset(&handled);
    for (int sig : {SIGTERM, SIGINT, SIGHUP, SIGUSR1, SIGCHLD})
        sigaddset(&handled, sig);
    sigset_t previous;
    ::sigprocmask(SIG_BLOCK, &handled, &previous);
    const int sigFd = ::signalfd(-1, &handled, SFD_CLOEXEC);

    ::prctl(PR_SET_CHILD_SUBREAPER, 1);
    ::prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (sigFd < 0 || ::getppid() != parent) // the runner died before we got here
        return 125;

    const pid_t child = ::fork();
    if (child < 0) {
        std::fprintf(stderr, "tilelens-stage-supervisor: fork: %s\n", std::strerror(errno));
        return 126;
    }
    if (child == 0) {
        ::sigprocmask(SIG_SETMASK, &previous, nullptr);
        ::prctl(PR_SET_PDEATHSIG, SIGKILL); // should this supervisor itself be SIGKILLed
        ::execvp(argv[4], argv + 4);
        std::fprintf(stderr, "tilelens-stage-supervisor: cannot run %s: %s\n", argv[4],
                     std::strerror(errno));
        std::_Exit(127);
    }

    bool childDone = false;
    int childStatus = 0;
    long long killAt = -1; // set once terminating: when the grace period ends
    while (true) {
        int timeout = -1;
        if (killAt >= 0)
            timeout = int(std::max(0LL, killAt - nowMs()));
        pollfd pfd{sigFd, POLLIN, 0};
        const int ready = ::poll(&pfd, 1, timeout);
        if (ready > 0) {
            signalfd_siginfo si{};
            if (::read(sigFd, &si, sizeof si) == ssize_t(sizeof si)) {
                const int sig = int(si.ssi_signo);
                if (sig == SIGUSR1) {
                    killAt = 0;
                } else if (sig != SIGCHLD && killAt < 0) {
                    killAt = nowMs() + graceMs;
                    signalDescendants(SIGTERM);
                }
            }
        }
        reapAll(child, &childDone, &childStatus);
        if (childDone || (killAt >= 0 && nowMs() >= killAt)) {
            killEverything(child, &childDone, &childStatus);
            endLike(childStatus);
        }
    }
}
