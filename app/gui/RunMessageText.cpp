#include "RunMessageText.h"

#include "pipeline/RunMessages.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <algorithm>
#include <vector>

namespace tilelens::gui {
namespace {

struct Pattern
{
    const char* source;
    QRegularExpression regex;  // the template, %N as a group; then optionally "; REST"
    std::vector<int> argOrder; // the %N of each group, in the text's order
};

std::vector<Pattern> buildPatterns()
{
    static const QRegularExpression placeholder(QStringLiteral("%(\\d)"));
    std::vector<Pattern> patterns;
    for (const char* source : pipeline::runmsg::runMessageTemplates()) {
        const QString tmpl = QString::fromUtf8(source);
        QString re = QStringLiteral("^");
        std::vector<int> order;
        qsizetype at = 0;
        for (auto it = placeholder.globalMatch(tmpl); it.hasNext();) {
            const QRegularExpressionMatch m = it.next();
            re += QRegularExpression::escape(tmpl.mid(at, m.capturedStart() - at));
            re += QStringLiteral("(.*?)");
            order.push_back(m.captured(1).toInt());
            at = m.capturedEnd();
        }
        re += QRegularExpression::escape(tmpl.mid(at)) + QStringLiteral("(?:; (.*))?$");
        patterns.push_back({source,
                            QRegularExpression(re, QRegularExpression::DotMatchesEverythingOption),
                            order});
    }
    // The most specific first: "not runnable here: the built-in '%1' ..." before
    // "not runnable here: %1".
    std::stable_sort(patterns.begin(), patterns.end(), [](const Pattern& a, const Pattern& b) {
        return qstrlen(a.source) > qstrlen(b.source);
    });
    return patterns;
}

} // namespace

QString translatedRunMessage(const QString& english)
{
    static const std::vector<Pattern> patterns = buildPatterns();
    for (const Pattern& p : patterns) {
        const QRegularExpressionMatch m = p.regex.match(english);
        if (!m.hasMatch())
            continue;
        QString text = QCoreApplication::translate("RunMessage", p.source);
        std::vector<QString> args(p.argOrder.size());
        for (size_t i = 0; i < p.argOrder.size(); ++i) {
            const auto n = size_t(p.argOrder[i]);
            if (n >= 1 && n <= args.size())
                args[n - 1] = translatedRunMessage(m.captured(int(i) + 1));
        }
        for (const QString& a : args)
            text = text.arg(a);
        const QString rest = m.captured(int(p.argOrder.size()) + 1);
        if (!rest.isEmpty())
            text += QStringLiteral("; ") + translatedRunMessage(rest);
        return text;
    }
    return english;
}

} // namespace tilelens::gui
