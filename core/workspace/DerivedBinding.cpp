#include "workspace/DerivedBinding.h"

#include "ir/Block.h"
#include "ir/Op.h"
#include "ir/Region.h"
#include "ir/Type.h"
#include "workspace/CheckoutPorts.h"
#include "workspace/JsonFile.h"

#include <QDir>
#include <QFileInfo>
#include <algorithm>
#include <set>
#include <sstream>

namespace tilelens::ws {

using namespace launch;

namespace {

constexpr int64_t kMaxRunElements = kMaxDerivedRunElements;

// ---- finding the chain

std::optional<LaunchChain> chainFromLink(const QString& linkFile, std::string* why)
{
    Diagnostics diags;
    const auto doc = readJsonFile(linkFile, diags, 1 << 16);
    if (!doc || !doc->is_object()) {
        if (why)
            *why = linkFile.toStdString() + ": " +
                   (diags.empty() ? std::string("not a JSON object") : diags.front().message);
        return std::nullopt;
    }
    const auto text = [&](const char* key) {
        auto it = doc->find(key);
        return it != doc->end() && it->is_string() ? it->get<std::string>() : std::string();
    };
    if (text("schema") != "tilelens.launch/1" || text("checkout").empty() ||
        text("kernel").empty()) {
        if (why)
            *why = linkFile.toStdString() +
                   ": expected {\"schema\": \"tilelens.launch/1\", \"checkout\", \"kernel\"}";
        return std::nullopt;
    }
    const QDir base = QFileInfo(linkFile).absoluteDir();
    const QString checkout =
        QDir::cleanPath(base.absoluteFilePath(QString::fromStdString(text("checkout"))));
    const QString inTree =
        QDir(checkout).filePath(QStringLiteral("src/tilegym/ops/cutile_rs/%1_kernel")
                                    .arg(QString::fromStdString(text("kernel"))));
    if (!QFileInfo(inTree).isDir()) {
        if (why)
            *why = linkFile.toStdString() + ": no port " + inTree.toStdString();
        return std::nullopt;
    }
    return readLaunchChain(loadCheckoutPort(checkout, inTree), text("entry"));
}

// ---- the reference's mangled entry name

struct MangledArg
{
    enum class Kind
    {
        Array,
        Scalar,
        Const,      // I<n> / B<n>
        FloatConst, // F<hex>
    } kind = Kind::Const;
    size_t rank = 0;
    std::string dtype;
    int64_t value = 0;
    std::map<size_t, int64_t> staticSizes; // Array: axis -> size the entry is compiled for
};

// An array's predicate token `<axis mask in hex><letter><number>...` ("1s1": axis 0 has the
// static size 1); only static sizes are read.
void readPredicate(const std::string& t, MangledArg& a)
{
    const size_t maskDigits = a.rank > 4 ? 2 : 1;
    if (t.size() <= maskDigits || !std::all_of(t.begin(), t.begin() + long(maskDigits), [](char c) {
            return std::isxdigit(static_cast<unsigned char>(c));
        }))
        return;
    const unsigned mask = unsigned(std::stoul(t.substr(0, maskDigits), nullptr, 16));
    size_t p = maskDigits;
    while (p < t.size()) {
        const char letter = t[p++];
        size_t q = p;
        while (q < t.size() && std::isdigit(static_cast<unsigned char>(t[q])))
            ++q;
        if (q == p || q - p > 12)
            return;
        const int64_t n = std::stoll(t.substr(p, q - p));
        if (letter == 's')
            for (size_t axis = 0; axis < a.rank && axis < 16; ++axis)
                if (mask & (1u << axis))
                    a.staticSizes[axis] = n;
        p = q;
    }
}

std::optional<std::vector<MangledArg>> mangledArgs(const std::string& entry)
{
    const size_t k = entry.find("_Kt");
    if (k == std::string::npos)
        return std::nullopt;
    std::vector<std::string> tokens;
    std::stringstream s(entry.substr(k + 1));
    for (std::string t; std::getline(s, t, '_');)
        tokens.push_back(t);
    std::vector<MangledArg> out;
    for (size_t i = 1; i < tokens.size(); ++i) {
        const std::string& t = tokens[i];
        if (t.empty())
            continue;
        MangledArg a;
        if (t[0] == 'A' && t.size() > 2 && std::isdigit(static_cast<unsigned char>(t[1]))) {
            a.kind = MangledArg::Kind::Array;
            size_t p = 1;
            while (p < t.size() && std::isdigit(static_cast<unsigned char>(t[p])))
                a.rank = a.rank * 10 + size_t(t[p++] - '0');
            a.dtype = t.substr(p);
        } else if (t[0] == 'S' && t.size() > 1) {
            a.kind = MangledArg::Kind::Scalar;
            a.dtype = t.substr(1);
        } else if (t[0] == 'I' || t[0] == 'B') {
            std::string digits = t.substr(1);
            bool negative = false;
            if (digits.empty() && i + 1 < tokens.size()) { // "I" alone: a negative value follows
                digits = tokens[++i];
                negative = true;
            }
            if (digits.empty() || digits.size() > 18 ||
                !std::all_of(digits.begin(), digits.end(),
                             [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
                continue; // a predicate token that starts with I or B
            a.value = std::stoll(digits) * (negative ? -1 : 1);
        } else if (t[0] == 'F' && t.size() == 17) {
            a.kind = MangledArg::Kind::FloatConst;
        } else {
            if (!out.empty() && out.back().kind == MangledArg::Kind::Array)
                readPredicate(t, out.back());
            continue; // a predicate of the preceding array
        }
        out.push_back(a);
    }
    return out;
}

// The num_cta_in_cga / occupancy an entry is compiled with (any architecture).
std::map<std::string, int64_t> entryHints(const ir::Function& fn)
{
    std::map<std::string, int64_t> out;
    const ir::Attribute* h = fn.optimizationHints;
    if (!h)
        return out;
    for (const ir::NamedAttribute& arch : h->entries)
        if (arch.value)
            for (const ir::NamedAttribute& e : arch.value->entries)
                if (e.value && (e.name == "num_cta_in_cga" || e.name == "occupancy"))
                    out[e.name == "num_cta_in_cga" ? "num_ctas" : "occupancy"] = e.value->intValue;
    return out;
}

// ---- solving "value of the call == what the entry was compiled with"

struct Constraint
{
    Sym sym;
    int64_t value = 0;
    std::string what; // for facts
};

struct Unknowns
{
    std::set<std::string> dims, tunables, flags;
};

void unknownsOf(const Sym& s, const std::map<std::string, int64_t>& fixed,
                const std::map<std::string, bool>& flags, Unknowns& u)
{
    std::set<std::string> k;
    collectKeys(s, SymOp::Dim, k);
    for (const auto& x : k)
        if (!fixed.count(x))
            u.dims.insert(x);
    k.clear();
    collectKeys(s, SymOp::Tunable, k);
    for (const auto& x : k)
        if (!fixed.count(x))
            u.tunables.insert(x);
    k.clear();
    collectKeys(s, SymOp::Flag, k);
    for (const auto& x : k)
        if (!flags.count(x))
            u.flags.insert(x);
}

SymEnv envOf(const std::map<std::string, int64_t>& fixed, const std::map<std::string, bool>& flags)
{
    SymEnv env;
    env.values = fixed;
    env.flags = flags;
    return env;
}

// A value of `key` that makes every constraint of `cs` hold with everything else fixed.
std::optional<int64_t> solveOne(const std::vector<const Constraint*>& cs, const std::string& key,
                                std::map<std::string, int64_t> fixed,
                                const std::map<std::string, bool>& flags, int64_t divisor,
                                bool size)
{
    auto holds = [&](int64_t v) {
        fixed[key] = v;
        for (const Constraint* c : cs) {
            const auto r = evalSym(c->sym, envOf(fixed, flags));
            if (!r || *r != c->value)
                return false;
        }
        return true;
    };
    const int64_t step = std::max<int64_t>(divisor, 1);
    std::vector<int64_t> tries;
    tries.reserve(cs.size());
    for (const Constraint* c : cs)
        tries.push_back(c->value);
    // Monotone size expressions: the first value at which each reaches its target.
    for (const Constraint* c : cs) {
        int64_t lo = step, hi = int64_t(1) << 24;
        fixed[key] = hi;
        const auto top = evalSym(c->sym, envOf(fixed, flags));
        if (!top || *top < c->value)
            continue;
        while (lo < hi) {
            const int64_t mid = lo + (hi - lo) / 2;
            fixed[key] = mid;
            const auto r = evalSym(c->sym, envOf(fixed, flags));
            if (r && *r >= c->value)
                hi = mid;
            else
                lo = mid + 1;
        }
        for (int64_t v = std::max<int64_t>(1, lo - 4 * step); v <= lo + 4 * step; ++v)
            tries.push_back(v);
    }
    for (int64_t v : tries)
        if ((v > 0 || !size) && v % step == 0 && holds(v))
            return v;
    for (int64_t v : tries)
        if ((v > 0 || !size) && holds(v))
            return v;
    for (int64_t v = step; v <= 8192; v += step)
        if (holds(v))
            return v;
    return std::nullopt;
}

struct Solution
{
    bool ok = true;
    std::string why;
    std::map<std::string, int64_t> fixed;
    std::map<std::string, int64_t> ragged; // sizes the constraints leave loose: a ragged value
    std::map<std::string, bool> flags;
    std::vector<std::string> facts;
};

Solution solve(const EntryChain& e, const std::vector<Constraint>& constraints)
{
    Solution s;
    s.flags = e.port.path.assumptions;
    for (const auto& [k, v] : e.ref.path.assumptions)
        s.flags[k] = v;
    std::map<std::string, int64_t> divisors;
    for (const SideChain* side : {&e.port, &e.ref})
        for (const auto& [k, d] : side->path.divisibility)
            divisors[k] = std::max(divisors[k], d);
    std::vector<bool> done(constraints.size(), false);
    for (int round = 0; round < 32; ++round) {
        bool progress = false;
        for (size_t i = 0; i < constraints.size(); ++i) {
            if (done[i])
                continue;
            const Constraint& c = constraints[i];
            Unknowns u;
            unknownsOf(c.sym, s.fixed, s.flags, u);
            const size_t n = u.dims.size() + u.tunables.size() + u.flags.size();
            if (n == 0) {
                const auto v = evalSym(c.sym, envOf(s.fixed, s.flags));
                if (!v) {
                    done[i] = true; // opaque: nothing to say
                    continue;
                }
                if (*v != c.value) {
                    s.ok = false;
                    s.why = c.what + " is " + std::to_string(*v) + " on this path, the entry has " +
                            std::to_string(c.value);
                    return s;
                }
                done[i] = true;
                continue;
            }
            if (n != 1)
                continue;
            if (!u.flags.empty()) {
                const std::string key = *u.flags.begin();
                for (bool v : {false, true}) {
                    s.flags[key] = v;
                    const auto r = evalSym(c.sym, envOf(s.fixed, s.flags));
                    if (r && *r == c.value)
                        break;
                    s.flags.erase(key);
                }
                if (!s.flags.count(key)) {
                    s.ok = false;
                    s.why = c.what + " cannot be " + std::to_string(c.value);
                    return s;
                }
            } else {
                const std::string key = u.dims.empty() ? *u.tunables.begin() : *u.dims.begin();
                const int64_t d = divisors.count(key) ? divisors.at(key) : 1;
                // Every open constraint on this one size must hold together.
                std::vector<const Constraint*> same;
                std::vector<size_t> sameIndex;
                for (size_t j = 0; j < constraints.size(); ++j) {
                    if (done[j])
                        continue;
                    Unknowns uj;
                    unknownsOf(constraints[j].sym, s.fixed, s.flags, uj);
                    if (uj.flags.empty() && uj.dims.size() + uj.tunables.size() == 1 &&
                        (uj.dims.count(key) || uj.tunables.count(key))) {
                        same.push_back(&constraints[j]);
                        sameIndex.push_back(j);
                    }
                }
                const auto v = solveOne(same, key, s.fixed, s.flags, d, !u.dims.empty());
                if (!v) {
                    s.ok = false;
                    s.why = "no size makes " + c.what + " = " + std::to_string(c.value);
                    return s;
                }
                s.fixed[key] = *v;
                // A size the constraints do not pin (next_power_of_2): a ragged one too.
                if (!u.dims.empty()) {
                    auto fixedLess = s.fixed;
                    for (int64_t r : {*v - 16 * 6, *v - 16})
                        if (r > 0) {
                            bool loose = true;
                            fixedLess[key] = r;
                            for (const Constraint* x : same) {
                                const auto e2 = evalSym(x->sym, envOf(fixedLess, s.flags));
                                loose = loose && e2 && *e2 == x->value;
                            }
                            if (loose) {
                                s.ragged[key] = r;
                                break;
                            }
                        }
                }
                for (size_t j : sameIndex)
                    if (j != i) {
                        done[j] = true;
                        s.facts.push_back(constraints[j].what + " = " +
                                          std::to_string(constraints[j].value));
                    }
            }
            s.facts.push_back(c.what + " = " + std::to_string(c.value));
            done[i] = true;
            progress = true;
        }
        if (!progress)
            break;
    }
    for (size_t i = 0; i < constraints.size(); ++i)
        if (!done[i])
            s.facts.push_back(constraints[i].what + " = " + std::to_string(constraints[i].value) +
                              ": not solved (several open sizes)");
    return s;
}

// ---- the entries' assume facts on their parameters

struct ParamFact
{
    size_t param = 0;
    int64_t divisor = 1;
    std::optional<int64_t> lower, upper;
    int line = 0;
    std::string text;
};

std::vector<ParamFact> paramFacts(const ir::Function& fn)
{
    std::vector<ParamFact> out;
    const ir::Block* body = fn.body ? fn.body->entryBlock() : nullptr;
    if (!body)
        return out;
    for (const ir::Op* op : body->ops) {
        if (!op->name.is("assume") || op->operands.empty())
            continue;
        const ir::Value* base = op->operands[0];
        while (base && base->definingOp && base->definingOp->name.is("assume") &&
               !base->definingOp->operands.empty())
            base = base->definingOp->operands[0];
        const ir::Attribute* p = op->attr("predicate");
        if (!p || !base || !base->isBlockArgument() || base->ownerBlock != body)
            continue;
        ParamFact f;
        f.param = size_t(base->index);
        f.line = op->range.beginLine;
        f.text = p->canonical();
        if (p->kind == ir::AttrKind::DivBy && p->every < 0 && p->intValue > 1)
            f.divisor = p->intValue;
        else if (p->kind == ir::AttrKind::Bounded) {
            if (p->hasLower)
                f.lower = p->lower;
            if (p->hasUpper)
                f.upper = p->upper;
        } else {
            continue;
        }
        out.push_back(f);
    }
    return out;
}

std::string pointerElem(const ir::Type* t)
{
    if (t && t->element && t->element->kind == ir::TypeKind::Pointer && t->element->element)
        return std::string(t->element->element->name);
    return {};
}

// Names of one evaluation of a binding: dims, shapes, strides, integer scalars.
bool caseNames(const eval::Binding& b, const std::map<std::string, int64_t>& dims,
               std::map<std::string, int64_t>& names)
{
    names = dims;
    for (const eval::ArrayBinding& a : b.arrays) {
        std::vector<int64_t> shape;
        for (const std::string& d : a.shape) {
            int64_t v = 0;
            std::string error;
            if (!eval::evalExpression(d, names, v, error))
                return false;
            shape.push_back(v);
        }
        std::vector<int64_t> strides(shape.size(), 1);
        for (size_t i = shape.size(); i-- > 1;)
            strides[i - 1] = strides[i] * std::max<int64_t>(shape[i], 1);
        for (size_t i = 0; i < a.strides.size() && i < strides.size(); ++i) {
            std::string error;
            if (!eval::evalExpression(a.strides[i], names, strides[i], error))
                return false;
        }
        names[a.name + ".ptr"] = 4096;
        for (size_t i = 0; i < shape.size(); ++i) {
            names[a.name + ".shape[" + std::to_string(i) + "]"] = shape[i];
            names[a.name + ".stride[" + std::to_string(i) + "]"] = strides[i];
        }
    }
    for (const eval::ScalarBinding& s : b.scalars) {
        int64_t v = 0;
        std::string error;
        if (!s.value.empty() && eval::evalExpression(s.value, names, v, error))
            names[s.name] = v;
    }
    return true;
}

// Whether every fact of both entries holds for these dims ("" when so, else the first broken).
std::string brokenFact(const eval::Binding& b, const std::map<std::string, int64_t>& dims,
                       const std::vector<std::string>& refParams,
                       const std::vector<std::string>& genParams,
                       const std::vector<ParamFact>& refFacts,
                       const std::vector<ParamFact>& genFacts)
{
    std::map<std::string, int64_t> names;
    if (!caseNames(b, dims, names))
        return "sizes do not evaluate";
    for (const auto& [params, facts] :
         {std::pair{&refParams, &refFacts}, std::pair{&genParams, &genFacts}})
        for (const ParamFact& f : *facts) {
            if (f.param >= params->size())
                continue;
            const std::string& p = (*params)[f.param];
            if (p.size() > 4 && p.compare(p.size() - 4, 4, ".ptr") == 0)
                continue; // pointers are aligned by the interpreter
            int64_t v = 0;
            std::string error;
            if (!eval::evalExpression(p, names, v, error))
                continue;
            if (v % f.divisor != 0 || (f.lower && v < *f.lower) || (f.upper && v > *f.upper))
                return f.text + " on " + p;
        }
    return {};
}

const EntryChain* entryFor(const LaunchChain& chain, const ir::Function& ref,
                           const ir::Function& gen)
{
    std::string g(gen.name);
    if (g.size() > 6 && g.compare(g.size() - 6, 6, "_entry") == 0)
        g = g.substr(0, g.size() - 6);
    const std::string r(ref.name);
    for (const EntryChain& e : chain.entries)
        if (e.entry == g || std::string(gen.name) == e.entry)
            return &e;
    for (const EntryChain& e : chain.entries)
        if (!e.pythonKernel.empty() &&
            (r == e.pythonKernel || r.rfind(e.pythonKernel + "_Kt", 0) == 0 ||
             r.find("__" + e.pythonKernel + "_Kt") != std::string::npos))
            return &e;
    return chain.entries.size() == 1 ? &chain.entries.front() : nullptr;
}

// Whether `ref` is a version of the port entry `gen` (a port diffed against its own mistake or
// refactor): named like the chain's port entry, as `gen` is, with the same parameter types.
bool samePort(const EntryChain& entry, const ir::Function& ref, const ir::Function& gen)
{
    const auto portName = [&](std::string_view name) {
        return name == entry.entry || name == entry.entry + "_entry";
    };
    if (!portName(ref.name) || !portName(gen.name) ||
        ref.argumentTypes.size() != gen.argumentTypes.size())
        return false;
    for (size_t i = 0; i < ref.argumentTypes.size(); ++i)
        if (ref.argumentTypes[i]->canonical() != gen.argumentTypes[i]->canonical())
            return false;
    return true;
}

} // namespace

std::optional<LaunchChain> launchChainForIrPair(const std::string& refPath,
                                                const std::string& genPath, std::string* why)
{
    for (const std::string& p : {refPath, genPath}) {
        const QFileInfo fi(QString::fromStdString(p));
        const QString link = fi.absoluteDir().filePath(QStringLiteral("launch.json"));
        if (QFileInfo(link).isFile())
            return chainFromLink(link, why);
    }
    const QFileInfo ref(QString::fromStdString(refPath));
    QDir dir = ref.absoluteDir();
    // $WS/reference/reference*.mlir
    if (dir.dirName() == QLatin1String("reference")) {
        QDir ws = dir;
        ws.cdUp();
        if (QFileInfo(ws.filePath(QStringLiteral("kernel.rs"))).isFile() ||
            QFileInfo(ws.filePath(QStringLiteral("ffi.rs"))).isFile()) {
            const Kernel k = loadKernel(ws.absolutePath(), enclosingCheckout(ws.absolutePath()));
            return readLaunchChain(k);
        }
    }
    // <checkout>/.tilelens/ir/<op>/<entry>/
    const QString path = ref.absoluteFilePath();
    const qsizetype at = path.indexOf(QLatin1String("/.tilelens/ir/"));
    if (at > 0) {
        const QString checkout = path.left(at);
        const QStringList rest = path.mid(at + 14).split(QLatin1Char('/'));
        if (rest.size() >= 3) {
            const QString inTree = QDir(checkout).filePath(
                QStringLiteral("src/tilegym/ops/cutile_rs/%1_kernel").arg(rest[0]));
            if (QFileInfo(inTree).isDir())
                return readLaunchChain(loadCheckoutPort(checkout, inTree), rest[1].toStdString());
        }
    }
    if (why)
        *why = "none found (no launch.json beside the IR, which is not in a kernel working "
               "directory or a checkout's .tilelens/ir either)";
    return std::nullopt;
}

namespace {

// The run elements of a binding's largest case (-1 when a case's sizes do not evaluate).
int64_t largestCase(const eval::Binding& x)
{
    size_t n = 1;
    for (const auto& [name, values] : x.dims)
        n = std::max(n, values.size());
    int64_t most = 0;
    for (size_t k = 0; k < n; ++k) {
        std::map<std::string, int64_t> one, names;
        for (const auto& [name, values] : x.dims)
            one[name] = values[k % values.size()];
        if (!caseNames(x, one, names))
            return -1;
        int64_t total = 0;
        for (const eval::ArrayBinding& a : x.arrays) {
            int64_t e = 1;
            for (size_t i = 0; i < a.shape.size(); ++i)
                e = std::min<int64_t>(
                    e * std::max<int64_t>(names[a.name + ".shape[" + std::to_string(i) + "]"], 1),
                    int64_t(1) << 40);
            total += e;
        }
        most = std::max(most, total);
    }
    return most;
}

// A tunable's name without its group ("TILE_M" for "cfg.TILE_M").
std::string tunableName(const SymNode& n)
{
    const size_t dot = n.name.find('.');
    return dot == std::string::npos ? n.name : n.name.substr(dot + 1);
}

// specialisedBinding() for one entry chain: each path of the chain (the chain itself, then
// its alternatives) is tried until one fits what the entries were compiled with.
class EntrySpecialiser
{
public:
    // `gen` may be null: the generated IR is yet to be made (ir-gen specialises to the
    // reference alone).
    EntrySpecialiser(const EntryChain& entry, const ir::Function& ref, const ir::Function* gen)
        : m_entry(entry), m_ref(ref), m_gen(gen), m_mangled(mangledArgs(std::string(ref.name))),
          // Two versions of the port diffed against each other: the chain's port side binds both.
          m_refIsPort(gen && !m_mangled && samePort(entry, ref, *gen)),
          m_refHints(m_refIsPort ? std::map<std::string, int64_t>{} : entryHints(ref)),
          m_genHints(gen ? entryHints(*gen) : std::map<std::string, int64_t>{}),
          m_refFacts(paramFacts(ref)), m_genFacts(gen ? paramFacts(*gen) : std::vector<ParamFact>{})
    {
    }

    bool run(eval::Binding& out, std::string& why, DerivedBinding* derivedOut, int64_t* elements)
    {
        std::vector<const EntryChain*> candidates{&m_entry};
        for (const EntryChain& alt : m_entry.alternatives)
            candidates.push_back(&alt);
        for (const EntryChain* c : candidates)
            if (tryPath(*c, out, why, derivedOut, elements))
                return true;
        why = m_firstWhy.empty() ? "no path of the chain fits the entries" : m_firstWhy;
        return false;
    }

private:
    // The first reason a path did not fit is the one reported, preferring a path the entries'
    // constraints could be solved on.
    void notFitting(const std::string& why)
    {
        if (m_firstWhy.empty())
            m_firstWhy = why;
    }

    bool tryPath(const EntryChain& c, eval::Binding& out, std::string& why,
                 DerivedBinding* derivedOut, int64_t* elements)
    {
        if (!c.port.found || !c.ref.found) {
            notFitting(c.port.found ? c.ref.why : c.port.why);
            return false;
        }
        // What the entries were compiled with, as constraints on the call.
        std::vector<Constraint> constraints;
        std::vector<std::string> facts;
        if (!mangledConstraints(c, constraints, facts)) {
            notFitting("the reference's arrays have other ranks on this path");
            return false;
        }
        hintConstraints(c, constraints);
        const Solution sol = solveWithIdentifiedValues(c, constraints);
        if (!sol.ok) {
            notFitting(sol.why);
            return false;
        }
        if (!m_solvedAny)
            m_firstWhy.clear(); // a path the entries fit: its problem is the one to report
        m_solvedAny = true;
        const Specialization spec = specialisationOf(sol, facts);
        DerivedBinding derived = deriveBinding(c, &spec);
        eval::Binding b;
        if (!derived.toEval(b, why)) {
            notFitting(why);
            return false;
        }
        if (m_refIsPort)
            b.ref.params = b.gen.params;
        const std::vector<std::string> refExpanded = eval::expandParams(b, b.ref.params);
        const std::vector<std::string> genExpanded = eval::expandParams(b, b.gen.params);
        if (!parameterCountsFit(refExpanded.size(), genExpanded.size()))
            return false;
        takeEntryElementTypes(b, refExpanded, genExpanded);
        meetParamFacts(b, spec, derived, refExpanded, genExpanded);
        limitRunElements(b);
        if (elements)
            *elements = largestCase(b);
        addParamFacts(b, refExpanded, genExpanded);
        out = std::move(b);
        if (derivedOut)
            *derivedOut = std::move(derived);
        return true;
    }

    // Constants and static sizes the reference entry's mangled name records; false when its
    // arrays have other ranks than the path's.
    bool mangledConstraints(const EntryChain& c, std::vector<Constraint>& constraints,
                            std::vector<std::string>& facts) const
    {
        if (!m_mangled)
            return true;
        if (m_mangled->size() != c.ref.params.size()) {
            facts.push_back("the reference entry's name has " + std::to_string(m_mangled->size()) +
                            " arguments, the kernel " + std::to_string(c.ref.params.size()) +
                            ": its constants are not used");
            return true;
        }
        bool fits = true;
        for (size_t i = 0; i < m_mangled->size(); ++i) {
            const MangledArg& m = (*m_mangled)[i];
            const ParamRow& p = c.ref.params[i];
            if (m.kind == MangledArg::Kind::Const && p.arg.kind == ArgValue::Kind::Int)
                constraints.push_back({partialEval(p.arg.value, c.ref.path.assumptions), m.value,
                                       "the reference's " + p.name});
            if (m.kind != MangledArg::Kind::Array || !p.arg.tensor || !p.arg.tensor->rankKnown)
                continue;
            for (const auto& [axis, size] : m.staticSizes)
                if (axis < p.arg.tensor->shape.size())
                    constraints.push_back(
                        {p.arg.tensor->shape[axis], size,
                         "the reference's " + p.name + ".shape[" + std::to_string(axis) + "]"});
            if (p.arg.tensor->shape.size() != m.rank)
                fits = false;
        }
        return fits;
    }

    // The entries' num_ctas / occupancy hints, where a launch sets them from a tunable.
    void hintConstraints(const EntryChain& c, std::vector<Constraint>& constraints) const
    {
        for (const auto& [side, hints, what] : {std::tuple{&c.ref, &m_refHints, "reference"},
                                                std::tuple{&c.port, &m_genHints, "port"}})
            for (const auto& [name, value] : *hints) {
                auto h = side->launch.hints.find(name);
                if (h == side->launch.hints.end() || h->second.kind != ArgValue::Kind::Int)
                    continue;
                const Sym s = partialEval(h->second.value, side->path.assumptions);
                std::set<std::string> tun;
                collectKeys(s, SymOp::Tunable, tun);
                if (!tun.empty())
                    constraints.push_back({s, value, std::string("the ") + what + "'s " + name});
            }
    }

    // The port's generics and hints of the same meaning as a reference constant take its
    // value: the same call (a tile BM for the reference's TILE_M).
    static Solution solveWithIdentifiedValues(const EntryChain& c,
                                              std::vector<Constraint>& constraints)
    {
        std::map<std::string, Sym> alias;
        for (const auto& [k, rep] : c.dimAlias)
            alias[k] = symDim(rep);
        for (Constraint& x : constraints)
            x.sym = substitute(x.sym, alias);
        Solution sol = solve(c, constraints);
        if (!sol.ok)
            return sol;
        SymEnv env;
        env.values = sol.fixed;
        env.flags = sol.flags;
        std::vector<Constraint> more = constraints;
        for (const auto& [portSym, refSym] : identifiedValues(c)) {
            std::set<std::string> tun;
            collectKeys(portSym, SymOp::Tunable, tun);
            const auto want = evalSym(substitute(refSym, alias), env);
            if (!tun.empty() && want)
                more.push_back({substitute(portSym, alias), *want,
                                "the port's " + symText(portSym, tunableName)});
        }
        if (more.size() > constraints.size()) {
            Solution again = solve(c, more);
            if (again.ok)
                return again;
        }
        return sol;
    }

    static Specialization specialisationOf(const Solution& sol,
                                           const std::vector<std::string>& facts)
    {
        Specialization spec;
        spec.fixed = sol.fixed;
        for (const auto& [key, r] : sol.ragged) {
            spec.candidates[key] = {r, sol.fixed.at(key)};
            spec.fixed.erase(key);
        }
        spec.flags = sol.flags;
        for (const std::string& f : sol.facts)
            spec.facts.push_back("from the entries: " + f);
        spec.facts.insert(spec.facts.end(), facts.begin(), facts.end());
        return spec;
    }

    bool parameterCountsFit(size_t refCount, size_t genCount)
    {
        const size_t genParams = m_gen ? m_gen->argumentTypes.size() : genCount;
        if (refCount == m_ref.argumentTypes.size() && genCount == genParams)
            return true;
        notFitting("the derived parameters (" + std::to_string(refCount) + " / " +
                   std::to_string(genCount) + ") do not fit the entries (" +
                   std::to_string(m_ref.argumentTypes.size()) + " / " + std::to_string(genParams) +
                   ")");
        return false;
    }

    // Element types from the entries' own parameter types.
    void takeEntryElementTypes(eval::Binding& b, const std::vector<std::string>& refExpanded,
                               const std::vector<std::string>& genExpanded) const
    {
        for (eval::ArrayBinding& a : b.arrays) {
            std::string elem;
            for (size_t i = 0; i < refExpanded.size() && elem.empty(); ++i)
                if (refExpanded[i] == a.name + ".ptr")
                    elem = pointerElem(m_ref.argumentTypes[i]);
            for (size_t i = 0; m_gen && i < genExpanded.size() && elem.empty(); ++i)
                if (genExpanded[i] == a.name + ".ptr")
                    elem = pointerElem(m_gen->argumentTypes[i]);
            if (!elem.empty() && eval::elemFromName(elem) != eval::Elem::None)
                a.elem = eval::elemFromName(elem);
        }
    }

    // Sizes: the facts both entries state about their parameters, kept ragged. Each case's
    // free sizes are moved up until no fact is broken (three rounds at most).
    void meetParamFacts(eval::Binding& b, const Specialization& spec, const DerivedBinding& derived,
                        const std::vector<std::string>& refExpanded,
                        const std::vector<std::string>& genExpanded) const
    {
        const auto broken = [&](const std::map<std::string, int64_t>& one) {
            return brokenFact(b, one, refExpanded, genExpanded, m_refFacts, m_genFacts);
        };
        const std::vector<std::string> free = freeSizes(b, spec, derived);
        size_t cases = 1;
        for (const auto& [name, values] : b.dims)
            cases = std::max(cases, values.size());
        std::map<std::string, std::vector<int64_t>> dims = b.dims;
        std::string stillBroken;
        for (size_t k = 0; k < cases; ++k) {
            std::map<std::string, int64_t> one;
            for (const auto& [name, values] : dims)
                one[name] = values[k % values.size()];
            for (int round = 0; round < 3; ++round) {
                stillBroken = broken(one);
                if (stillBroken.empty())
                    break;
                for (const std::string& d : free)
                    if (moveUntilMet(one, d, broken))
                        break;
            }
            for (auto& [name, values] : dims)
                if (values.size() > 1 || k == 0)
                    values[k % values.size()] = one[name];
        }
        if (!stillBroken.empty())
            b.facts.push_back("no sizes found that meet " + stillBroken +
                              " (the run may read out of bounds)");
        for (auto& [name, values] : dims) {
            std::vector<int64_t> unique;
            for (int64_t v : values)
                if (std::find(unique.begin(), unique.end(), v) == unique.end())
                    unique.push_back(v);
            values = unique;
        }
        b.dims = dims;
    }

    // Sizes the specialisation leaves open: several values, or none fixed by the entries.
    static std::vector<std::string> freeSizes(const eval::Binding& b, const Specialization& spec,
                                              const DerivedBinding& derived)
    {
        std::vector<std::string> free;
        for (const auto& [dimName, values] : b.dims) {
            // A lambda may not capture a structured binding before C++20: a copy.
            const std::string& name = dimName;
            if (values.size() > 1 ||
                std::none_of(spec.fixed.begin(), spec.fixed.end(), [&](const auto& f) {
                    return derived.names.count(f.first) && derived.names.at(f.first) == name;
                }))
                free.push_back(name);
        }
        return free;
    }

    // Size `d` moved up (by at most 4096) to the first value that breaks no fact; left as it
    // was when none does.
    template <typename Broken>
    static bool moveUntilMet(std::map<std::string, int64_t>& one, const std::string& d,
                             const Broken& broken)
    {
        const int64_t start = one[d];
        for (int64_t v = start; v < start + 4096; ++v) {
            one[d] = v;
            if (broken(one).empty())
                break;
        }
        if (broken(one).empty())
            return true;
        one[d] = start;
        return false;
    }

    // A run the CPU interpreter can afford: the arrays of one case hold at most
    // kMaxRunElements elements (the smallest sizes are tried before giving up).
    static void limitRunElements(eval::Binding& b)
    {
        if (largestCase(b) <= kMaxRunElements)
            return;
        for (auto& [name, values] : b.dims)
            values = {*std::min_element(values.begin(), values.end())};
        b.facts.push_back("one case of the smallest sizes: larger ones hold more elements than "
                          "a CPU run affords");
    }

    void addParamFacts(eval::Binding& b, const std::vector<std::string>& refExpanded,
                       const std::vector<std::string>& genExpanded) const
    {
        std::set<std::string> seenFacts;
        for (const auto& [side, facts, params] :
             {std::tuple{"reference", &m_refFacts, &refExpanded},
              std::tuple{"generated", &m_genFacts, &genExpanded}})
            for (const ParamFact& f : *facts) {
                if (f.param < params->size() &&
                    seenFacts.insert(f.text + (*params)[f.param]).second &&
                    (*params)[f.param].find(".ptr") == std::string::npos)
                    b.facts.push_back(f.text + " on " + (*params)[f.param] + " (" + side +
                                      " line " + std::to_string(f.line) + ")");
            }
    }

    const EntryChain& m_entry; // the chain; its alternatives are tried after it
    const ir::Function& m_ref;
    const ir::Function* m_gen;
    const std::optional<std::vector<MangledArg>> m_mangled;
    const bool m_refIsPort;
    const std::map<std::string, int64_t> m_refHints, m_genHints;
    const std::vector<ParamFact> m_refFacts, m_genFacts;
    std::string m_firstWhy;
    bool m_solvedAny = false;
};

bool specialiseEntry(const EntryChain* entry, const ir::Function& ref, const ir::Function* gen,
                     eval::Binding& out, std::string& why, DerivedBinding* derivedOut,
                     int64_t* elements)
{
    return EntrySpecialiser(*entry, ref, gen).run(out, why, derivedOut, elements);
}

} // namespace

bool specialisedBinding(const LaunchChain& chain, const ir::Function& ref, const ir::Function& gen,
                        eval::Binding& out, std::string& why, DerivedBinding* derivedOut,
                        int64_t* elements)
{
    const EntryChain* entry = entryFor(chain, ref, gen);
    if (!entry) {
        why = "no entry of the chain of " + chain.kernel + " is " + std::string(gen.name);
        return false;
    }
    return specialiseEntry(entry, ref, &gen, out, why, derivedOut, elements);
}

bool specialisedForReference(const EntryChain& entry, const ir::Function& ref, DerivedBinding& out,
                             eval::Binding& binding, std::string& why)
{
    return specialiseEntry(&entry, ref, nullptr, binding, why, &out, nullptr);
}

std::optional<eval::Binding> derivedBindingForIrPair(const std::string& refPath,
                                                     const std::string& genPath,
                                                     const ir::Function& ref,
                                                     const ir::Function& gen, std::string* why,
                                                     const std::string& way)
{
    std::string reason;
    const auto chain = launchChainForIrPair(refPath, genPath, &reason);
    if (!chain) {
        if (why)
            *why = reason;
        return std::nullopt;
    }
    eval::Binding b;
    int64_t elements = 0;
    if (!specialisedBinding(*chain, ref, gen, b, reason, nullptr, &elements)) {
        if (why)
            *why = reason;
        return std::nullopt;
    }
    if (elements > kMaxRunElements || elements < 0) {
        if (why)
            *why = "the derived binding needs " + std::to_string(elements) +
                   " array elements (sizes compiled into the reference); a CPU run affords " +
                   std::to_string(kMaxRunElements) + ": " +
                   eval::askForBinding(eval::kGiveSmallerBinding, way);
        return std::nullopt;
    }
    return b;
}

} // namespace tilelens::ws
