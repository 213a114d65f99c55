#include "SeverityStyle.h"

#include "PaintedIcon.h"

#include <QCoreApplication>
#include <iterator>

namespace tilelens::gui {

namespace {

// One row per diff::Severity, in enum order: marker colour on a light and on
// a dark paper, and the word the user reads (translated in context "Severity").
struct SeverityLook
{
    QRgb light;
    QRgb dark;
    const char* label;
};
constexpr SeverityLook kLooks[] = {
    {0xd01c1c, 0xff5c5c, QT_TRANSLATE_NOOP("Severity", "critical")},
    {0xd97a00, 0xffb03b, QT_TRANSLATE_NOOP("Severity", "warn")},
    {0x1f6fd0, 0x5ca8ff, QT_TRANSLATE_NOOP("Severity", "info")},
    {0x1e8e3e, 0x5fd07a, QT_TRANSLATE_NOOP("Severity", "equivalent")},
    {0x9aa0a6, 0x8a939e, QT_TRANSLATE_NOOP("Severity", "noise")},
    {0x863bc9, 0xc68cf5, QT_TRANSLATE_NOOP("Severity", "known gap")},
};
static_assert(std::size(kLooks) == diff::kSeverityCount);

const SeverityLook* lookOf(diff::Severity severity)
{
    const auto i = static_cast<size_t>(severity);
    return i < std::size(kLooks) ? &kLooks[i] : nullptr;
}

} // namespace

QColor severityColor(diff::Severity severity, bool dark)
{
    const SeverityLook* look = lookOf(severity);
    return look ? QColor::fromRgb(dark ? look->dark : look->light) : QColor();
}

QIcon severityIcon(diff::Severity severity, bool dark)
{
    static QHash<int, QIcon> cache;
    const int key = static_cast<int>(severity) * 2 + (dark ? 1 : 0);
    return cachedPaintedIcon(cache, key, 14, [&](QPainter& p) {
        p.setPen(Qt::NoPen);
        p.setBrush(severityColor(severity, dark));
        p.drawRoundedRect(QRectF(1, 1, 12, 12), 3, 3);
    });
}

QString severityLabel(diff::Severity severity)
{
    const SeverityLook* look = lookOf(severity);
    return look ? QCoreApplication::translate("Severity", look->label) : QString();
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
