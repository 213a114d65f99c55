#include "panels/StatusStyle.h"

#include "PaintedIcon.h"

#include <QPalette>

namespace tilelens::gui::panels {

QString statusKeyForVerdict(const QString& verdict)
{
    const QString v = verdict.trimmed().toUpper();
    if (v.isEmpty())
        return QStringLiteral("none");
    if (v == QLatin1String("PASS") || v == QLatin1String("ALL_PASS") ||
        v == QLatin1String("DONE") || v == QLatin1String("COMPILED") ||
        v == QLatin1String("ALIGNED") || v == QLatin1String("PIPELINE_COMPLETE") ||
        v == QLatin1String("MATCH") || v == QLatin1String("IR_WRITTEN"))
        return QStringLiteral("pass");
    if (v.startsWith(QLatin1String("PASS_WITH")) || v == QLatin1String("MILD_GAP"))
        return QStringLiteral("notes");
    if (v == QLatin1String("INVESTIGATE") || v == QLatin1String("MODERATE_GAP") ||
        v == QLatin1String("MISSING_DATA") || v == QLatin1String("STALE"))
        return QStringLiteral("warn");
    return QStringLiteral("fail"); // FAIL, FAIL_FIXABLE, BLOCKED, ERROR, LARGE_GAP, ...
}

QColor statusColor(const QString& key, bool dark)
{
    if (key == QLatin1String("pass"))
        return dark ? QColor(0x5f, 0xc8, 0x6e) : QColor(0x1e, 0x8e, 0x3e);
    if (key == QLatin1String("notes"))
        return dark ? QColor(0xa8, 0xd8, 0x5a) : QColor(0x6a, 0x9a, 0x1f);
    if (key == QLatin1String("warn"))
        return dark ? QColor(0xf0, 0xb2, 0x4a) : QColor(0xc7, 0x7c, 0x02);
    if (key == QLatin1String("fail"))
        return dark ? QColor(0xf2, 0x6d, 0x6d) : QColor(0xc6, 0x28, 0x28);
    if (key == QLatin1String("running"))
        return dark ? QColor(0x6c, 0xb4, 0xff) : QColor(0x1f, 0x6f, 0xd0);
    if (key == QLatin1String("queued"))
        return dark ? QColor(0x9a, 0x9a, 0xd8) : QColor(0x5c, 0x5c, 0xa8);
    return dark ? QColor(0x80, 0x80, 0x80) : QColor(0xa0, 0xa0, 0xa0);
}

QIcon statusIcon(const QString& key, bool dark)
{
    static QHash<QString, QIcon> cache;
    const QString cacheKey = key + (dark ? QStringLiteral(":d") : QStringLiteral(":l"));
    return cachedPaintedIcon(cache, cacheKey, 16, [&](QPainter& p) {
        const QColor c = statusColor(key, dark);
        p.setPen(QPen(c.darker(130), 1.0));
        if (key == QLatin1String("none"))
            p.setBrush(Qt::NoBrush); // not run: a ring, so it never reads as a result
        else
            p.setBrush(c);
        p.drawEllipse(QRectF(2.5, 2.5, 11, 11));
    });
}

bool isDarkPalette(const QPalette& palette)
{
    return palette.color(QPalette::Window).lightness() < 128;
}

} // namespace tilelens::gui::panels
