#include "workspace/SourceLocator.h"

#include <QRegularExpression>

namespace tilelens::ws {

namespace {

int indentOf(const QString& line)
{
    int n = 0;
    while (n < line.size() && (line.at(n) == QLatin1Char(' ') || line.at(n) == QLatin1Char('\t')))
        ++n;
    return n;
}

bool blankOrComment(const QString& line)
{
    const QString t = line.trimmed();
    return t.isEmpty() || t.startsWith(QLatin1Char('#'));
}

} // namespace

PythonFunctionRange findPythonFunction(const QString& text, const QString& functionName)
{
    PythonFunctionRange r;
    if (functionName.isEmpty())
        return r;
    const QStringList lines = text.split(QLatin1Char('\n'));
    const QRegularExpression defRe(QStringLiteral(R"(^\s*(?:async\s+)?def\s+%1\s*\()")
                                       .arg(QRegularExpression::escape(functionName)));
    int at = -1;
    for (int i = 0; i < lines.size() && at < 0; ++i) {
        if (defRe.match(lines.at(i)).hasMatch())
            at = i;
    }
    if (at < 0)
        return r;
    const int indent = indentOf(lines.at(at));
    r.defLine = at + 1;
    r.firstLine = at + 1;
    for (int i = at - 1; i >= 0; --i) {
        const QString t = lines.at(i).trimmed();
        if (!t.startsWith(QLatin1Char('@')) || indentOf(lines.at(i)) != indent)
            break;
        r.firstLine = i + 1;
        if (t.startsWith(QLatin1String("@ct.kernel")) ||
            t.startsWith(QLatin1String("@cuda.tile.kernel")) ||
            t.startsWith(QLatin1String("@tile.kernel")))
            r.isCtKernel = true;
    }
    // The signature may span lines: the body starts after the line ending in ':'
    // that closes it; the body ends before the next line indented <= the def.
    int i = at;
    int depth = 0;
    for (; i < lines.size(); ++i) {
        for (const QChar c : lines.at(i)) {
            if (c == QLatin1Char('(') || c == QLatin1Char('['))
                ++depth;
            else if (c == QLatin1Char(')') || c == QLatin1Char(']'))
                --depth;
        }
        if (depth <= 0 && lines.at(i).trimmed().endsWith(QLatin1Char(':')))
            break;
    }
    r.lastLine = std::min(i, int(lines.size()) - 1) + 1;
    for (int j = i + 1; j < lines.size(); ++j) {
        if (blankOrComment(lines.at(j)))
            continue;
        if (indentOf(lines.at(j)) <= indent)
            break;
        r.lastLine = j + 1;
    }
    return r;
}

std::vector<RustEntry> findRustEntries(const QString& kernelRs)
{
    std::vector<RustEntry> out;
    static const QRegularExpression attrRe(QStringLiteral(R"(#\[\s*cutile::entry\b)"));
    static const QRegularExpression fnRe(QStringLiteral(R"(\bfn\s+([A-Za-z_]\w*))"));
    auto it = attrRe.globalMatch(kernelRs);
    while (it.hasNext()) {
        const auto a = it.next();
        const auto f = fnRe.match(kernelRs, a.capturedEnd(0));
        if (!f.hasMatch())
            continue;
        RustEntry e;
        e.name = f.captured(1);
        e.line = int(kernelRs.left(f.capturedStart(1)).count(QLatin1Char('\n'))) + 1;
        // Parameter list: from the '(' after the generics to its matching ')'.
        qsizetype open = -1;
        int angle = 0;
        for (qsizetype i = f.capturedEnd(1); i < kernelRs.size(); ++i) {
            const QChar c = kernelRs.at(i);
            if (c == QLatin1Char('<'))
                ++angle;
            else if (c == QLatin1Char('>'))
                --angle;
            else if (c == QLatin1Char('(') && angle <= 0) {
                open = i;
                break;
            }
        }
        if (open >= 0) {
            int depth = 0;
            qsizetype close = open;
            for (; close < kernelRs.size(); ++close) {
                if (kernelRs.at(close) == QLatin1Char('('))
                    ++depth;
                else if (kernelRs.at(close) == QLatin1Char(')') && --depth == 0)
                    break;
            }
            const QString params = kernelRs.mid(open, close - open);
            const bool tensor = params.contains(QLatin1String("Tensor<"));
            const bool ptr =
                params.contains(QRegularExpression(QStringLiteral(R"(\*\s*mut\s+E\b)")));
            e.paramKind = tensor && ptr ? QStringLiteral("mixed")
                          : tensor      ? QStringLiteral("tensor")
                          : ptr         ? QStringLiteral("ptr")
                                        : QString();
        }
        out.push_back(e);
    }
    return out;
}

bool entryMatchesVariant(const QString& entryName, const QString& variantName)
{
    if (variantName.isEmpty())
        return false;
    const QString name = entryName.toLower();
    const QString v = variantName.toLower();
    if (name.contains(v))
        return true;
    const QStringList tokens = v.split(QLatin1Char('_'), Qt::SkipEmptyParts);
    QString initials;
    for (const QString& t : tokens)
        initials += t.at(0);
    if (tokens.size() > 1 && name.contains(initials))
        return true;
    bool all = !tokens.isEmpty();
    for (const QString& t : tokens)
        all = all && name.contains(t);
    return all;
}

} // namespace tilelens::ws
