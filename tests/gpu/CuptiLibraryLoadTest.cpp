// Loads libtilelens_cupti.so into a process the way the CUDA driver would
// (dlopen + InitializeInjection) and unloads it again. On a machine without a
// GPU CUPTI refuses to record; the library must say so once, write an error
// record, and neither crash nor hang on load, call or unload.

#include "profiler/CuptiRecordFormat.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <cstdlib>
#include <dlfcn.h>
#include <gtest/gtest.h>

namespace {

using InitFn = int (*)();
using VersionFn = int (*)();

QStringList recordLines(const QString& dir)
{
    const QStringList files =
        QDir(dir).entryList({QStringLiteral("tilelens-cupti-*.jsonl")}, QDir::Files);
    if (files.size() != 1)
        return {};
    QFile f(QDir(dir).filePath(files.front()));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

} // namespace

TEST(CuptiLibraryLoad, ExportsTheInjectionEntryPoints)
{
    void* lib = dlopen(TILELENS_CUPTI_LIBRARY_PATH, RTLD_NOW | RTLD_LOCAL);
    ASSERT_NE(lib, nullptr) << dlerror();
    EXPECT_NE(dlsym(lib, "InitializeInjection"), nullptr);
    EXPECT_NE(dlsym(lib, "InitializeInjectionNvtx2"), nullptr);
    auto version = reinterpret_cast<VersionFn>(dlsym(lib, "tilelensCuptiRecordFormatVersion"));
    ASSERT_NE(version, nullptr);
    EXPECT_EQ(version(), tilelens::profiler::kRecordFormatVersion);
    // Nothing else leaks out of the library (hidden visibility).
    EXPECT_EQ(dlsym(lib, "_ZN8tilelens8profiler12RecordWriter4openERKNSt7__cxx1112basic_"
                         "stringIcSt11char_traitsIcESaIcEEEPS7_"),
              nullptr);
    EXPECT_EQ(dlclose(lib), 0);
}

TEST(CuptiLibraryLoad, InitializeWritesAHeaderAndUnloadsCleanly)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString out = dir.filePath(QStringLiteral("records"));
    ASSERT_EQ(setenv(tilelens::profiler::kEnvOutDir, out.toLocal8Bit().constData(), 1), 0);
    setenv(tilelens::profiler::kEnvFlushMs, "50", 1);
    void* lib = dlopen(TILELENS_CUPTI_LIBRARY_PATH, RTLD_NOW | RTLD_LOCAL);
    ASSERT_NE(lib, nullptr) << dlerror();
    auto init = reinterpret_cast<InitFn>(dlsym(lib, "InitializeInjection"));
    ASSERT_NE(init, nullptr);
    EXPECT_EQ(init(), 1);
    EXPECT_EQ(init(), 1);       // a second call is ignored
    EXPECT_EQ(dlclose(lib), 0); // stays mapped (-z nodelete): CUPTI may hold its callbacks
    unsetenv(tilelens::profiler::kEnvOutDir);
    unsetenv(tilelens::profiler::kEnvFlushMs);

    const QStringList lines = recordLines(out);
    ASSERT_GE(lines.size(), 2);
    EXPECT_TRUE(lines.front().contains(QStringLiteral("\"type\":\"header\"")));
    EXPECT_TRUE(
        lines.front().contains(QStringLiteral("\"format\":\"tilelens.cupti\",\"version\":1")));
    EXPECT_TRUE(lines.back().contains(QStringLiteral("\"type\":\"summary\"")))
        << lines.back().toStdString();
    // Without a GPU CUPTI refuses and the library records why; with one, no error line is needed.
    for (const QString& l : lines)
        EXPECT_TRUE(l.startsWith(QLatin1Char('{')) && l.endsWith(QLatin1Char('}')))
            << l.toStdString();
}

TEST(CuptiLibraryLoad, WithoutAnOutputDirectoryItDoesNothing)
{
    unsetenv(tilelens::profiler::kEnvOutDir);
    QTemporaryDir dir;
    const QString before = QDir::currentPath();
    ASSERT_TRUE(QDir::setCurrent(dir.path()));
    void* lib = dlopen(TILELENS_CUPTI_LIBRARY_PATH, RTLD_NOW | RTLD_LOCAL);
    ASSERT_NE(lib, nullptr) << dlerror();
    auto init = reinterpret_cast<InitFn>(dlsym(lib, "InitializeInjection"));
    ASSERT_NE(init, nullptr);
    EXPECT_EQ(init(), 1);
    EXPECT_EQ(dlclose(lib), 0);
    EXPECT_TRUE(QDir(dir.path()).entryList(QDir::Files | QDir::NoDotAndDotDot).isEmpty());
    QDir::setCurrent(before);
}

TEST(CuptiLibraryLoad, UnwritableOutputDirectoryIsHarmless)
{
    setenv(tilelens::profiler::kEnvOutDir, "/proc/tilelens-cannot-create-this", 1);
    void* lib = dlopen(TILELENS_CUPTI_LIBRARY_PATH, RTLD_NOW | RTLD_LOCAL);
    ASSERT_NE(lib, nullptr) << dlerror();
    auto init = reinterpret_cast<InitFn>(dlsym(lib, "InitializeInjection"));
    ASSERT_NE(init, nullptr);
    EXPECT_EQ(init(), 1);
    EXPECT_EQ(dlclose(lib), 0);
    unsetenv(tilelens::profiler::kEnvOutDir);
}
