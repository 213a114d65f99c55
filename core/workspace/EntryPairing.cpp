#include "workspace/EntryPairing.h"

#include <QRegularExpression>
#include <QSet>
#include <algorithm>
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
    std::vector<PythonKernel> out;
    static const QRegularExpression defRe(QStringLiteral(R"(^[ \t]*(?:async\s+)?def\s+(\w+)\s*\()"),
                                          QRegularExpression::MultilineOption);
    auto it = defRe.globalMatch(pythonText);
    QSet<QString> seen;
    while (it.hasNext()) {
        const QString name = it.next().captured(1);
        if (seen.contains(name))
            continue;
        seen.insert(name);
        const PythonFunctionRange r = findPythonFunction(pythonText, name);
        if (!r.isCtKernel)
            continue;
        PythonKernel k;
        k.name = name;
        k.firstLine = r.firstLine;
        k.defLine = r.defLine;
        const QRegularExpression use(QStringLiteral("\\b%1\\b").arg(name));
        auto uses = use.globalMatch(pythonText);
        int count = 0;
        while (uses.hasNext() && count < 2) {
            uses.next();
            ++count;
        }
        k.launched = count > 1;
        out.push_back(k);
    }
    return out;
}

std::vector<EntryPairing> pairEntries(const std::vector<RustEntry>& entries,
                                      const std::vector<PythonKernel>& pythonKernels,
                                      const ManualPairings& manual)
{
    std::vector<EntryPairing> out;
    std::vector<bool> taken(pythonKernels.size(), false);
    auto pythonIndex = [&](const QString& name) -> int {
        for (size_t i = 0; i < pythonKernels.size(); ++i)
            if (pythonKernels[i].name == name)
                return int(i);
        return -1;
    };
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
        const int at = pythonIndex(m->second);
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

    // 2. By name: best scores first, so an exact name is never taken by a looser one.
    std::vector<std::tuple<int, size_t, size_t>> candidates; // score, entry, python
    for (size_t i = 0; i < out.size(); ++i) {
        for (size_t j = 0; j < pythonKernels.size(); ++j) {
            if (decided[i] || taken[j])
                continue;
            if (const int s = nameScore(out[i].entry.name, pythonKernels[j].name); s > 0)
                candidates.emplace_back(s, i, j);
        }
    }
    std::stable_sort(candidates.begin(), candidates.end(),
                     [](const auto& a, const auto& b) { return std::get<0>(a) > std::get<0>(b); });
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
