#include "diff/match/ArgSpecialisation.h"

#include "diff/EntryNames.h"
#include "diff/graph/Hashing.h"
#include "diff/match/AddressBindings.h"
#include "diff/match/OpMatcher.h"
#include "diff/semantics/Normalizer.h"
#include "ir/FloatBits.h"

#include <algorithm>
#include <charconv>
#include <cstring>
#include <unordered_map>
#include <unordered_set>

namespace tilelens::diff {

namespace {

// Above these sizes the search (one normalization per candidate) is not tried.
constexpr size_t kMaxOps = 4000;
constexpr size_t kMaxArgs = 6;

bool isScalarInt(const GValue& v)
{
    return v.typeText == "tile<i32>" || v.typeText == "tile<i64>";
}

// The generated entry's scalar integer arguments beyond the reference's
// argument list, where the lists agree up to there (same ABI, the port only
// adds arguments).
std::vector<int> extraScalarArgs(const GFunction& R, const GFunction& G)
{
    std::vector<int> out;
    if (R.regions.empty() || G.regions.empty())
        return out;
    const IdList ra = R.regions[0].args, ga = G.regions[0].args;
    if (ga.size() <= ra.size())
        return out;
    for (size_t i = 0; i < ra.size(); ++i)
        if (R.values[size_t(ra[i])].typeText != G.values[size_t(ga[i])].typeText)
            return {};
    for (size_t i = ra.size(); i < ga.size(); ++i)
        if (isScalarInt(G.values[size_t(ga[i])]))
            out.push_back(ga[i]);
    return out;
}

// The reference's specialised constants in parameter order (its mangled name).
std::vector<int64_t> specialisedConstants(const GFunction& R)
{
    std::vector<int64_t> out;
    for (const std::string& c : R.demangled.constants) {
        int64_t v = 0;
        const auto r = std::from_chars(c.data(), c.data() + c.size(), v);
        if (r.ec != std::errc())
            break;
        out.push_back(v);
    }
    return out;
}

bool isPoint(const IntRange& r)
{
    return r.known && r.lo == r.hi;
}

// A value written or folded as a constant (not merely proven to be one:
// a quotient known to be 0 is no constant the reference was specialised on).
bool isConstant(const GFunction& f, int v)
{
    const GValue& c = f.canonValue(v);
    if (!isPoint(c.range) || c.def < 0)
        return false;
    const GOp& o = f.ops[size_t(c.def)];
    return o.id == OpId::Constant || (o.hasSemOperands && o.semOperands.empty());
}

// A place where the structure pins a value: matched ops whose operand is the
// constant `value` in the reference and a computed value in the generated op.
struct Pin
{
    int genValue; // written value id (stable across renormalization)
    int64_t value;
};

std::vector<Pin> pinsOf(const GFunction& R, const GFunction& G)
{
    std::vector<Pin> pins;
    const OpMatching m = matchOps(R, G);
    for (size_t r = 0; r < R.ops.size(); ++r) {
        const int g = m.refToGen[r];
        if (g < 0)
            continue;
        const GOp& a = R.ops[r];
        const GOp& b = G.ops[size_t(g)];
        // A reference constant paired with a computed generated value.
        if (a.results.size() == 1 && b.results.size() == 1 && isConstant(R, a.results[0]) &&
            !isPoint(G.canonValue(b.results[0]).range) &&
            R.values[size_t(a.results[0])].typeText == G.values[size_t(b.results[0])].typeText)
            pins.push_back({b.results[0], R.canonValue(a.results[0]).range.lo});
        if (a.operands.size() != b.operands.size())
            continue;
        for (size_t i = 0; i < a.operands.size(); ++i) {
            const IntRange rr = R.canonValue(a.operands[i]).range;
            if (!isConstant(R, a.operands[i]))
                continue;
            // Already a constant on the generated side (for a commutative op at
            // either place): nothing a binding could change.
            const GValue& gv = G.canonValue(b.operands[i]);
            if (isPoint(gv.range) || (b.commutative && b.operands.size() == 2 &&
                                      G.canonValue(b.operands[1 - i]).range.known &&
                                      isPoint(G.canonValue(b.operands[1 - i]).range)))
                continue;
            if (gv.typeText == R.canonValue(a.operands[i]).typeText)
                pins.push_back({b.operands[i], rr.lo});
        }
    }
    return pins;
}

// An op with operand `skip` left out: name, attributes, result types, the
// left-out operand's type and the other operands' identities (for a binary
// commutative op, the other operand's). Loop bodies are left out too, so a
// loop is pinned by its bounds whatever its body.
uint64_t keyWithout(const GFunction& f, const GOp& o, size_t skip)
{
    const bool commutative = o.commutative && o.operands.size() == 2;
    uint64_t h = hashMix(o.nameHash, commutative ? 0 : skip + 1);
    for (const auto& a : o.attrs)
        h = hashMix(h, a.hash);
    for (int r : o.results)
        h = hashMix(h, f.values[size_t(r)].typeHash);
    h = hashMix(h, f.canonValue(o.operands[skip]).typeHash);
    for (size_t i = 0; i < o.operands.size(); ++i)
        if (i != skip)
            h = hashMix(h, f.canonValue(o.operands[i]).hash);
    return hashMix(h, o.operands.size());
}

// Pins found by structure alone: a generated op equal to a reference op but
// for one operand, a constant in the reference (ambiguous keys are dropped).
void structuralPins(const GFunction& R, const GFunction& G, std::vector<Pin>& pins)
{
    std::unordered_map<uint64_t, std::pair<int64_t, bool>> ref; // key -> (value, unique)
    for (const GOp& o : R.ops) {
        if (!o.live || o.duplicateOf >= 0 || o.assume)
            continue;
        for (size_t i = 0; i < o.operands.size(); ++i) {
            const IntRange r = R.canonValue(o.operands[i]).range;
            if (!isConstant(R, o.operands[i]))
                continue;
            auto [it, fresh] = ref.emplace(keyWithout(R, o, i), std::make_pair(r.lo, true));
            if (!fresh && it->second.first != r.lo)
                it->second.second = false;
        }
    }
    for (const GOp& o : G.ops) {
        if (!o.live || o.duplicateOf >= 0 || o.assume)
            continue;
        for (size_t i = 0; i < o.operands.size(); ++i) {
            if (isPoint(G.canonValue(o.operands[i]).range))
                continue;
            const auto it = ref.find(keyWithout(G, o, i));
            if (it != ref.end() && it->second.second)
                pins.push_back({o.operands[i], it->second.first});
        }
    }
}

struct PinScore
{
    int satisfied = 0, conflicting = 0;
};

PinScore scorePins(const std::vector<Pin>& pins, const GFunction& G)
{
    PinScore s;
    for (const Pin& p : pins) {
        const IntRange r = G.canonValue(p.genValue).range;
        if (isPoint(r))
            ++(r.lo == p.value ? s.satisfied : s.conflicting);
    }
    return s;
}

bool isScalarFloat(const GValue& v)
{
    return v.typeText == "tile<f32>" || v.typeText == "tile<f16>" || v.typeText == "tile<bf16>" ||
           v.typeText == "tile<f64>";
}

// Live generated ops whose normal form is also one of the reference's.
size_t sharedForms(const GFunction& R, const GFunction& G)
{
    std::unordered_set<uint64_t> ref;
    for (const GOp& o : R.ops)
        if (o.live && o.duplicateOf < 0)
            ref.insert(o.hash);
    size_t n = 0;
    for (const GOp& o : G.ops)
        n += o.live && o.duplicateOf < 0 && ref.count(o.hash);
    return n;
}

// Float constants (`ct.Constant[float]`, `_F<bits>` in the reference's name) passed as
// runtime float arguments by the port, which cannot take float const generics: its extra
// scalar float arguments, in order, bound to the reference's float constants, in order,
// when that makes more of the generated function equal to the reference.
void specialiseFloatArgs(const GFunction& R, GFunction& G)
{
    const std::vector<uint64_t>& values = R.demangled.floatConstants;
    if (values.empty() || !G.demangled.floatConstants.empty() || R.regions.empty() ||
        G.regions.empty() || G.ops.size() > kMaxOps || R.ops.size() > kMaxOps)
        return;
    const IdList ra = R.regions[0].args, ga = G.regions[0].args;
    std::vector<int> args;
    for (size_t i = ra.size(); i < ga.size(); ++i)
        if (isScalarFloat(G.values[size_t(ga[i])]))
            args.push_back(ga[i]);
    if (args.size() != values.size() || args.size() > kMaxArgs)
        return;
    const size_t before = sharedForms(R, G);
    for (size_t k = 0; k < args.size(); ++k)
        G.specialisedFloats.emplace_back(args[k], values[k]);
    resetNormalForm(G);
    normalizeGraph(G);
    if (sharedForms(R, G) > before)
        return;
    G.specialisedFloats.clear();
    resetNormalForm(G);
    normalizeGraph(G);
}

void specialiseIntArgs(const GFunction& R, GFunction& G)
{
    G.specialisedArgs.clear();
    const std::vector<int> args = extraScalarArgs(R, G);
    const std::vector<int64_t> values = specialisedConstants(R);
    // Another ABI (tensors vs raw pointers): no position to bind by; the
    // addresses decide (AddressBindings.h), never against a pin.
    if (args.empty() && !values.empty() && G.demangled.constants.empty()) {
        if (G.ops.size() > kMaxOps || R.ops.size() > kMaxOps)
            return;
        std::vector<Pin> pins = pinsOf(R, G);
        structuralPins(R, G, pins);
        bindArgsByAddresses(R, G, values, [&] { return scorePins(pins, G).conflicting == 0; });
        return;
    }
    if (args.empty() || values.empty() || args.size() > kMaxArgs || G.ops.size() > kMaxOps ||
        R.ops.size() > kMaxOps)
        return;
    std::vector<Pin> pins = pinsOf(R, G);
    structuralPins(R, G, pins);
    if (pins.empty())
        return;
    std::vector<std::pair<int, int64_t>> chosen; // current binding
    int best = 0;
    bool current = true; // G is normalized under `chosen`
    // The port keeps the parameter order: its k-th extra argument is the
    // reference's k-th specialised constant (M, N, K of `..._I1024_I512_I64`).
    // Each is bound only when that satisfies more pins and contradicts none,
    // tried one after the other; a second round lets arguments that are only
    // pinned together (ceil(M/128) * ceil(N/256) = 32) confirm each other.
    for (int round = 0; round < 2; ++round) {
        for (size_t k = 0; k < args.size() && k < values.size(); ++k) {
            auto trial = chosen;
            if (std::find(trial.begin(), trial.end(), std::make_pair(args[k], values[k])) !=
                trial.end())
                continue;
            trial.emplace_back(args[k], values[k]);
            std::sort(trial.begin(), trial.end());
            G.specialisedArgs = trial;
            resetNormalForm(G);
            normalizeGraph(G);
            const PinScore s = scorePins(pins, G);
            current = false;
            if (s.conflicting == 0 && s.satisfied > best) {
                best = s.satisfied;
                chosen = trial;
                current = true;
            }
        }
    }
    if (!current) {
        G.specialisedArgs = chosen;
        resetNormalForm(G);
        normalizeGraph(G);
    }
}

} // namespace

void specialiseRuntimeArgs(const GFunction& R, GFunction& G)
{
    G.specialisedFloats.clear();
    specialiseIntArgs(R, G);
    specialiseFloatArgs(R, G);
}

std::string describeFloatConstant(uint64_t doubleBits)
{
    double v = 0;
    std::memcpy(&v, &doubleBits, sizeof v);
    return ir::shortFloatText(v);
}

std::string describeSpecialisation(const GFunction& G)
{
    std::string out;
    for (const auto& [v, c] : G.specialisedArgs) {
        out += out.empty() ? "" : ", ";
        out += "argument " + std::to_string(G.values[size_t(v)].index) + " = " + std::to_string(c);
    }
    for (const auto& [v, bits] : G.specialisedFloats) {
        out += out.empty() ? "" : ", ";
        out += "argument " + std::to_string(G.values[size_t(v)].index) + " = " +
               describeFloatConstant(bits);
    }
    return out;
}

} // namespace tilelens::diff
