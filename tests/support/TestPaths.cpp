#include "TestPaths.h"

#include <QDir>
#include <QFileInfo>
#include <fstream>
#include <sstream>

namespace tilelens::test {

QString sourceDir()
{
    return QStringLiteral(TILELENS_SOURCE_DIR);
}
QString examplesDir()
{
    return QStringLiteral(TILELENS_EXAMPLES_DIR);
}
QString testDataDir()
{
    return QStringLiteral(TILELENS_TEST_DATA_DIR);
}

QString sharedDir()
{
    // An environment override lets a CI job point at another copy.
    const QByteArray env = qgetenv("TILELENS_SHARED_DIR");
    return QDir::cleanPath(env.isEmpty() ? QStringLiteral(TILELENS_SHARED_DIR)
                                         : QString::fromLocal8Bit(env));
}

QString corpusDir()
{
    return sharedDir() + QStringLiteral("/corpus");
}

bool corpusAvailable()
{
    return QFileInfo(corpusDir() + QStringLiteral("/tilegym-cutile/mlir")).isDir();
}

std::string readTextFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

} // namespace tilelens::test
