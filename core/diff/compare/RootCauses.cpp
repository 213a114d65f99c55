#include "diff/compare/RootCauses.h"

#include "common/Side.h"

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string_view>

namespace tilelens::diff {

namespace {

bool followsKind(DiffKind k)
{
    return k == DiffKind::OperandChanged || k == DiffKind::OpMissing || k == DiffKind::OpExtra;
}

// Ops whose only reported difference is operand-level (several raw
// differences of one op pair must all be so).
std::map<std::pair<int, int>, bool> operandOnlyOps(const std::vector<RawDifference>& raw,
                                                   const std::vector<Divergence>& divs)
{
    std::map<std::pair<int, int>, bool> out;
    for (size_t i = 0; i < raw.size(); ++i) {
        const auto key = std::make_pair(raw[i].refOp, raw[i].genOp);
        // Only the generic fallback follows: a rule that names the difference
        // (a memory-op family, a loop bound) says something of its own.
        const bool ok = followsKind(raw[i].kind) && !raw[i].functionLevel &&
                        divs[i].severity == Severity::Critical &&
                        divs[i].rule == "fallback-semantic" &&
                        (raw[i].kind != DiffKind::OperandChanged || raw[i].operandIndex >= 0);
        auto [it, fresh] = out.emplace(key, ok);
        if (!fresh)
            it->second = it->second && ok;
    }
    return out;
}

// The ops an MMA accumulator flows through (written dataflow): the initial
// value and its casts/splats, the loop's iter value, continue, result, and the
// casts down to the stores. An accumulator type change shows at each of them.
std::set<int> accumulatorWeb(const GFunction& f, int mma)
{
    std::set<int> ops = {mma};
    const GOp& m = f.ops[size_t(mma)];
    if (m.operands.size() < 3 || m.results.empty())
        return ops;
    // Written users, built once per web (only pairs with an accumulator change get here).
    std::vector<std::vector<std::pair<int, int>>> users(f.values.size());
    for (size_t id = 0; id < f.ops.size(); ++id)
        for (size_t k = 0; k < f.ops[id].operands.size(); ++k)
            users[size_t(f.ops[id].operands[k])].emplace_back(int(id), int(k));
    std::vector<int> work = {m.operands[2], m.results[0]};
    std::set<int> seen;
    const auto passes = [](OpId n) {
        return isOneOf(n, {OpId::FToF, OpId::Broadcast, OpId::Reshape, OpId::Assume});
    };
    auto loopValues = [&](int loop, size_t k) {
        const GOp& l = f.ops[size_t(loop)];
        ops.insert(loop);
        const GRegion& body = f.regions[size_t(l.regions[0])];
        if (k < l.results.size())
            work.push_back(l.results[k]);
        if (k + 1 < body.args.size())
            work.push_back(body.args[k + 1]);
        if (k + 3 < l.operands.size())
            work.push_back(l.operands[k + 3]);
    };
    while (!work.empty() && seen.size() < 256) {
        const int v = work.back();
        work.pop_back();
        if (!seen.insert(v).second)
            continue;
        const GValue& val = f.values[size_t(v)];
        if (val.def < 0) { // an iter value of a loop body
            const int loop = val.region >= 0 ? f.regions[size_t(val.region)].parentOp : -1;
            if (loop >= 0 && f.ops[size_t(loop)].id == OpId::For && val.index >= 1)
                loopValues(loop, size_t(val.index - 1));
        } else {
            const GOp& d = f.ops[size_t(val.def)];
            if (d.id == OpId::For)
                loopValues(val.def, size_t(val.index));
            else if (d.id == OpId::Constant)
                ops.insert(val.def);
            else if (passes(d.id) && !d.operands.empty()) {
                ops.insert(val.def);
                work.push_back(d.operands[0]);
            }
        }
        for (const auto& [u, k] : users[size_t(v)]) {
            const GOp& o = f.ops[size_t(u)];
            if (o.id == OpId::For && k >= 3) {
                loopValues(u, size_t(k - 3));
            } else if (o.id == OpId::Continue || o.id == OpId::Yield) {
                const int loop = f.regions[size_t(o.region)].parentOp;
                if (loop >= 0 && f.ops[size_t(loop)].id == OpId::For)
                    loopValues(loop, size_t(k));
            } else if (passes(o.id)) {
                ops.insert(u);
                for (int r : o.results)
                    work.push_back(r);
            } else if (o.id == OpId::StorePtrTko || o.id == OpId::StoreViewTko) {
                ops.insert(u);
            }
        }
    }
    return ops;
}

} // namespace

std::vector<int> rootCauses(const GFunction& R, const GFunction& G,
                            const std::vector<RawDifference>& raw,
                            const std::vector<Divergence>& divs, std::vector<char>* partOfChange)
{
    std::vector<int> parent(raw.size(), -1);
    std::vector<char> part(raw.size(), 0);
    // The first critical difference reported for each op, per side.
    std::map<int, int> byRefOp, byGenOp;
    for (size_t i = 0; i < raw.size(); ++i) {
        if (divs[i].severity != Severity::Critical || raw[i].functionLevel)
            continue;
        if (raw[i].refOp >= 0)
            byRefOp.emplace(raw[i].refOp, int(i));
        if (raw[i].genOp >= 0)
            byGenOp.emplace(raw[i].genOp, int(i));
    }
    const auto operandOnly = operandOnlyOps(raw, divs);
    // The critical difference of a matched op pair.
    std::map<std::pair<int, int>, int> byPair;
    for (size_t i = 0; i < raw.size(); ++i)
        if (divs[i].severity == Severity::Critical && raw[i].refOp >= 0 && raw[i].genOp >= 0)
            byPair.emplace(std::make_pair(raw[i].refOp, raw[i].genOp), int(i));
    auto pairFinding = [&](int r, int g) {
        const auto it = byPair.find({r, g});
        return r >= 0 && g >= 0 && it != byPair.end() ? it->second : -1;
    };
    // The critical difference at the producer of one of op's operands.
    auto producerFinding = [](const GFunction& f, int op, int operandIndex,
                              const std::map<int, int>& findings) {
        const GOp& o = f.ops[size_t(op)];
        for (size_t k = 0; k < o.operands.size(); ++k) {
            if (operandIndex >= 0 && int(k) != operandIndex)
                continue;
            const int def = f.canonValue(o.operands[k]).def;
            // A constant present on one side explains nothing about the op
            // that uses it: the op is where the change is written.
            if (def < 0 || def == op || f.ops[size_t(def)].id == OpId::Constant)
                continue;
            const auto it = findings.find(def);
            if (it != findings.end())
                return it->second;
        }
        return -1;
    };
    for (size_t i = 0; i < raw.size(); ++i) {
        const RawDifference& d = raw[i];
        if (!operandOnly.at({d.refOp, d.genOp}))
            continue;
        int p = -1;
        if (d.kind == DiffKind::OperandChanged) {
            // Operand k's producers are a matched pair that differs: the op
            // only passes that difference on (swapped operands do not).
            const int k = d.operandIndex;
            const GOp& a = R.ops[size_t(d.refOp)];
            const GOp& b = G.ops[size_t(d.genOp)];
            if (size_t(k) < a.operands.size() && size_t(k) < b.operands.size()) {
                const int gp = G.canonValue(b.operands[size_t(k)]).def;
                p = pairFinding(R.canonValue(a.operands[size_t(k)]).def, gp);
                // Or fed by an op the generated side added there (its line is the change).
                const auto extra = gp >= 0 ? byGenOp.find(gp) : byGenOp.end();
                if (p < 0 && extra != byGenOp.end() && raw[size_t(extra->second)].refOp < 0 &&
                    G.ops[size_t(gp)].id != OpId::Constant)
                    p = extra->second;
            }
        } else {
            p = d.genOp >= 0 ? producerFinding(G, d.genOp, -1, byGenOp) : -1;
            if (p < 0 && d.refOp >= 0)
                p = producerFinding(R, d.refOp, -1, byRefOp);
        }
        // An op present on one side only follows a matched pair's difference
        // only: one-sided ops may be there just because the change is
        // downstream of them ((x+1)-1 folds, 1-(x+1) does not). A generated
        // op is never hidden under a root the generated side lacks.
        if (p >= 0 && d.kind != DiffKind::OperandChanged &&
            (raw[size_t(p)].genOp < 0 || raw[size_t(p)].refOp < 0))
            p = -1;
        if (p >= 0 && p != int(i))
            parent[i] = p;
    }
    // A constant pair reported where its values are written (duplicates of
    // other constants: a loop step 1 -> 2): the canonical constants those
    // duplicates merge into, present on one side only, are that change.
    std::map<std::pair<Side, int>, int> writtenConstant;
    for (size_t i = 0; i < raw.size(); ++i) {
        const RawDifference& d = raw[i];
        if (d.kind != DiffKind::AttributeChanged || d.refOp < 0 || d.genOp < 0 ||
            divs[i].severity != Severity::Critical || R.ops[size_t(d.refOp)].id != OpId::Constant ||
            G.ops[size_t(d.genOp)].id != OpId::Constant)
            continue;
        const GOp& a = R.ops[size_t(d.refOp)];
        const GOp& b = G.ops[size_t(d.genOp)];
        if (!a.results.empty())
            writtenConstant.emplace(std::make_pair(Side::Reference, R.canonValue(a.results[0]).def),
                                    int(i));
        if (!b.results.empty())
            writtenConstant.emplace(std::make_pair(Side::Generated, G.canonValue(b.results[0]).def),
                                    int(i));
    }
    for (size_t i = 0; i < raw.size(); ++i) {
        const RawDifference& d = raw[i];
        const std::optional<Side> side = onlySide(d);
        if (parent[i] >= 0 || !side ||
            (d.kind != DiffKind::OpExtra && d.kind != DiffKind::OpMissing))
            continue;
        const auto it = writtenConstant.find({*side, opOn(d, *side)});
        if (it != writtenConstant.end() && it->second != int(i)) {
            parent[i] = it->second;
            part[i] = 1;
        }
    }
    // An op on one side only whose every use is one changed op pair, directly
    // or through other such ops (log2(e) of an exp -> exp2 rewrite; the mask
    // computation of a store whose mask was dropped) is an input of that
    // change: a site of it.
    const auto graph = [&](Side side) -> const GFunction& {
        return side == Side::Generated ? G : R;
    };
    const auto findingsOn = [&](Side side) -> const std::map<int, int>& {
        return side == Side::Generated ? byGenOp : byRefOp;
    };
    std::map<std::pair<Side, int>, int> inputMemo;
    std::function<int(Side, int, int)> inputOf = [&](Side side, int op, int depth) -> int {
        const auto key = std::make_pair(side, op);
        if (const auto it = inputMemo.find(key); it != inputMemo.end())
            return it->second;
        inputMemo[key] = -1; // a cycle explains nothing
        const GFunction& f = graph(side);
        const GOp& o = f.ops[size_t(op)];
        if (!o.pure || o.results.empty() || depth > 16)
            return -1;
        const auto& findings = findingsOn(side);
        int change = -1;
        for (int res : o.results) {
            for (int u : f.canonValue(res).users) {
                const auto it = findings.find(u);
                if (it == findings.end())
                    return -1;
                int p = it->second;
                const bool pair = raw[size_t(p)].refOp >= 0 && raw[size_t(p)].genOp >= 0;
                if (!pair)
                    p = inputOf(side, u, depth + 1);
                else if (parent[size_t(p)] >= 0)
                    return -1; // the pair follows a change upstream (maybe this op's own)
                if (p < 0 || (change >= 0 && p != change))
                    return -1;
                change = p;
            }
        }
        inputMemo[key] = change;
        return change;
    };
    for (size_t i = 0; i < raw.size(); ++i) {
        const RawDifference& d = raw[i];
        const std::optional<Side> side = onlySide(d);
        if (parent[i] >= 0 || !side || divs[i].severity != Severity::Critical ||
            (d.kind != DiffKind::OpExtra && d.kind != DiffKind::OpMissing))
            continue;
        // A rule that names the one-sided op (a dropped cast before a store)
        // says where the change is: only the generic fallback is an input.
        const GOp& o = graph(*side).ops[size_t(opOn(d, *side))];
        if (o.id != OpId::Constant && divs[i].rule != "fallback-semantic")
            continue;
        const int change = inputOf(*side, opOn(d, *side), 0);
        if (change >= 0 && change != int(i)) {
            parent[i] = change;
            part[i] = 1;
        }
    }
    // A pure op that only a normal form absorbed (the index arithmetic of an
    // offset, summed as terms) is reported as unused; when every written use
    // leads to one op pair whose operands differ critically, it is where that
    // pair's change is written.
    PerSide<std::vector<std::vector<int>>> writtenUsers;
    auto usersOf = [&](Side side, int value) -> const std::vector<int>& {
        auto& users = writtenUsers[side];
        const GFunction& f = graph(side);
        if (users.empty()) {
            users.resize(f.values.size());
            for (size_t id = 0; id < f.ops.size(); ++id)
                for (int v : f.ops[id].operands)
                    users[size_t(v)].push_back(int(id));
        }
        return users[size_t(value)];
    };
    std::function<int(Side, int, int)> absorbedInto = [&](Side side, int op, int depth) -> int {
        const GFunction& f = graph(side);
        const GOp& o = f.ops[size_t(op)];
        if (!o.pure || o.results.empty() || depth > 8)
            return -1;
        const auto& findings = findingsOn(side);
        int change = -1;
        for (int res : o.results)
            for (int u : usersOf(side, res)) {
                const auto it = findings.find(u);
                int p = it == findings.end() ? -1 : it->second;
                // Only a pair whose operands differ: an input of an op that changed
                // otherwise (a flag) is no part of that change.
                if (p >= 0 && (raw[size_t(p)].refOp < 0 || raw[size_t(p)].genOp < 0 ||
                               raw[size_t(p)].kind != DiffKind::OperandChanged))
                    p = -1;
                if (p < 0 && f.ops[size_t(u)].pure)
                    p = absorbedInto(side, u, depth + 1);
                if (p < 0 || (change >= 0 && p != change))
                    return -1;
                change = p;
            }
        return change;
    };
    for (size_t i = 0; i < raw.size(); ++i) {
        const RawDifference& d = raw[i];
        const std::optional<Side> side = onlySide(d);
        if (parent[i] >= 0 || d.kind != DiffKind::DeadOp || !side)
            continue;
        const int change = absorbedInto(*side, opOn(d, *side), 0);
        if (change >= 0 && change != int(i)) {
            parent[i] = change;
            part[i] = 1;
        }
    }
    // An accumulator type change at an mma: every critical difference on the
    // accumulator's path (its initial constant, the loop's iter value, the
    // casts before the store, the store) is that one change.
    for (size_t i = 0; i < raw.size(); ++i) {
        if (divs[i].rule != "mma-accumulator-dtype" || raw[i].refOp < 0 || raw[i].genOp < 0)
            continue;
        const std::set<int> webR = accumulatorWeb(R, raw[i].refOp);
        const std::set<int> webG = accumulatorWeb(G, raw[i].genOp);
        for (size_t j = 0; j < raw.size(); ++j) {
            const RawDifference& d = raw[j];
            if (j == i || parent[j] >= 0 || divs[j].severity != Severity::Critical ||
                d.functionLevel || (d.refOp < 0 && d.genOp < 0))
                continue;
            if ((d.refOp < 0 || webR.count(d.refOp)) && (d.genOp < 0 || webG.count(d.genOp))) {
                parent[j] = int(i);
                part[j] = 1;
            }
        }
    }
    // Follow each chain to its root in one pass (linear: large pairs have
    // thousands of differences). Dataflow through op results has no cycles;
    // should a chain come back to itself, it is cut where it closes.
    std::vector<int> top(raw.size(), -1);
    std::vector<char> state(raw.size(), 0); // 0 new, 1 on the current path, 2 resolved
    std::vector<int> path;
    for (size_t i = 0; i < raw.size(); ++i) {
        path.clear();
        int r = int(i);
        while (r >= 0 && state[size_t(r)] == 0) {
            state[size_t(r)] = 1;
            path.push_back(r);
            r = parent[size_t(r)];
        }
        if (r >= 0 && state[size_t(r)] == 1) {
            parent[size_t(r)] = -1; // the cycle closes at r: r is the root of the
            top[size_t(r)] = r;     // path's tail, resolved below before r itself
        }
        for (auto it = path.rbegin(); it != path.rend(); ++it) {
            const int u = *it, up = parent[size_t(u)];
            top[size_t(u)] = up < 0 ? u : top[size_t(up)];
            state[size_t(u)] = 2;
        }
    }
    std::vector<int> root(raw.size(), -1);
    for (size_t i = 0; i < raw.size(); ++i)
        root[i] = top[i] == int(i) ? -1 : top[i];
    if (partOfChange) {
        // Downstream of a part is still part of the change (not of the root's result).
        partOfChange->assign(raw.size(), 0);
        for (size_t i = 0; i < raw.size(); ++i)
            for (int u = int(i); u >= 0 && parent[size_t(u)] >= 0; u = parent[size_t(u)])
                if (part[size_t(u)]) {
                    (*partOfChange)[i] = 1;
                    break;
                }
    }
    return root;
}

} // namespace tilelens::diff
