#include "workspace/SourceLocator.h"

#include <QHash>
#include <QRegularExpression>
#include <QSet>
#include <algorithm>
#include <climits>
#include <memory>
#include <vector>

namespace tilelens::ws {

namespace {

int indentOf(QStringView line)
{
    int n = 0;
    while (n < line.size() && (line.at(n) == QLatin1Char(' ') || line.at(n) == QLatin1Char('\t')))
        ++n;
    return n;
}

bool blankOrComment(QStringView line)
{
    const QStringView t = line.trimmed();
    return t.isEmpty() || t.startsWith(QLatin1Char('#'));
}

bool isAsciiWordChar(QChar c)
{
    return c.unicode() < 128 && (c.isLetterOrNumber() || c == QLatin1Char('_'));
}

// The first index at or after `from` whose value is at most `limit`, in O(log n): a
// segment tree of minimums, descended from the root.
class FirstAtMost
{
public:
    explicit FirstAtMost(const std::vector<int>& values) : m_count(int(values.size()))
    {
        while (m_leaves < m_count)
            m_leaves <<= 1;
        m_tree.assign(size_t(2 * m_leaves), INT_MAX);
        for (int i = 0; i < m_count; ++i)
            m_tree[size_t(m_leaves + i)] = values[size_t(i)];
        for (int i = m_leaves - 1; i >= 1; --i)
            m_tree[size_t(i)] = std::min(m_tree[size_t(2 * i)], m_tree[size_t(2 * i + 1)]);
    }

    int find(int from, int limit) const
    {
        return from >= m_count ? -1 : descend(1, 0, m_leaves, from, limit);
    }

private:
    int descend(int node, int lo, int hi, int from, int limit) const
    {
        if (hi <= from || m_tree[size_t(node)] > limit)
            return -1;
        if (hi - lo == 1)
            return lo;
        const int mid = (lo + hi) / 2;
        const int left = descend(2 * node, lo, mid, from, limit);
        return left >= 0 ? left : descend(2 * node + 1, mid, hi, from, limit);
    }

    int m_count = 0;
    int m_leaves = 1;
    std::vector<int> m_tree;
};

} // namespace

struct PythonSource::Index
{
    std::vector<QStringView> lines;
    QHash<QString, int> firstDef;     // name -> line of its first `def` (per-line match)
    QHash<QStringView, int> wordUses; // whole ASCII words, counted up to 2
    std::vector<int> depthBefore;     // bracket depth before each line, from the file start
    std::vector<int> lastCodeBefore;  // last non-blank, non-comment line before each line (-1)
    std::unique_ptr<FirstAtMost> signatureEnd; // lines ending in ':' by depth after them
    std::unique_ptr<FirstAtMost> codeIndent;   // non-blank, non-comment lines by indent
    mutable qint64 visited = 0;
};

PythonSource::PythonSource(const QString& text) : m_text(text), m_index(new Index)
{
    Index& x = *m_index;
    const QStringView all(m_text);
    for (qsizetype start = 0;;) {
        const qsizetype end = all.indexOf(QLatin1Char('\n'), start);
        x.lines.push_back(all.mid(start, end < 0 ? all.size() - start : end - start));
        if (end < 0)
            break;
        start = end + 1;
    }
    static const QRegularExpression lineDefRe(
        QStringLiteral(R"(^\s*(?:async\s+)?def\s+(\w+)\s*\()"));
    const int n = int(x.lines.size());
    std::vector<int> colonDepth(size_t(n), INT_MAX);
    std::vector<int> indents(size_t(n), INT_MAX);
    x.depthBefore.resize(size_t(n) + 1, 0);
    x.lastCodeBefore.resize(size_t(n) + 1, -1);
    for (int i = 0; i < n; ++i) {
        const QStringView line = x.lines[size_t(i)];
        if (line.contains(QLatin1String("def"))) {
            const auto m = lineDefRe.match(line);
            if (m.hasMatch() && !x.firstDef.contains(m.captured(1)))
                x.firstDef.insert(m.captured(1), i);
        }
        int depth = x.depthBefore[size_t(i)];
        for (const QChar c : line) {
            if (c == QLatin1Char('(') || c == QLatin1Char('['))
                ++depth;
            else if (c == QLatin1Char(')') || c == QLatin1Char(']'))
                --depth;
        }
        x.depthBefore[size_t(i) + 1] = depth;
        if (line.trimmed().endsWith(QLatin1Char(':')))
            colonDepth[size_t(i)] = depth;
        const bool code = !blankOrComment(line);
        if (code)
            indents[size_t(i)] = indentOf(line);
        x.lastCodeBefore[size_t(i) + 1] = code ? i : x.lastCodeBefore[size_t(i)];
    }
    x.signatureEnd = std::make_unique<FirstAtMost>(colonDepth);
    x.codeIndent = std::make_unique<FirstAtMost>(indents);
    for (qsizetype i = 0; i < all.size();) {
        if (!isAsciiWordChar(all.at(i))) {
            ++i;
            continue;
        }
        qsizetype j = i;
        while (j < all.size() && isAsciiWordChar(all.at(j)))
            ++j;
        int& uses = x.wordUses[all.mid(i, j - i)];
        uses = std::min(uses + 1, 2);
        i = j;
    }
    // Names in the order the whole-text match finds them (as discovery always listed them).
    static const QRegularExpression defRe(QStringLiteral(R"(^[ \t]*(?:async\s+)?def\s+(\w+)\s*\()"),
                                          QRegularExpression::MultilineOption);
    QSet<QString> seen;
    for (auto it = defRe.globalMatch(m_text); it.hasNext();) {
        const QString name = it.next().captured(1);
        if (!seen.contains(name)) {
            seen.insert(name);
            m_names << name;
        }
    }
}

PythonSource::~PythonSource()
{
    delete m_index;
}

int PythonSource::wordUses(const QString& word) const
{
    return m_index->wordUses.value(QStringView(word), 0);
}

qint64 PythonSource::visitedLines() const
{
    return m_index->visited;
}

PythonFunctionRange PythonSource::find(const QString& functionName) const
{
    const Index& x = *m_index;
    PythonFunctionRange r;
    const auto def = x.firstDef.constFind(functionName);
    if (functionName.isEmpty() || def == x.firstDef.constEnd())
        return r;
    const int n = int(x.lines.size());
    const int at = def.value();
    const int indent = indentOf(x.lines[size_t(at)]);
    r.defLine = at + 1;
    r.firstLine = at + 1;
    for (int i = at - 1; i >= 0; --i) {
        ++x.visited;
        const QStringView t = x.lines[size_t(i)].trimmed();
        if (!t.startsWith(QLatin1Char('@')) || indentOf(x.lines[size_t(i)]) != indent)
            break;
        r.firstLine = i + 1;
        if (t.startsWith(QLatin1String("@ct.kernel")) ||
            t.startsWith(QLatin1String("@cuda.tile.kernel")) ||
            t.startsWith(QLatin1String("@tile.kernel")))
            r.isCtKernel = true;
    }
    // The signature may span lines: the body starts after the line ending in ':' that
    // closes it (bracket depth back to where the def started); the body ends before the next
    // line of code indented <= the def.
    x.visited += 2;
    int close = x.signatureEnd->find(at, x.depthBefore[size_t(at)]);
    if (close < 0)
        close = n;
    r.lastLine = std::min(close, n - 1) + 1;
    int next = x.codeIndent->find(close + 1, indent);
    if (next < 0)
        next = n;
    if (const int lastCode = x.lastCodeBefore[size_t(next)]; lastCode > close)
        r.lastLine = lastCode + 1;
    return r;
}

PythonFunctionRange findPythonFunction(const QString& text, const QString& functionName)
{
    return PythonSource(text).find(functionName);
}

namespace {

// Where `(` of a parameter list opens after `from` (generics skipped) and where its `)`
// closes, looking no further than `bound`; -1 when not found there.
std::pair<qsizetype, qsizetype> parameterList(const QString& text, qsizetype from, qsizetype bound,
                                              qint64* scanned)
{
    qsizetype open = -1;
    int angle = 0;
    qsizetype i = from;
    for (; i < bound; ++i) {
        const QChar c = text.at(i);
        if (c == QLatin1Char('<'))
            ++angle;
        else if (c == QLatin1Char('>'))
            --angle;
        else if (c == QLatin1Char('(') && angle <= 0) {
            open = i;
            break;
        }
    }
    if (open < 0) {
        *scanned += i - from;
        return {-1, -1};
    }
    int depth = 0;
    qsizetype close = open;
    for (; close < bound; ++close) {
        if (text.at(close) == QLatin1Char('('))
            ++depth;
        else if (text.at(close) == QLatin1Char(')') && --depth == 0)
            break;
    }
    *scanned += close - from;
    return {open, close};
}

QString paramKindOf(QStringView params)
{
    static const QRegularExpression ptrRe(QStringLiteral(R"(\*\s*mut\s+E\b)"));
    const bool tensor = params.contains(QLatin1String("Tensor<"));
    const bool ptr = ptrRe.match(params).hasMatch();
    return tensor && ptr ? QStringLiteral("mixed")
           : tensor      ? QStringLiteral("tensor")
           : ptr         ? QStringLiteral("ptr")
                         : QString();
}

} // namespace

std::vector<RustEntry> findRustEntries(const QString& kernelRs, qint64* scannedChars)
{
    // Linear in the file (issue 32: 20k entries took 22.5 s): the attributes are found in
    // one pass; the `fn` after an attribute is searched from there only up to the `fn` found
    // for the attribute before (attributes stacked on one function share it); a parameter
    // list is scanned only up to the next attribute; line numbers are counted on from the
    // previous entry.
    qint64 scanned = 0;
    std::vector<std::pair<qsizetype, qsizetype>> attributes; // start, end
    static const QRegularExpression attrRe(QStringLiteral(R"(#\[\s*cutile::entry\b)"));
    static const QRegularExpression fnRe(QStringLiteral(R"(\bfn\s+([A-Za-z_]\w*))"));
    for (auto it = attrRe.globalMatch(kernelRs); it.hasNext();) {
        const auto a = it.next();
        attributes.emplace_back(a.capturedStart(0), a.capturedEnd(0));
    }
    scanned += kernelRs.size();

    std::vector<RustEntry> out;
    qsizetype fnStart = -1; // the `fn` of the previous attribute
    qsizetype counted = 0;  // line numbers are counted up to here
    int line = 1;
    for (size_t k = 0; k < attributes.size(); ++k) {
        if (attributes[k].second <= fnStart) { // stacked on the same function
            out.push_back(out.back());
            continue;
        }
        // The subject was checked once by the attribute search (it found this attribute):
        // checking it again for each entry made the search quadratic.
        const auto f = fnRe.match(kernelRs, attributes[k].second, QRegularExpression::NormalMatch,
                                  QRegularExpression::DontCheckSubjectStringMatchOption);
        if (!f.hasMatch()) // none after this attribute, so none after the later ones
            break;
        scanned += f.capturedEnd(1) - attributes[k].second;
        fnStart = f.capturedStart(0);
        RustEntry e;
        e.name = f.captured(1);
        line += int(QStringView(kernelRs)
                        .mid(counted, f.capturedStart(1) - counted)
                        .count(QLatin1Char('\n')));
        counted = f.capturedStart(1);
        e.line = line;
        qsizetype bound = kernelRs.size();
        for (size_t next = k + 1; next < attributes.size(); ++next)
            if (attributes[next].first > f.capturedEnd(1)) {
                bound = attributes[next].first;
                break;
            }
        const auto [open, close] = parameterList(kernelRs, f.capturedEnd(1), bound, &scanned);
        if (open >= 0)
            e.paramKind = paramKindOf(QStringView(kernelRs).mid(open, close - open));
        out.push_back(e);
    }
    if (scannedChars)
        *scannedChars = scanned;
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
