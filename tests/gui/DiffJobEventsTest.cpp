// The inspector's diff jobs report their life to an observer (what `tilelens --bench-supersede`
// measures): a job superseded by another selection is reported superseded, then returned (with
// the time taken on its pool thread) and dropped; the current one is applied.

#include "InspectorSession.h"
#include "JobEvent.h"
#include "TestPaths.h"
#include "panels/PanelTestSupport.h"

#include <QSignalSpy>
#include <QTest>
#include <gtest/gtest.h>
#include <vector>

using namespace tilelens;
using gui::JobEvent;

namespace {

std::vector<JobEvent::Kind> kindsOf(const std::vector<JobEvent>& events, quint64 job)
{
    std::vector<JobEvent::Kind> kinds;
    for (const JobEvent& e : events)
        if (e.job == job)
            kinds.push_back(e.kind);
    return kinds;
}

} // namespace

TEST(DiffJobEvents, ASupersededDiffIsReportedSupersededReturnedAndDropped)
{
    auto session = test::openSession(test::examplesDir(), -1);
    const int softmax = test::kernelIndex(*session, QStringLiteral("softmax"));
    const int matmul = test::kernelIndex(*session, QStringLiteral("matmul"));
    ASSERT_GE(softmax, 0);
    ASSERT_GE(matmul, 0);
    std::vector<JobEvent> events;
    session->setDiffJobObserver([&](const JobEvent& e) { events.push_back(e); });

    session->select(softmax);
    ASSERT_FALSE(events.empty());
    const quint64 first = events.back().job;
    session->select(matmul);
    const quint64 second = events.back().job;
    ASSERT_NE(first, second);
    QSignalSpy changed(session.get(), &gui::InspectorSession::diffChanged);
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return kindsOf(events, first).size() == 4 && kindsOf(events, second).size() == 3; },
        30000));

    using K = JobEvent::Kind;
    EXPECT_EQ(kindsOf(events, first),
              (std::vector<K>{K::Started, K::Superseded, K::Returned, K::Dropped}));
    EXPECT_EQ(kindsOf(events, second), (std::vector<K>{K::Started, K::Returned, K::Applied}));
    for (const JobEvent& e : events) {
        if (e.job == first && e.kind == K::Returned) {
            EXPECT_GT(e.processCpuMs, 0.0);
        }
    }
    ASSERT_NE(session->diff(), nullptr);
    EXPECT_NE(session->diff()->sides.reference().path.find("matmul"), std::string::npos);
}
