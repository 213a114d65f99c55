#include "PanelTestSupport.h"

#include "workspace/Workspace.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>

namespace tilelens::test {

bool copyTree(const QString& from, const QString& to)
{
    if (!QDir().mkpath(to))
        return false;
    QDirIterator it(from, QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString src = it.next();
        const QString dst = QDir(to).filePath(QDir(from).relativeFilePath(src));
        if (!QDir().mkpath(QFileInfo(dst).absolutePath()) || !QFile::copy(src, dst))
            return false;
    }
    return true;
}

std::unique_ptr<gui::InspectorSession> openSession(const QString& path, int kernel)
{
    auto session = std::make_unique<gui::InspectorSession>();
    session->setWorkspace(std::make_shared<const ws::Workspace>(ws::discoverWorkspace(path)));
    if (kernel >= 0)
        session->select(kernel);
    return session;
}

int kernelIndex(const gui::InspectorSession& session, const QString& name)
{
    if (!session.workspace())
        return -1;
    const auto& kernels = session.workspace()->kernels;
    for (size_t i = 0; i < kernels.size(); ++i)
        if (kernels[i].name == name)
            return int(i);
    return -1;
}

} // namespace tilelens::test
