#include "perf/PerfData.h"

namespace tilelens::perf {

const QStringList& knownBackendTokens()
{
    static const QStringList tokens = {
        QStringLiteral("cutile_rs"), QStringLiteral("cutile"),  QStringLiteral("triton_tileir"),
        QStringLiteral("triton"),    QStringLiteral("tilecpp"), QStringLiteral("pytorch"),
        QStringLiteral("torch"),
    };
    return tokens;
}

QString normalizeBackend(const QString& backend)
{
    QString b = backend.trimmed().toLower();
    b.replace(QLatin1Char('-'), QLatin1Char('_'));
    return b;
}

QString configIdWithoutBackend(const QString& paramId, const QString& backend, QString* removed)
{
    QStringList tokens = paramId.split(QLatin1Char('-'));
    const QString wanted = normalizeBackend(backend);
    int at = -1;
    if (!wanted.isEmpty())
        at = int(tokens.indexOf(wanted));
    if (at < 0) {
        for (int i = 0; i < tokens.size() && at < 0; ++i) {
            if (knownBackendTokens().contains(tokens.at(i)))
                at = i;
        }
    }
    if (removed)
        *removed = at >= 0 ? tokens.at(at) : QString();
    if (at >= 0)
        tokens.removeAt(at);
    return tokens.join(QLatin1Char('-'));
}

} // namespace tilelens::perf
