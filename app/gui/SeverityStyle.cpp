#include "SeverityStyle.h"

#include <QCoreApplication>
#include <QHash>
#include <QPainter>
#include <QPixmap>

namespace tilelens::gui {

QColor severityColor(diff::Severity severity, bool dark)
{
    using diff::Severity;
    switch (severity) {
    case Severity::Critical:
        return dark ? QColor(0xff, 0x5c, 0x5c) : QColor(0xd0, 0x1c, 0x1c);
    case Severity::Warn:
        return dark ? QColor(0xff, 0xb0, 0x3b) : QColor(0xd9, 0x7a, 0x00);
    case Severity::Info:
        return dark ? QColor(0x5c, 0xa8, 0xff) : QColor(0x1f, 0x6f, 0xd0);
    case Severity::Equivalent:
        return dark ? QColor(0x5f, 0xd0, 0x7a) : QColor(0x1e, 0x8e, 0x3e);
    case Severity::Noise:
        return dark ? QColor(0x8a, 0x93, 0x9e) : QColor(0x9a, 0xa0, 0xa6);
    case Severity::KnownGap:
        return dark ? QColor(0xc6, 0x8c, 0xf5) : QColor(0x86, 0x3b, 0xc9);
    }
    return {};
}

QIcon severityIcon(diff::Severity severity, bool dark)
{
    static QHash<int, QIcon> cache;
    const int key = static_cast<int>(severity) * 2 + (dark ? 1 : 0);
    auto it = cache.find(key);
    if (it != cache.end())
        return *it;
    QPixmap pixmap(14, 14);
    pixmap.fill(Qt::transparent);
    {
        QPainter p(&pixmap);
        p.setRenderHint(QPainter::Antialiasing);
        p.setPen(Qt::NoPen);
        p.setBrush(severityColor(severity, dark));
        p.drawRoundedRect(QRectF(1, 1, 12, 12), 3, 3);
    }
    return *cache.insert(key, QIcon(pixmap));
}

QString severityLabel(diff::Severity severity)
{
    using diff::Severity;
    switch (severity) {
    case Severity::Critical:
        return QCoreApplication::translate("Severity", "critical");
    case Severity::Warn:
        return QCoreApplication::translate("Severity", "warn");
    case Severity::Info:
        return QCoreApplication::translate("Severity", "info");
    case Severity::Equivalent:
        return QCoreApplication::translate("Severity", "equivalent");
    case Severity::Noise:
        return QCoreApplication::translate("Severity", "noise");
    case Severity::KnownGap:
        return QCoreApplication::translate("Severity", "known gap");
    }
    return {};
}

QString verdictLabel(diff::Verdict verdict)
{
    // The verdict words are the CLI's and the reports' (never translated).
    return QString::fromLatin1(diff::verdictName(verdict));
}

QColor verdictColor(diff::Verdict verdict, bool dark)
{
    switch (verdict) {
    case diff::Verdict::Pass:
        return severityColor(diff::Severity::Equivalent, dark);
    case diff::Verdict::PassWithNotes:
        return severityColor(diff::Severity::Warn, dark);
    case diff::Verdict::FailFixable:
        return severityColor(diff::Severity::Critical, dark);
    }
    return {};
}

QString ownerLabel(diff::Owner owner)
{
    return owner == diff::Owner::Kernel ? QCoreApplication::translate("Severity", "kernel")
                                        : QCoreApplication::translate("Severity", "host");
}

} // namespace tilelens::gui
