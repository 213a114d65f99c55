#include "workspace/EntryPairing.h"

#include <QHash>
#include <QRegularExpression>
#include <QSet>
#include <algorithm>
#include <limits>
#include <tuple>

namespace tilelens::ws {
namespace {

QStringList tokensOf(const QString& name)
{
    return name.toLower().split(QLatin1Char('_'), Qt::SkipEmptyParts);
}

bool isBackward(const QStringList& tokens)
{
    return tokens.contains(QLatin1String("backward")) || tokens.contains(QLatin1String("bwd"));
}

// How well a Rust entry name fits a Python kernel name; 0 = not at all.
// Exact token sequences win; `non_persistent_X` stands for the plain `X` (the
// Python side names its default kernel without the prefix) and must not pair
// with a Python name holding the negated token; otherwise one name's tokens
// must contain the other's, ranked by their overlap.
int nameScore(const QString& entry, const QString& python)
{
    QStringList e = tokensOf(entry);
    const QStringList p = tokensOf(python);
    if (isBackward(e) != isBackward(p))
        return 0;
    bool negated = false;
    for (int i = 0; i + 1 < e.size(); ++i) {
        if (e.at(i) != QLatin1String("non"))
            continue;
        if (p.contains(e.at(i + 1)))
            return 0;
        e.remove(i, 2);
        negated = true;
        --i;
    }
    if (e == p)
        return negated ? 900 : 1000;
    const QSet<QString> es(e.begin(), e.end());
    const QSet<QString> ps(p.begin(), p.end());
    QSet<QString> shared = es;
    shared.intersect(ps);
    shared.remove(QStringLiteral("kernel"));
    if (shared.isEmpty() || !(es.contains(ps) || ps.contains(es)))
        return 0;
    QSet<QString> all = es;
    all.unite(ps);
    return int(100 * (es.size() + ps.size() - all.size()) / all.size());
}

// The entry's tokens as nameScore compares them: `non X` pairs removed.
QStringList comparedTokens(const QString& entry)
{
    QStringList e = tokensOf(entry);
    for (int i = 0; i + 1 < e.size(); ++i) {
        if (e.at(i) == QLatin1String("non")) {
            e.remove(i, 2);
            --i;
        }
    }
    return e;
}

// The Python kernels an entry name can score with (nameScore > 0), found without comparing
// it to every one: equal token lists, or token sets where one holds the other and they share
// a token other than "kernel". The Python names are indexed by every token (for "the entry's
// tokens are all in the Python name": the posting list of the entry's rarest token) and by
// their own rarest token (for "the Python name's tokens are all in the entry").
class NameIndex
{
public:
    explicit NameIndex(const std::vector<PythonKernel>& pythonKernels)
    {
        std::vector<QSet<QString>> tokenSets;
        for (size_t j = 0; j < pythonKernels.size(); ++j) {
            const QStringList tokens = tokensOf(pythonKernels[j].name);
            m_byTokenList[tokens.join(QLatin1Char('_'))].push_back(j);
            tokenSets.emplace_back(tokens.begin(), tokens.end());
            for (const QString& t : tokenSets.back())
                m_byToken[t].push_back(j);
        }
        for (size_t j = 0; j < tokenSets.size(); ++j)
            if (const QString key = rarest(tokenSets[j]); !key.isEmpty())
                m_byRarest[key].push_back(j);
        m_seen.assign(pythonKernels.size(), std::numeric_limits<size_t>::max());
    }

    // Ascending Python indexes, each once.
    void candidatesFor(const QString& entry, std::vector<size_t>& out) const
    {
        out.clear();
        ++m_round;
        const QStringList e = comparedTokens(entry);
        const QSet<QString> es(e.begin(), e.end());
        const auto add = [&](const std::vector<size_t>& list) {
            for (const size_t j : list)
                if (m_seen[j] != m_round) {
                    m_seen[j] = m_round;
                    out.push_back(j);
                }
        };
        if (const auto same = m_byTokenList.constFind(e.join(QLatin1Char('_')));
            same != m_byTokenList.constEnd())
            add(same.value());
        if (const QString key = rarest(es); !key.isEmpty())
            add(m_byToken.value(key));
        for (const QString& t : es)
            if (const auto it = m_byRarest.constFind(t); it != m_byRarest.constEnd())
                add(it.value());
        std::sort(out.begin(), out.end());
    }

private:
    // The token other than "kernel" with the fewest Python names; empty when there is none.
    QString rarest(const QSet<QString>& tokens) const
    {
        QString best;
        qsizetype bestCount = std::numeric_limits<qsizetype>::max();
        for (const QString& t : tokens) {
            if (t == QLatin1String("kernel"))
                continue;
            const qsizetype count = qsizetype(m_byToken.value(t).size());
            if (count < bestCount || (count == bestCount && t < best)) {
                best = t;
                bestCount = count;
            }
        }
        return best;
    }

    QHash<QString, std::vector<size_t>> m_byTokenList;
    QHash<QString, std::vector<size_t>> m_byToken;
    QHash<QString, std::vector<size_t>> m_byRarest;
    mutable std::vector<size_t> m_seen;
    mutable size_t m_round = 0;
};

} // namespace

const char* pairingRuleWord(PairingRule rule)
{
    switch (rule) {
    case PairingRule::Manual:
        return "manual";
    case PairingRule::Name:
        return "name";
    case PairingRule::Launch:
        return "launch";
    case PairingRule::None:
        break;
    }
    return "none";
}

std::vector<PythonKernel> findPythonKernels(const QString& pythonText)
{
    return findPythonKernels(PythonSource(pythonText));
}

std::vector<PythonKernel> findPythonKernels(const PythonSource& source)
{
    std::vector<PythonKernel> out;
    for (const QString& name : source.definedNames()) {
        const PythonFunctionRange r = source.find(name);
        if (!r.isCtKernel)
            continue;
        PythonKernel k;
        k.name = name;
        k.firstLine = r.firstLine;
        k.defLine = r.defLine;
        k.launched = source.wordUses(name) > 1;
        out.push_back(k);
    }
    return out;
}

std::vector<EntryPairing> pairEntries(const std::vector<RustEntry>& entries,
                                      const std::vector<PythonKernel>& pythonKernels,
                                      const ManualPairings& manual, qint64* comparedNames)
{
    std::vector<EntryPairing> out;
    std::vector<bool> taken(pythonKernels.size(), false);
    QHash<QString, int> byName;
    for (size_t i = pythonKernels.size(); i-- > 0;) // the first of a name wins
        byName.insert(pythonKernels[i].name, int(i));
    for (const RustEntry& e : entries) {
        EntryPairing p;
        p.entry = e;
        out.push_back(p);
    }
    std::vector<bool> decided(out.size(), false);

    // 1. By hand.
    for (size_t i = 0; i < out.size(); ++i) {
        const auto m = manual.find(out[i].entry.name);
        if (m == manual.end())
            continue;
        if (m->second.isEmpty()) {
            out[i].reason = QStringLiteral("left unpaired by hand in .tilelens/pairings.json");
            decided[i] = true;
            continue;
        }
        const int at = byName.value(m->second, -1);
        if (at < 0 || taken[size_t(at)]) {
            out[i].reason = QStringLiteral("the hand pairing with %1 in .tilelens/pairings.json "
                                           "was not applied: %2")
                                .arg(m->second, at < 0 ? QStringLiteral("no @ct.kernel function "
                                                                        "of that name")
                                                       : QStringLiteral("already paired"));
            continue;
        }
        out[i].python = pythonKernels[size_t(at)];
        out[i].rule = PairingRule::Manual;
        taken[size_t(at)] = true;
        decided[i] = true;
    }

    // 2. By name: best scores first, so an exact name is never taken by a looser one. Only
    // pairs that can score are compared (NameIndex), in the order all pairs used to be.
    std::vector<std::tuple<int, size_t, size_t>> candidates; // score, entry, python
    const NameIndex index(pythonKernels);
    std::vector<size_t> maybe;
    for (size_t i = 0; i < out.size(); ++i) {
        if (decided[i])
            continue;
        index.candidatesFor(out[i].entry.name, maybe);
        for (const size_t j : maybe) {
            if (taken[j])
                continue;
            if (comparedNames)
                ++*comparedNames;
            if (const int s = nameScore(out[i].entry.name, pythonKernels[j].name); s > 0)
                candidates.emplace_back(s, i, j);
        }
    }
    std::sort(candidates.begin(), candidates.end(), [](const auto& a, const auto& b) {
        if (std::get<0>(a) != std::get<0>(b))
            return std::get<0>(a) > std::get<0>(b);
        return std::make_pair(std::get<1>(a), std::get<2>(a)) <
               std::make_pair(std::get<1>(b), std::get<2>(b));
    });
    for (const auto& [score, i, j] : candidates) {
        if (decided[i] || taken[j])
            continue;
        out[i].python = pythonKernels[j];
        out[i].rule = PairingRule::Name;
        taken[j] = true;
        decided[i] = true;
    }

    // 3. By launch: one entry left and one launched Python kernel of the same direction.
    std::vector<size_t> openEntries;
    for (size_t i = 0; i < out.size(); ++i)
        if (!decided[i])
            openEntries.push_back(i);
    QStringList launchedNames;
    std::vector<size_t> launched;
    if (openEntries.size() == 1) {
        const bool backward = isBackward(tokensOf(out[openEntries[0]].entry.name));
        for (size_t j = 0; j < pythonKernels.size(); ++j) {
            if (!taken[j] && pythonKernels[j].launched &&
                isBackward(tokensOf(pythonKernels[j].name)) == backward) {
                launched.push_back(j);
                launchedNames << pythonKernels[j].name;
            }
        }
        if (launched.size() == 1) {
            EntryPairing& p = out[openEntries[0]];
            p.python = pythonKernels[launched[0]];
            p.rule = PairingRule::Launch;
            taken[launched[0]] = true;
            decided[openEntries[0]] = true;
        }
    }
    for (size_t i = 0; i < out.size(); ++i) {
        if (decided[i] || !out[i].reason.isEmpty())
            continue;
        if (pythonKernels.empty())
            out[i].reason = QStringLiteral("the Python file has no @ct.kernel function");
        else if (openEntries.size() == 1 && launched.size() > 1)
            out[i].reason = QStringLiteral("no @ct.kernel function matches by name, and several "
                                           "launched ones could be it (%1)")
                                .arg(launchedNames.join(QStringLiteral(", ")));
        else
            out[i].reason = QStringLiteral("no @ct.kernel function matches by name or by what "
                                           "the wrapper launches");
    }
    return out;
}

} // namespace tilelens::ws
