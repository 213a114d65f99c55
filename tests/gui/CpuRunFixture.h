#pragma once
// The CPU-run GUI tests' fixture (CpuRunBindingTest, CpuRunOutcomeTest): a main window on a real
// pair of tests/data/real-ports, its "Run Both on CPU" and a small binding that keeps a run of
// silu_and_mul to a few seconds.

#include "DivergenceInsight.h"
#include "EvalAction.h"
#include "GuiTestSupport.h"
#include "MainWindow.h"
#include "TestPaths.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <functional>
#include <gtest/gtest.h>

namespace tilelens::test::cpurun {

inline const QString kAttentionSink = QStringLiteral("attention_sink_2x128q128k_h8g8_d64_bf16");
inline const QString kSiluAndMul = QStringLiteral("silu_and_mul_fwd_8x512x1024_f16");

inline QString realPair(const QString& pair, const QString& side)
{
    return QDir(testDataDir())
        .filePath(QStringLiteral("real-ports/") + pair + QLatin1Char('/') + side);
}

// The pair's two IR files in `dir`, without the launch.json that names its launch chain.
inline std::pair<QString, QString> copyPairAlone(const QTemporaryDir& dir, const QString& pair)
{
    std::pair<QString, QString> out{dir.filePath(QStringLiteral("reference.mlir")),
                                    dir.filePath(QStringLiteral("generated.mlir"))};
    EXPECT_TRUE(QFile::copy(realPair(pair, QStringLiteral("reference.mlir")), out.first));
    EXPECT_TRUE(QFile::copy(realPair(pair, QStringLiteral("generated.mlir")), out.second));
    return out;
}

inline bool waitUntil(const std::function<bool()>& done, int timeoutMs = 600000)
{
    QDeadlineTimer deadline(timeoutMs);
    while (!done() && !deadline.hasExpired())
        QTest::qWait(20);
    return done();
}

// silu_and_mul's hand-written binding (tests/data/eval) with one size: a run that differs.
inline QString smallSiluBinding()
{
    return QStringLiteral(R"({
  "schema": "tilelens.eval-binding/1",
  "dims": {"R": [16], "H": [1024]},
  "arrays": {
    "input": {"dtype": "f16", "shape": ["R", "2 * H"]},
    "out": {"dtype": "f16", "shape": ["R", "H"]}
  },
  "ref": {"params": ["input", "out"], "grid": ["R", 1, 1]},
  "gen": {"params": ["out.ptr", "input.ptr", "H", "input.stride[0]", "out.stride[0]"],
          "grid": ["R", 1, 1]}
}
)");
}

// For a person to look at: TILELENS_TEST_SCREENSHOT_DIR=/some/dir keeps `w` there as `name`.
inline void keepShot(QWidget& w, const QString& name)
{
    const QString dir = qEnvironmentVariable("TILELENS_TEST_SCREENSHOT_DIR");
    if (!dir.isEmpty() && QDir().mkpath(dir)) {
        EXPECT_TRUE(w.grab().save(QDir(dir).filePath(name)));
    }
}

struct Window
{
    gui::MainWindow w{gui::MainWindow::Options{false}};
    gui::DivergenceInsight* insight = nullptr;
    gui::EvalAction* eval = nullptr;
    QTemporaryDir bindingDir;
    QTemporaryDir pairDir; // openAlone's copy of a pair

    bool open(const QString& ref, const QString& gen)
    {
        w.show();
        w.openIrPair(ref, gen);
        if (!waitForLoad(w))
            return false;
        insight = w.findChild<gui::DivergenceInsight*>();
        eval = insight ? insight->evalAction() : nullptr;
        return eval != nullptr;
    }
    // The pair's two IR files copied away from the launch.json that names its chain: the run
    // has no launch chain to bind by.
    bool openAlone(const QString& pair)
    {
        if (!pairDir.isValid())
            return false;
        const auto [ref, gen] = copyPairAlone(pairDir, pair);
        return open(ref, gen);
    }
    bool openReal(const QString& pair)
    {
        return open(realPair(pair, QStringLiteral("reference.mlir")),
                    realPair(pair, QStringLiteral("generated.mlir")));
    }
    // Runs both sides, the binding given as a file; the check, or null.
    std::shared_ptr<const crosscheck::CrossCheck> run(const QString& binding)
    {
        QFile file(bindingDir.filePath(QStringLiteral("binding.json")));
        if (!bindingDir.isValid() || !file.open(QIODevice::WriteOnly) ||
            file.write(binding.toUtf8()) < 0)
            return nullptr;
        file.close();
        eval->setBindingFile(file.fileName());
        return runNow();
    }
    // Runs both sides with the binding the pair has now; the check, or null.
    std::shared_ptr<const crosscheck::CrossCheck> runNow()
    {
        QSignalSpy finished(eval, &gui::EvalAction::finished);
        eval->runAction()->trigger();
        if (!waitUntil([&] { return !finished.isEmpty(); }))
            return nullptr;
        return eval->result();
    }
};

} // namespace tilelens::test::cpurun
