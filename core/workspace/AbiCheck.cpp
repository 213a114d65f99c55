#include "workspace/AbiCheck.h"

#include "workspace/AbiMessages.h"
#include "workspace/LaunchNames.h"

#include <QString>
#include <algorithm>
#include <set>

namespace tilelens::ws {

using namespace launch;

namespace {

constexpr int kSamples = 6;

// `a_stride1`, `in_row_stride`, `c_shape0`, `x_dim1`: the pointer prefix, the attribute and
// its axis (-1: the last, -2: unknown).
struct AttrName
{
    std::string prefix;
    std::string attr;
    int axis = -2;
};

std::optional<AttrName> attrName(const std::string& name)
{
    const std::vector<std::string> t = rawTokens(name);
    for (size_t i = 0; i < t.size(); ++i) {
        for (const char* kind : {"stride", "shape", "dim"}) {
            const std::string k = kind;
            if (t[i].rfind(k, 0) != 0)
                continue;
            const std::string rest = t[i].substr(k.size());
            if (!rest.empty() && rest != "s" &&
                !std::all_of(rest.begin(), rest.end(), [](char c) { return std::isdigit(c); }))
                continue;
            AttrName a;
            a.attr = k == "stride" ? "stride" : "shape";
            if (!rest.empty() && rest != "s")
                a.axis = std::atoi(rest.c_str());
            for (size_t j = 0; j < t.size(); ++j) {
                if (t[j] == "row")
                    a.axis = 0;
                else if (t[j] == "col" || t[j] == "column")
                    a.axis = -1;
            }
            for (size_t j = 0; j < i; ++j)
                if (t[j] != "row" && t[j] != "col" && t[j] != "column")
                    a.prefix += (a.prefix.empty() ? "" : "_") + t[j];
            if (a.prefix.empty() || a.axis == -2)
                return std::nullopt;
            return a;
        }
    }
    return std::nullopt;
}

// ---- values

struct Sampler
{
    const EntryChain& e;
    const DerivedBinding& b;

    std::string valuesText(const std::vector<Sym>& syms, const SymEnv& env) const
    {
        std::set<std::string> keys;
        for (const Sym& s : syms)
            collectKeys(s, SymOp::Dim, keys);
        std::string out;
        for (const std::string& k : keys) {
            auto it = env.values.find(k);
            if (it == env.values.end())
                continue;
            auto n = b.names.find(k);
            out += (out.empty() ? "" : ", ") + (n != b.names.end() ? n->second : k) + " = " +
                   std::to_string(it->second);
        }
        return out.empty() ? "any sizes" : out;
    }

    // The first sample where `x` and `y` differ (both evaluable), or -1.
    int firstDifference(const Sym& x, const Sym& y, const std::map<std::string, int64_t>& extra,
                        int64_t* vx = nullptr, int64_t* vy = nullptr,
                        bool onlySmaller = false) const
    {
        for (int s = 0; s < kSamples; ++s) {
            const SymEnv env = sampleEnv(e, b, s, extra);
            const auto a = evalSym(x, env), c = evalSym(y, env);
            if (!a || !c)
                continue;
            if (onlySmaller ? *a < *c : *a != *c) {
                if (vx)
                    *vx = *a;
                if (vy)
                    *vy = *c;
                return s;
            }
        }
        return -1;
    }
};

std::string fill(const char* tmpl, const std::vector<std::string>& args)
{
    QString s = QString::fromUtf8(tmpl);
    for (const std::string& a : args)
        s = s.arg(QString::fromStdString(a));
    return s.toStdString();
}

AbiFinding finding(const char* rule, const char* severity, const Loc& loc, const char* tmpl,
                   std::vector<std::string> args, const std::string& entry)
{
    AbiFinding f;
    f.rule = rule;
    f.severity = severity;
    f.loc = loc;
    f.messageTemplate = tmpl;
    f.args = std::move(args);
    f.message = fill(tmpl, f.args);
    f.entry = entry;
    return f;
}

Loc where(const ArgValue& a)
{
    return a.origin.valid() ? a.origin : a.loc;
}

bool isIdentifierText(const std::string& s)
{
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
    }) && !std::isdigit(static_cast<unsigned char>(s[0]));
}

// Where a wrong scalar comes from: the call, when it passes a variable named for another
// parameter (`kernel(.., n, m, ..)`); else where the value was computed.
Loc whereScalar(const ArgValue& a, const std::string& param)
{
    if (isIdentifierText(a.text) && a.loc.valid() && nameScore(a.text, param) == 0)
        return a.loc;
    return where(a);
}

// True when a variable or parameter name fits one of `names` (`out` fits `out_local`).
bool fits(const std::string& receiver, const std::vector<std::string>& names)
{
    std::vector<std::string> r = meaningTokens(receiver);
    if (r.empty())
        return false;
    for (const std::string& n : names) {
        const std::vector<std::string> x = meaningTokens(n);
        if (x.empty())
            continue;
        if (x.front() == r.front() ||
            (x.front().size() >= 2 && r.front().size() >= 2 &&
             (x.front().rfind(r.front(), 0) == 0 || r.front().rfind(x.front(), 0) == 0)))
            return true;
    }
    return false;
}

// Where the wrong tensor entered: the first hop whose receiver fits the expected tensor and
// not the one it got; else the kernel call's argument.
Loc mismatchHop(const ArgValue& got, const TensorInfo& expected)
{
    if (!got.tensor)
        return got.loc;
    std::vector<std::string> want = expected.names;
    want.push_back(expected.root);
    // What the tensor was called before each hop (its later names may be the wrong ones).
    std::vector<std::string> have{got.tensor->root};
    for (const Hop& h : got.hops) {
        if (h.loc.valid() && fits(h.receiver, want) && !fits(h.receiver, have))
            return h.loc;
        have.push_back(h.receiver);
    }
    return got.loc;
}

std::string describeArray(const DerivedBinding& b, const TensorRef& t)
{
    const std::string a = arrayOf(b, t);
    return a.empty() ? (t ? t->root : std::string("?")) : a;
}

struct Checker
{
    Checker(const EntryChain& entry, const DerivedBinding& binding) : e(entry), b(binding) {}
    const EntryChain& e;
    const DerivedBinding& b;
    std::vector<AbiFinding> out;
    Sampler sampler{e, b};
    std::vector<int> portToRef; // port param row -> ref param row

    std::string nameOf(const Sym& s) const
    {
        return symText(s, [&](const SymNode& n) { return symbolName(b, n); });
    }

    void add(AbiFinding f)
    {
        for (const AbiFinding& x : out)
            if (x.rule == f.rule && x.loc.line == f.loc.line && x.loc.file == f.loc.file)
                return;
        out.push_back(std::move(f));
    }

    void pairParams()
    {
        std::vector<std::string> portNames, refNames;
        for (const ParamRow& r : e.port.params)
            portNames.push_back(r.name);
        for (const ParamRow& r : e.ref.params)
            refNames.push_back(r.name);
        portToRef.assign(e.port.params.size(), -1);
        // Tensors with tensors (positionally when names do not say), scalars by name only.
        std::vector<size_t> pt, rt, ps, rs;
        for (size_t i = 0; i < e.port.params.size(); ++i)
            (e.port.params[i].kind == ParamRow::Kind::Tensor ||
                     e.port.params[i].kind == ParamRow::Kind::Pointer
                 ? pt
                 : ps)
                .push_back(i);
        for (size_t j = 0; j < e.ref.params.size(); ++j)
            (e.ref.params[j].arg.kind == ArgValue::Kind::Tensor ? rt : rs).push_back(j);
        auto run = [&](const std::vector<size_t>& p, const std::vector<size_t>& r,
                       bool positional) {
            std::vector<std::string> a, c;
            for (size_t i : p)
                a.push_back(portNames[i]);
            for (size_t j : r)
                c.push_back(refNames[j]);
            const std::vector<int> m = pairByName(a, c, positional);
            for (size_t k = 0; k < p.size(); ++k)
                if (m[k] >= 0)
                    portToRef[p[k]] = int(r[size_t(m[k])]);
        };
        run(pt, rt, true);
        run(ps, rs, false);
    }

    const ParamRow* refFor(size_t portRow) const
    {
        const int j = portToRef[portRow];
        return j >= 0 ? &e.ref.params[size_t(j)] : nullptr;
    }

    std::set<std::string> wrongStorages; // port tensors passed for another tensor

    void checkPointers()
    {
        for (size_t i = 0; i < e.port.params.size(); ++i) {
            const ParamRow& p = e.port.params[i];
            if ((p.kind != ParamRow::Kind::Tensor && p.kind != ParamRow::Kind::Pointer) ||
                !p.arg.tensor)
                continue;
            const ParamRow* r = refFor(i);
            if (!r || !r->arg.tensor)
                continue;
            const std::string got = arrayOf(b, p.arg.tensor);
            const std::string want = arrayOf(b, r->arg.tensor);
            if (got.empty() || want.empty() || got == want)
                continue;
            wrongStorages.insert(p.arg.tensor->storage);
            AbiFinding f = finding("abi-pointer", "critical", mismatchHop(p.arg, *r->arg.tensor),
                                   abimsg::kPointer, {p.name, got, want, r->name}, e.entry);
            f.related.push_back(p.arg.loc);
            f.related.push_back(r->arg.loc);
            add(std::move(f));
        }
    }

    // The reference's tensor for a port pointer parameter named like `prefix`.
    const ParamRow* refTensorForPrefix(const std::string& prefix, size_t* portRow) const
    {
        int best = 0;
        const ParamRow* out = nullptr;
        for (size_t i = 0; i < e.port.params.size(); ++i) {
            const ParamRow& p = e.port.params[i];
            if (p.kind != ParamRow::Kind::Pointer && p.kind != ParamRow::Kind::Tensor)
                continue;
            const int s = nameScore(p.name, prefix);
            if (s > best && refFor(i)) {
                best = s;
                out = refFor(i);
                if (portRow)
                    *portRow = i;
            }
        }
        return out;
    }

    void checkScalars()
    {
        for (size_t i = 0; i < e.port.params.size(); ++i) {
            const ParamRow& p = e.port.params[i];
            if (p.kind != ParamRow::Kind::Int || p.arg.kind != ArgValue::Kind::Int)
                continue;
            // Read from a descriptor already reported as the wrong tensor: a consequence.
            if (p.arg.attrOf && wrongStorages.count(p.arg.attrOf->storage))
                continue;
            const Sym got = partialEval(p.arg.value, e.port.path.assumptions);
            // 1. A shape / stride of one of the kernel's pointers, by its name.
            if (const auto an = attrName(p.name)) {
                size_t ptrRow = 0;
                const ParamRow* r = refTensorForPrefix(an->prefix, &ptrRow);
                if (r && r->arg.tensor) {
                    const TensorRef& want = r->arg.tensor;
                    const int rank = int(want->shape.size());
                    const int axis = an->axis == -1 ? rank - 1 : an->axis;
                    if (axis < 0 || axis >= rank)
                        continue;
                    const Sym expected = an->attr == "stride" ? want->strides[size_t(axis)]
                                                              : want->shape[size_t(axis)];
                    const std::string wantText =
                        describeArray(b, want) + "." + an->attr + "[" + std::to_string(axis) + "]";
                    if (p.arg.attrOf && !arrayOf(b, p.arg.attrOf).empty() &&
                        arrayOf(b, p.arg.attrOf) != arrayOf(b, want)) {
                        const std::string gotText = describeArray(b, p.arg.attrOf) + "." +
                                                    p.arg.attr + "[" +
                                                    std::to_string(p.arg.attrIndex) + "]";
                        add(finding(an->attr == "stride" ? "abi-stride" : "abi-size", "critical",
                                    where(p.arg), abimsg::kStrideTensor,
                                    {p.name, gotText, wantText}, e.entry));
                        continue;
                    }
                    if (p.arg.attrOf && p.arg.attr == an->attr && p.arg.attrIndex != axis) {
                        const std::string gotText = describeArray(b, p.arg.attrOf) + "." +
                                                    p.arg.attr + "[" +
                                                    std::to_string(p.arg.attrIndex) + "]";
                        add(finding(an->attr == "stride" ? "abi-stride" : "abi-size", "critical",
                                    where(p.arg), abimsg::kStrideDim, {p.name, gotText, wantText},
                                    e.entry));
                        continue;
                    }
                    int64_t vg = 0, vw = 0;
                    const int s = sampler.firstDifference(got, expected, {}, &vg, &vw);
                    if (s >= 0)
                        add(finding(an->attr == "stride" ? "abi-stride" : "abi-size", "critical",
                                    whereScalar(p.arg, p.name), abimsg::kSize,
                                    {p.name, nameOf(got), std::to_string(vg), wantText,
                                     std::to_string(vw),
                                     sampler.valuesText({got, expected}, sampleEnv(e, b, s))},
                                    e.entry));
                    continue;
                }
            }
            // 2. The reference parameter of the same meaning.
            const ParamRow* r = refFor(i);
            if (!r || r->arg.kind != ArgValue::Kind::Int)
                continue;
            const Sym expected = partialEval(r->arg.value, e.ref.path.assumptions);
            std::set<std::string> tun;
            collectKeys(got, SymOp::Tunable, tun);
            collectKeys(expected, SymOp::Tunable, tun);
            if (!tun.empty())
                continue; // configuration values: the grid rule compares them per configuration
            int64_t vg = 0, vw = 0;
            const int s = sampler.firstDifference(got, expected, {}, &vg, &vw);
            if (s >= 0)
                add(finding("abi-size", "critical", whereScalar(p.arg, p.name), abimsg::kSize,
                            {p.name, nameOf(got), std::to_string(vg), r->name, std::to_string(vw),
                             sampler.valuesText({got, expected}, sampleEnv(e, b, s))},
                            e.entry));
        }
    }

    void checkDtypes()
    {
        const KernelLaunch& l = e.port.launch;
        for (const DtypeArm& arm : l.dispatch)
            if (!arm.dtype.empty() && !arm.elem.empty() && arm.dtype != arm.elem)
                add(finding("abi-dtype", "critical", arm.loc, abimsg::kDtypeArm,
                            {arm.dtype, arm.elem}, e.entry));
        const std::string dispatched = l.dispatchedDtype;
        for (const ParamRow& g : e.port.generics)
            if (g.arg.kind == ArgValue::Kind::Dtype && !dispatched.empty() &&
                g.arg.elem != dispatched) {
                const std::string source = l.dtypeSource.tensor
                                               ? describeArray(b, l.dtypeSource.tensor)
                                               : std::string("the tensors");
                add(finding("abi-dtype", "critical", where(g.arg), abimsg::kDtypeGeneric,
                            {g.arg.elem, source}, e.entry));
            }
        // Tensors read as the dispatched element type must have the dtype the reference gives them.
        for (size_t i = 0; i < e.port.params.size(); ++i) {
            const ParamRow& p = e.port.params[i];
            if (!p.arg.tensor ||
                (p.kind != ParamRow::Kind::Tensor && p.kind != ParamRow::Kind::Pointer))
                continue;
            const ParamRow* r = refFor(i);
            const std::string have = p.arg.tensor->dtype;
            const std::string want = r && r->arg.tensor ? r->arg.tensor->dtype : std::string();
            if (want.empty() || have == want)
                continue;
            const std::string reads = p.elem == "E" || p.elem.empty() ? dispatched : p.elem;
            add(finding("abi-dtype", "critical",
                        p.arg.tensor->created.valid() ? p.arg.tensor->created : where(p.arg),
                        abimsg::kDtypeTensor, {p.name, have, reads, want}, e.entry));
        }
    }

    // Every assignment of the groups used by `syms` (at most 64).
    std::vector<std::map<std::string, int64_t>>
    configAssignments(const std::vector<ConfigGroup>& groups, const std::vector<Sym>& syms) const
    {
        std::set<std::string> keys;
        for (const Sym& s : syms)
            collectKeys(s, SymOp::Tunable, keys);
        std::vector<std::map<std::string, int64_t>> out{{}};
        for (const ConfigGroup& g : groups) {
            bool used = false;
            for (const std::string& k : keys)
                used = used || k.rfind(g.key + ".", 0) == 0;
            if (!used || g.configs.empty())
                continue;
            std::vector<std::map<std::string, int64_t>> next;
            for (const auto& base : out)
                for (const auto& c : g.configs) {
                    auto m = base;
                    for (const auto& [field, v] : c) {
                        int64_t x = 0;
                        if (isConst(v, &x))
                            m[g.key + "." + field] = x;
                    }
                    if (next.size() < 64)
                        next.push_back(std::move(m));
                }
            out = std::move(next);
        }
        return out;
    }

    void checkGrid()
    {
        const auto& pg = e.port.launch.grid;
        const auto& rg = e.ref.launch.grid;
        auto comp = [](const std::vector<ArgValue>& g, size_t i,
                       const std::map<std::string, bool>& f) {
            if (i >= g.size())
                return symConst(1);
            return g[i].kind == ArgValue::Kind::Int ? partialEval(g[i].value, f)
                                                    : symOpaque(g[i].why);
        };
        std::vector<Sym> ps, rs;
        for (size_t i = 0; i < 3; ++i) {
            ps.push_back(comp(pg, i, e.port.path.assumptions));
            rs.push_back(comp(rg, i, e.ref.path.assumptions));
        }
        for (const Sym& s : ps)
            if (isOpaque(s))
                return;
        for (const Sym& s : rs)
            if (isOpaque(s))
                return;
        const auto ident = identifiedValues(e);
        std::vector<Sym> portSyms = ps, refSyms = rs;
        for (const auto& [p, r] : ident) {
            portSyms.push_back(p);
            refSyms.push_back(r);
        }
        const auto portConfigs = configAssignments(e.port.groups, portSyms);
        const auto refConfigs = configAssignments(e.ref.groups, refSyms);
        for (const auto& pc : portConfigs) {
            bool anyConsistent = false, anyEqual = false;
            int diffSample = -1;
            size_t diffAxis = 0;
            std::map<std::string, int64_t> diffEnv;
            for (const auto& rc : refConfigs) {
                std::map<std::string, int64_t> env = pc;
                env.insert(rc.begin(), rc.end());
                // The same call: every identified field has the same value.
                bool consistent = true;
                const SymEnv probe = sampleEnv(e, b, 0, env);
                for (const auto& [p, r] : ident) {
                    const auto a = evalSym(p, probe), c = evalSym(r, probe);
                    if (a && c && *a != *c && !(*a <= 0 && *c <= 1) && !(*c <= 0 && *a <= 1))
                        consistent = false;
                }
                if (!consistent)
                    continue;
                anyConsistent = true;
                bool equal = true;
                for (size_t axis = 0; axis < 3 && equal; ++axis) {
                    const int s = sampler.firstDifference(ps[axis], rs[axis], env);
                    if (s >= 0) {
                        equal = false;
                        if (diffSample < 0) {
                            diffSample = s;
                            diffAxis = axis;
                            diffEnv = env;
                        }
                    }
                }
                if (equal) {
                    anyEqual = true;
                    break;
                }
            }
            if (!anyConsistent || anyEqual)
                continue;
            const SymEnv env = sampleEnv(e, b, diffSample, diffEnv);
            const auto pv = evalSym(ps[diffAxis], env), rv = evalSym(rs[diffAxis], env);
            const char* axes[] = {"x", "y", "z"};
            const ArgValue* at = diffAxis < pg.size() ? &pg[diffAxis] : nullptr;
            add(finding(
                "abi-grid", "critical", at ? where(*at) : e.port.launch.gridLoc, abimsg::kGrid,
                {axes[diffAxis], nameOf(ps[diffAxis]) + " = " + std::to_string(pv.value_or(0)),
                 nameOf(rs[diffAxis]) + " = " + std::to_string(rv.value_or(0)),
                 sampler.valuesText({ps[diffAxis], rs[diffAxis]}, env)},
                e.entry));
            return;
        }
    }

    void checkBlocks()
    {
        std::vector<std::string> portNames, refNames;
        std::vector<const ParamRow*> gens, consts;
        for (const ParamRow& g : e.port.generics)
            if (g.arg.kind == ArgValue::Kind::Int) {
                gens.push_back(&g);
                portNames.push_back(g.name);
            }
        for (const ParamRow& r : e.ref.params)
            if (r.constant && r.arg.kind == ArgValue::Kind::Int) {
                consts.push_back(&r);
                refNames.push_back(r.name);
            }
        const std::vector<int> m = pairByName(portNames, refNames, false);
        for (size_t i = 0; i < gens.size(); ++i) {
            if (m[i] < 0)
                continue;
            const ParamRow& g = *gens[i];
            const ParamRow& r = *consts[size_t(m[i])];
            const std::vector<std::string> tokens = meaningTokens(g.name);
            if (std::find(tokens.begin(), tokens.end(), "tile") == tokens.end())
                continue; // only tile / block sizes
            const Sym got = partialEval(g.arg.value, e.port.path.assumptions);
            const Sym want = partialEval(r.arg.value, e.ref.path.assumptions);
            std::set<std::string> tun;
            collectKeys(got, SymOp::Tunable, tun);
            collectKeys(want, SymOp::Tunable, tun);
            if (!tun.empty())
                continue; // autotuned: each configuration launches its own grid
            int64_t vg = 0, vw = 0;
            const int s = sampler.firstDifference(got, want, {}, &vg, &vw, true);
            if (s >= 0)
                add(finding("abi-block", "critical", where(g.arg), abimsg::kBlock,
                            {g.name, nameOf(got) + " = " + std::to_string(vg), r.name,
                             nameOf(want) + " = " + std::to_string(vw),
                             sampler.valuesText({got, want}, sampleEnv(e, b, s))},
                            e.entry));
        }
    }

    void checkCopiesAndAllocs()
    {
        const PathResult& pp = e.port.path;
        const PathResult& rp = e.ref.path;
        std::vector<bool> refCopyUsed(rp.copies.size(), false);
        // Copies made before the launch: the ones the kernel's arguments come from.
        for (size_t ci = 0; ci < pp.copies.size() && ci < e.port.launch.copiesBefore; ++ci) {
            const CopyEvent& c = pp.copies[ci];
            if (!c.from || c.how == ".copy_()")
                continue;
            bool matched = false;
            for (size_t k = 0; k < rp.copies.size() && !matched; ++k)
                if (!refCopyUsed[k] && rp.copies[k].from &&
                    rp.copies[k].from->root == c.from->root &&
                    rp.copies[k].from->input == c.from->input) {
                    refCopyUsed[k] = true;
                    matched = true;
                }
            if (!matched)
                add(finding("abi-copy", "warn", c.loc, abimsg::kCopy, {c.how, c.from->root},
                            e.entry));
        }
        std::vector<bool> refAllocUsed(rp.allocs.size(), false);
        for (const AllocEvent& a : pp.allocs) {
            bool matched = false;
            for (size_t k = 0; k < rp.allocs.size() && !matched; ++k) {
                if (refAllocUsed[k] || a.tensor->shape.size() != rp.allocs[k].tensor->shape.size())
                    continue;
                bool same = true;
                for (size_t d = 0; d < a.tensor->shape.size() && same; ++d)
                    same = sampler.firstDifference(a.tensor->shape[d],
                                                   rp.allocs[k].tensor->shape[d], {}) < 0;
                if (same) {
                    refAllocUsed[k] = true;
                    matched = true;
                }
            }
            if (!matched) {
                std::string shape;
                for (const Sym& s : a.tensor->shape)
                    shape += (shape.empty() ? "" : ", ") + nameOf(s);
                add(finding("abi-alloc", "warn", a.loc, abimsg::kAlloc, {a.how, "(" + shape + ")"},
                            e.entry));
            }
        }
    }

    void checkStream()
    {
        const StreamUse& s = e.port.launch.stream;
        if (s.kind == StreamUse::Kind::Caller)
            return;
        add(finding(
            "abi-stream", "warn", s.loc.valid() ? s.loc : e.port.launch.loc, abimsg::kStream,
            {s.text.empty() ? std::string("a stream the reader cannot follow") : s.text}, e.entry));
    }

    void checkUnchecked(const std::string& kernelRs)
    {
        if (e.uncheckedAccesses)
            add(finding("abi-unchecked", "note", {kernelRs, e.uncheckedLine}, abimsg::kUnchecked,
                        {e.entry}, e.entry));
    }
};

} // namespace

const std::vector<AbiRuleInfo>& abiRules()
{
    static const std::vector<AbiRuleInfo> rules = {
        {"abi-pointer", "critical", "a kernel pointer gets another tensor than the reference's"},
        {"abi-stride", "critical", "a stride of the wrong tensor or dimension"},
        {"abi-size", "critical", "a size the reference passes differently for the same call"},
        {"abi-dtype", "critical", "a dtype dispatched, compiled or passed differently"},
        {"abi-grid", "critical", "a grid that differs from the reference's for the same call"},
        {"abi-block", "critical", "a block size that does not cover the reference's tile"},
        {"abi-copy", "warn", "a copy the reference does not make"},
        {"abi-alloc", "warn", "an allocation the reference does not make"},
        {"abi-stream", "warn", "a launch on another stream than the caller's"},
        {"abi-unchecked", "note", "an entry compiled with unchecked_accesses = true"}};
    return rules;
}

std::vector<AbiFinding> checkAbi(const EntryChain& entry, const DerivedBinding& binding)
{
    Checker c(entry, binding);
    if (entry.port.found && entry.ref.found) {
        c.pairParams();
        c.checkPointers();
        c.checkScalars();
        c.checkDtypes();
        c.checkGrid();
        c.checkBlocks();
        c.checkCopiesAndAllocs();
    }
    if (entry.port.found)
        c.checkStream();
    c.checkUnchecked(entry.kernelRs);
    return c.out;
}

} // namespace tilelens::ws
