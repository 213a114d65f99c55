#include "pipeline/BuiltinStage.h"

#include <QMap>
#include <QMutex>
#include <QMutexLocker>

namespace tilelens::pipeline {
namespace {

struct Registry
{
    QMutex mutex;
    QMap<QString, BuiltinFunction> functions;
};

Registry& registry()
{
    static Registry r;
    return r;
}

} // namespace

void BuiltinStageRegistry::add(const QString& name, BuiltinFunction fn)
{
    QMutexLocker lock(&registry().mutex);
    registry().functions.insert(name, std::move(fn));
}

void BuiltinStageRegistry::remove(const QString& name)
{
    QMutexLocker lock(&registry().mutex);
    registry().functions.remove(name);
}

BuiltinFunction BuiltinStageRegistry::find(const QString& name)
{
    QMutexLocker lock(&registry().mutex);
    return registry().functions.value(name);
}

QStringList BuiltinStageRegistry::names()
{
    QMutexLocker lock(&registry().mutex);
    return registry().functions.keys();
}

} // namespace tilelens::pipeline
