#include "BenchSupersede.h"

#include "JobEvent.h"
#include "MainWindow.h"
#include "SyntheticPair.h"
#include "panels/DashboardModel.h"
#include "panels/DashboardView.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QDir>
#include <QTemporaryDir>
#include <algorithm>
#include <cstdio>
#include <optional>
#include <vector>

namespace tilelens::gui {
namespace {

constexpr int kSmallOps = 2000;
constexpr int kLoadTimeoutMs = 300000;
constexpr int kDelaysMs[] = {25, 50, 100, 200, 400};

// A kernel directory of the IR-only kind (reference/reference.mlir, generated/generated.mlir)
// holding a synthetic pair of about `ops` ops per side; 0 when it could not be written.
int writeKernel(const QStringList& corpus, int ops, const QString& dir)
{
    const QDir d(dir);
    if (!d.mkpath(QStringLiteral("reference")) || !d.mkpath(QStringLiteral("generated")))
        return 0;
    const SyntheticPair pair = writeSyntheticPair(corpus, ops, dir);
    if (!pair.ok() ||
        !QDir().rename(pair.reference, d.filePath(QStringLiteral("reference/reference.mlir"))) ||
        !QDir().rename(pair.generated, d.filePath(QStringLiteral("generated/generated.mlir"))))
        return 0;
    return pair.opsPerSide;
}

bool spinUntil(const std::function<bool()>& done, int timeoutMs)
{
    QDeadlineTimer deadline(timeoutMs);
    while (!done() && !deadline.hasExpired())
        QCoreApplication::processEvents(QEventLoop::AllEvents | QEventLoop::WaitForMoreEvents, 5);
    return done();
}

void spinFor(int ms)
{
    QDeadlineTimer deadline(ms);
    while (!deadline.hasExpired())
        QCoreApplication::processEvents(QEventLoop::AllEvents | QEventLoop::WaitForMoreEvents, 1);
}

double msBetween(std::chrono::steady_clock::time_point a, std::chrono::steady_clock::time_point b)
{
    return std::chrono::duration<double, std::milli>(b - a).count();
}

struct Sample
{
    bool superseded = false; // false: the big diff ended before the switch
    double busyMs = 0;       // switch -> the big diff's work returned (wall)
    double cpuMs = 0;        // process CPU time in that interval
    double shownMs = 0;      // switch -> the small kernel loaded, its diff shown
};

// "median (min-max)" of `v`.
QString summary(std::vector<double> v)
{
    if (v.empty())
        return QStringLiteral("-");
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    const double median = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    return QStringLiteral("%1 (%2-%3)")
        .arg(median, 0, 'f', 0)
        .arg(v.front(), 0, 'f', 0)
        .arg(v.back(), 0, 'f', 0);
}

class Bench
{
public:
    Bench(MainWindow& window, int big, int small) : m_window(window), m_big(big), m_small(small)
    {
        window.session().setDiffJobObserver([this](const JobEvent& e) { m_events.push_back(e); });
        QObject::connect(&window, &MainWindow::loadingFinished, &window,
                         [this] { m_loadedAt = std::chrono::steady_clock::now(); });
    }

    std::optional<Sample> measure(int delayMs)
    {
        InspectorSession& session = m_window.session();
        m_events.clear();
        session.select(m_big);
        const std::optional<JobEvent> started = last(JobEvent::Kind::Started);
        if (!started)
            return std::nullopt;
        spinFor(delayMs);
        m_loadedAt.reset();
        session.select(m_small);
        Sample s;
        const auto superseded = find(JobEvent::Kind::Superseded, started->job);
        s.superseded = superseded.has_value();
        const bool done = spinUntil(
            [&] {
                return find(JobEvent::Kind::Returned, started->job) && m_loadedAt &&
                       !m_window.isLoading();
            },
            kLoadTimeoutMs);
        if (!done)
            return std::nullopt;
        const JobEvent returned = *find(JobEvent::Kind::Returned, started->job);
        if (superseded) {
            s.busyMs = std::max(0.0, msBetween(superseded->at, returned.at));
            s.cpuMs = std::max(0.0, returned.processCpuMs - superseded->processCpuMs);
            s.shownMs = msBetween(superseded->at, *m_loadedAt);
        }
        return s;
    }

private:
    std::optional<JobEvent> find(JobEvent::Kind kind, quint64 job) const
    {
        for (const JobEvent& e : m_events)
            if (e.kind == kind && e.job == job)
                return e;
        return std::nullopt;
    }
    std::optional<JobEvent> last(JobEvent::Kind kind) const
    {
        for (auto it = m_events.rbegin(); it != m_events.rend(); ++it)
            if (it->kind == kind)
                return *it;
        return std::nullopt;
    }

    MainWindow& m_window;
    int m_big;
    int m_small;
    std::vector<JobEvent> m_events;
    std::optional<std::chrono::steady_clock::time_point> m_loadedAt;
};

int kernelIndex(const InspectorSession& session, const QString& name)
{
    const auto workspace = session.workspace();
    for (size_t i = 0; workspace && i < workspace->kernels.size(); ++i)
        if (workspace->kernels[i].name == name)
            return int(i);
    return -1;
}

} // namespace

int runBenchSupersede(const QString& corpusDir, int syntheticOps, int repetitions)
{
    const QStringList corpus = kernelFilesIn(corpusDir);
    QTemporaryDir dir;
    const QDir root(dir.path());
    const int bigOps = writeKernel(corpus, syntheticOps, root.filePath(QStringLiteral("big")));
    const int smallOps = writeKernel(corpus, kSmallOps, root.filePath(QStringLiteral("small")));
    if (bigOps == 0 || smallOps == 0) {
        std::fprintf(stderr, "tilelens: no kernel entries (*.mlir) in %s, or %s not writable\n",
                     corpusDir.toLocal8Bit().constData(), dir.path().toLocal8Bit().constData());
        return 3;
    }
    std::printf("bench-supersede: kernel big %d ops per side, kernel small %d; %d run(s) per "
                "delay\n",
                bigOps, smallOps, repetitions);

    MainWindow window(MainWindow::Options{false});
    window.resize(1600, 1000);
    window.show();
    window.openWorkspace(dir.path());
    // Opening a workspace of two kernels computes the dashboard's rows (both diffs): measured
    // from when they are done, so that only the inspector's work runs.
    const bool opened = spinUntil(
        [&] {
            return window.session().workspace() && !window.isLoading() &&
                   !window.dashboard()->model()->isLoading();
        },
        kLoadTimeoutMs);
    const int big = kernelIndex(window.session(), QStringLiteral("big"));
    const int small = kernelIndex(window.session(), QStringLiteral("small"));
    if (!opened || big < 0 || small < 0) {
        std::fprintf(stderr, "tilelens: the two-kernel workspace did not open\n");
        return 3;
    }
    // Each measurement starts from the small kernel, shown (the window may have made the first
    // kernel current when the inspector was shown).
    window.showInspector();
    window.session().select(small);
    if (!spinUntil([&] { return !window.isLoading(); }, kLoadTimeoutMs)) {
        std::fprintf(stderr, "tilelens: the small kernel did not load\n");
        return 3;
    }

    Bench bench(window, big, small);
    std::vector<double> allBusy;
    std::vector<double> allCpu;
    for (const int delay : kDelaysMs) {
        std::vector<double> busy, cpu, shown;
        int notSuperseded = 0;
        for (int r = 0; r < repetitions; ++r) {
            const std::optional<Sample> s = bench.measure(delay);
            if (!s) {
                std::fprintf(stderr, "tilelens: a load did not finish (delay %d ms)\n", delay);
                return 3;
            }
            if (!s->superseded) {
                ++notSuperseded;
                continue;
            }
            busy.push_back(s->busyMs);
            cpu.push_back(s->cpuMs);
            shown.push_back(s->shownMs);
        }
        allBusy.insert(allBusy.end(), busy.begin(), busy.end());
        allCpu.insert(allCpu.end(), cpu.begin(), cpu.end());
        std::printf("delay %d ms: busy after switch %s ms, process CPU in it %s ms, small kernel "
                    "shown after %s ms%s\n",
                    delay, qPrintable(summary(busy)), qPrintable(summary(cpu)),
                    qPrintable(summary(shown)),
                    notSuperseded ? qPrintable(QStringLiteral(" (%1 run(s): the big diff had "
                                                              "ended before the switch)")
                                                   .arg(notSuperseded))
                                  : "");
        std::fflush(stdout);
    }
    std::printf("all delays: busy after switch %s ms, process CPU in it %s ms\n",
                qPrintable(summary(allBusy)), qPrintable(summary(allCpu)));
    return 0;
}

} // namespace tilelens::gui
