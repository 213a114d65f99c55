#pragma once
// Where tests find their data. The shared corpus lives outside the repository
// (../shared/corpus); tests that need it call requireCorpus() and skip with a
// message when it is absent, as in a user's fresh clone.

#include <QString>
#include <string>

namespace tilelens::test {

QString sourceDir();   // repository root
QString examplesDir(); // resources/examples
QString testDataDir(); // tests/data
QString sharedDir();   // ../shared (may not exist)
QString corpusDir();   // ../shared/corpus (may not exist)
bool corpusAvailable();
// A file's bytes (empty when it cannot be read).
std::string readTextFile(const std::string& path);

} // namespace tilelens::test

// Skips the current test when ../shared/corpus is missing.
#define TILELENS_REQUIRE_CORPUS()                                                                  \
    do {                                                                                           \
        if (!::tilelens::test::corpusAvailable())                                                  \
            GTEST_SKIP() << "shared corpus not found at "                                          \
                         << ::tilelens::test::corpusDir().toStdString()                            \
                         << " (it exists in CI; a fresh clone has no ../shared)";                  \
    } while (false)
