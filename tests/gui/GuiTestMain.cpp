// Entry point of the offscreen GUI suite: one QApplication for all tests.
// The platform is forced to offscreen also for test discovery at build time,
// which runs without CTest's environment.

#include "Application.h"

#include <QApplication>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <gtest/gtest.h>

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    ::testing::InitGoogleTest(&argc, argv);
    QApplication app(argc, argv);
    // Keep the user's real settings out of reach of the tests.
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("TileLensTests"));
    QCoreApplication::setApplicationName(QStringLiteral("tilelens_gui_tests"));
    // CTest runs each test in its own process, several at once: each process gets its own
    // settings folder, or one test's recent list or layout leaks into another running beside it.
    QTemporaryDir settingsDir;
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settingsDir.path());
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir.path());
    tilelens::gui::initResources();
    return RUN_ALL_TESTS();
}
