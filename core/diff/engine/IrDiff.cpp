#include "diff/IrDiff.h"

#include "diff/EntryNames.h"
#include "diff/classify/Classifier.h"
#include "diff/classify/Recognizers.h"
#include "diff/compare/CriticalCounterexample.h"
#include "diff/compare/FloatWitness.h"
#include "diff/compare/Localise.h"
#include "diff/compare/MaskBounds.h"
#include "diff/compare/OpComparator.h"
#include "diff/compare/PaddingFacts.h"
#include "diff/compare/RootCauses.h"
#include "diff/compare/SmtCheck.h"
#include "diff/compare/SpecialisedEquality.h"
#include "diff/engine/GraphTasks.h"
#include "diff/engine/OperandText.h"
#include "diff/graph/SummaryTable.h"
#include "diff/match/AlignedRows.h"
#include "diff/match/ArgSpecialisation.h"
#include "diff/match/ArgumentRoles.h"
#include "diff/match/OpMatcher.h"
#include "diff/semantics/Semantics.h"
#include "ir/Function.h"
#include "ir/Module.h"

#include <algorithm>
#include <atomic>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <string_view>

namespace tilelens::diff {

namespace {

// Ops of both sides above which the SMT check is not asked (the real-port pairs have
// under 1,000; the 2x100k synthetic pairs 200,000).
constexpr size_t kSolverMaxOps = 50000;

// What one function pair contributes to the result. Divergence ids are
// temporary ("t<pair>.<n>", unique across pairs); finalize() renumbers them.
struct PairResult
{
    FunctionDiff function;
    std::vector<Divergence> divergences;
    uint64_t solverSteps = 0; // DiffResult::solverSteps of this pair
};

// What each generated entry argument was compared as (FunctionDiff::generatedArguments).
std::vector<ArgumentTie> argumentTies(const GFunction& R, const GFunction& G)
{
    std::vector<ArgumentTie> ties;
    if (R.regions.empty() || G.regions.empty())
        return ties;
    const size_t rn = R.regions[0].args.size();
    ties.resize(G.regions[0].args.size());
    for (size_t k = 0; k < ties.size(); ++k) {
        const int slot = G.entryArgSlot(k);
        ties[k].referenceArgument = slot >= 0 && size_t(slot) < rn ? slot : -1;
    }
    const auto tie = [&](int value) -> ArgumentTie* {
        const int k = G.values[size_t(value)].index;
        return k >= 0 && size_t(k) < ties.size() ? &ties[size_t(k)] : nullptr;
    };
    for (const auto& [v, c] : G.specialisedArgs)
        if (ArgumentTie* t = tie(v))
            t->intConstant = c;
    for (const auto& [v, bits] : G.specialisedFloats)
        if (ArgumentTie* t = tie(v))
            t->floatBits = bits;
    return ties;
}

class Comparison
{
public:
    Comparison(const Classifier& classifier, size_t index, PairResult& out, bool useSolver,
               bool alignedRows, const CancelToken& cancel)
        : m_classifier(classifier), m_prefix("t" + std::to_string(index) + "."), m_out(out),
          m_useSolver(useSolver), m_alignedRows(alignedRows), m_cancel(cancel)
    {
    }

    void pair(const GFunction* R, const GFunction* G)
    {
        FunctionDiff& fd = m_out.function;
        fd.reference = R ? R->name : std::string();
        fd.generated = G ? G->name : std::string();
        fd.refOps = R ? R->writtenOps : 0;
        fd.genOps = G ? G->writtenOps : 0;
        RowLinks links;
        const std::string fname = R ? R->name : G->name;
        if (R && G) {
            const OpMatching m = matchOps(*R, *G);
            m_cancel.throwIfCancelled();
            fd.matchedOps = m.matchedOps;
            fd.generatedArguments = argumentTies(*R, *G);
            const auto raw = compareFunctions(*R, *G, m);
            m_cancel.throwIfCancelled();
            // The recognizers scan the whole pair: only worth it when something differs.
            std::optional<RecognizerContext> ctx;
            if (!raw.empty())
                ctx.emplace(*R, *G, m);
            decideBySolver(*R, *G, m, raw, ctx ? &*ctx : nullptr, fname, links);
            m_out.solverSteps = m_solverBudget.stepsSpent();
            closeGroups();
            if (m_alignedRows)
                fd.rows = buildAlignedRows(R, G, &m, links);
        } else {
            RawDifference d;
            d.kind = R ? DiffKind::FunctionMissing : DiffKind::FunctionExtra;
            d.functionLevel = true;
            if (R) {
                d.refOpName = "entry";
                d.refLine = R->line;
                d.refColumn = R->column;
                d.refValue = R->name;
            } else {
                d.genOpName = "entry";
                d.genLine = G->line;
                d.genColumn = G->column;
                d.genValue = G->name;
            }
            add(m_classifier.classify(d, nullptr, fname), d, links);
            if (m_alignedRows)
                fd.rows = buildAlignedRows(R, G, nullptr, links);
        }
    }

private:
    // Critical integer / mask differences of matched pairs go to the solver:
    // proven equal (and with them every difference inside the proven cones),
    // or a counterexample that shows the change.
    void decideBySolver(const GFunction& R, const GFunction& G, const OpMatching& m,
                        std::vector<RawDifference> raw, const RecognizerContext* ctx,
                        const std::string& fname, RowLinks& links)
    {
        const std::vector<int> commuted = proveCommutedReshapes(R, G, m, raw);
        std::vector<Divergence> divs;
        divs.reserve(raw.size());
        for (const RawDifference& d : raw)
            divs.push_back(m_classifier.classify(d, ctx, fname));
        std::map<std::pair<int, int>, SmtVerdict> decided; // per op pair
        std::map<int, std::string> provenRef, provenGen;   // op -> proof covering it
        for (size_t i = 0; i < raw.size(); ++i) {
            RawDifference& d = raw[i];
            if (divs[i].severity != Severity::Critical || d.refOp < 0 || d.genOp < 0 ||
                !d.proof.empty() || d.functionLevel || d.kind == DiffKind::TypeChanged ||
                d.kind == DiffKind::TypePropagated)
                continue;
            auto key = std::make_pair(d.refOp, d.genOp);
            auto it = decided.find(key);
            if (it == decided.end()) {
                m_cancel.throwIfCancelled(); // a query can take milliseconds
                it = decided
                         .emplace(key, m_useSolver ? smtCompare(R, d.refOp, G, d.genOp, m)
                                                   : SmtVerdict{})
                         .first;
                if (it->second.kind == SmtVerdict::Equal) {
                    for (int o : it->second.refCone)
                        provenRef.emplace(o, it->second.text);
                    for (int o : it->second.genCone)
                        provenGen.emplace(o, it->second.text);
                }
            }
            if (it->second.kind == SmtVerdict::Equal) {
                d.proof = it->second.text;
                boundaryNeverReached(R, G, m, d);
                restsOnLaunchDivisors(it->second, d);
            } else if (signednessCannotMatter(R, G, d) || (it->second.kind == SmtVerdict::Differs &&
                                                           signednessProvenIrrelevant(R, G, m, d)))
                ; // the pair differs (a changed predicate), but not by its signedness
            else if (it->second.kind == SmtVerdict::Differs)
                d.counterexample = it->second.text;
            if (it->second.kind != SmtVerdict::Unknown)
                divs[i] = m_classifier.classify(d, ctx, fname);
        }
        addSpecialisedEqualities(R, G, m, decided, raw, divs, ctx, fname);
        // An op of a proven cone that also feeds something outside it (directly
        // or through other cone ops) can change that: it leaves the cone.
        std::set<std::pair<Side, int>> roots;
        for (const auto& [key, verdict] : decided)
            if (verdict.kind == SmtVerdict::Equal) {
                roots.insert({Side::Reference, key.first});
                roots.insert({Side::Generated, key.second});
            }
        closeCone(R, provenRef, roots, Side::Reference);
        closeCone(G, provenGen, roots, Side::Generated);
        for (size_t i = 0; i < raw.size(); ++i) {
            RawDifference& d = raw[i];
            // A difference inside a proven cone (a constant the two sides
            // combine differently) cannot change the proven result.
            if (divs[i].severity == Severity::Critical && d.proof.empty()) {
                auto r = provenRef.find(d.refOp), g = provenGen.find(d.genOp);
                if ((r != provenRef.end() || g != provenGen.end()) &&
                    onlyUsedWithin(R, d.refOp, provenRef) &&
                    onlyUsedWithin(G, d.genOp, provenGen)) {
                    d.counterexample.clear();
                    d.proof = "inside a computation proven equal: " +
                              (r != provenRef.end() ? r->second : g->second);
                    divs[i] = m_classifier.classify(d, ctx, fname);
                }
            }
        }
        // One finding per root cause: differences that follow from another
        // critical one become its sites (roots first, so that they exist).
        std::vector<char> partOfChange;
        std::vector<int> root = rootCauses(R, G, raw, divs, &partOfChange);
        localiseRoots(R, G, m, raw, divs, root, partOfChange, ctx, fname);
        std::vector<char> critical(raw.size(), 0);
        for (size_t i = 0; i < raw.size(); ++i)
            critical[i] = divs[i].severity == Severity::Critical ? 1 : 0;
        joinSwappedArguments(R, G, m, raw, critical, root, partOfChange);
        // The differences of one commuted cast and reshape are one finding; another
        // difference of the lead's own op pair is no other place of it.
        std::vector<char> leadsPlace(raw.size(), 0);
        for (size_t i = 0; i < commuted.size(); ++i) {
            const int lead = commuted[i];
            if (lead >= 0 && lead != int(i) && root[i] < 0 && root[size_t(lead)] < 0 &&
                divs[i].severity == divs[size_t(lead)].severity) {
                root[i] = lead;
                partOfChange[i] = 1;
                const bool samePair = raw[i].refOp == raw[size_t(lead)].refOp &&
                                      raw[i].genOp == raw[size_t(lead)].genOp;
                leadsPlace[i] = samePair ? 1 : 0;
            }
        }
        const int masks = groupMaskBounds(R, G, raw, divs, root);
        if (masks >= 0)
            divs[size_t(masks)] = m_classifier.classify(raw[size_t(masks)], ctx, fname);
        std::vector<size_t> where(raw.size(), 0);
        for (size_t i = 0; i < raw.size(); ++i)
            if (root[i] < 0)
                where[i] = add(std::move(divs[i]), raw[i], links, &R, &G);
        // The mask-bound group's sites share one cause; none passes on the root's result.
        if (masks >= 0)
            m_sharedCause.insert(where[size_t(masks)]);
        for (size_t i = 0; i < raw.size(); ++i) {
            if (root[i] < 0)
                continue;
            if (leadsPlace[i])
                link(m_out.divergences[where[size_t(root[i])]].id, raw[i], links);
            else
                attach(where[size_t(root[i])], std::move(divs[i]), raw[i], links, !partOfChange[i]);
        }
        if (m_useSolver)
            addCounterexamples(R, G, m, raw, root, where);
        else
            markUnsearched(root, where);
    }

    // An equality the solver proved only with the reference's specialisation is a
    // warn where the port writes the constant (SpecialisedEquality.h, issue 30 item 3).
    void addSpecialisedEqualities(const GFunction& R, const GFunction& G, const OpMatching& m,
                                  const std::map<std::pair<int, int>, SmtVerdict>& decided,
                                  std::vector<RawDifference>& raw, std::vector<Divergence>& divs,
                                  const RecognizerContext* ctx, const std::string& fname)
    {
        std::set<std::pair<int, int>> placed;
        for (const auto& [key, verdict] : decided) {
            if (verdict.kind != SmtVerdict::Equal || G.specialisedArgs.empty())
                continue;
            m_cancel.throwIfCancelled();
            std::optional<RawDifference> d =
                restsOnSpecialisedArgument(R, key.first, G, key.second, m, verdict);
            if (!d || !placed.insert({d->refOp, d->genOp}).second)
                continue;
            divs.push_back(m_classifier.classify(*d, ctx, fname));
            raw.push_back(std::move(*d));
        }
        std::vector<int> reported;
        for (const RawDifference& d : raw)
            if (d.genOp >= 0 && d.proof.empty())
                reported.push_back(d.genOp);
        for (RawDifference& d : literalsOfSpecialisedConstants(R, G, m, reported)) {
            divs.push_back(m_classifier.classify(d, ctx, fname));
            raw.push_back(std::move(d));
        }
    }

    // A critical finding the result comparison left without a counterexample gets one from
    // the values that make its difference (CriticalCounterexample.h, FloatWitness.h), at its
    // root or else at one of its first sites; one that has only a class of inputs (a ragged
    // tile) gets a concrete input where one is found. A finding still without one says what
    // was searched. Only these fields change: grouping and counts stay as they are.
    void addCounterexamples(const GFunction& R, const GFunction& G, const OpMatching& m,
                            const std::vector<RawDifference>& raw, const std::vector<int>& root,
                            const std::vector<size_t>& where)
    {
        for (size_t i = 0; i < raw.size(); ++i) {
            if (root[i] >= 0)
                continue;
            Divergence& finding = m_out.divergences[where[i]];
            const bool onlyAClass =
                std::string_view(finding.counterexample).substr(0, kInputClassPrefix.size()) ==
                kInputClassPrefix;
            if (finding.severity != Severity::Critical ||
                (!finding.counterexample.empty() && !onlyAClass))
                continue;
            m_cancel.throwIfCancelled();
            // The solver first (integer, mask and address values); the float values of a
            // finding it cannot model then (FloatWitness.h).
            std::string text = atRootOrSite(raw, root, i, [&](const RawDifference& d) {
                return criticalCounterexample(R, G, m, d);
            });
            if (text.empty() && !onlyAClass)
                text = atRootOrSite(
                    raw, root, i, [&](const RawDifference& d) { return floatWitness(R, G, m, d); });
            if (!text.empty())
                finding.counterexample = std::move(text);
            else if (!onlyAClass)
                finding.unprovenReason =
                    m_solverBudget.refusedAQuery() ? kBudgetSpentReason : kSearchedReason;
        }
    }

    // What an unproven critical of a searched function says after its mark.
    static constexpr const char* kSearchedReason =
        "searched: the solver for integer, mask and address inputs, and both sides evaluated "
        "on uniform float inputs; `diff --eval` runs the kernels on the CPU";
    // ... and where the function's solver budget ran out first (SolverBudget).
    static constexpr const char* kBudgetSpentReason =
        "searched in part: the solver's budget for this function (the step limits of two "
        "queries) ran out before this finding's queries; `diff --eval` runs the kernels on the "
        "CPU";

    // Above the op limit nothing is searched: each unproven critical says so.
    void markUnsearched(const std::vector<int>& root, const std::vector<size_t>& where)
    {
        for (size_t i = 0; i < root.size(); ++i) {
            if (root[i] >= 0)
                continue;
            Divergence& finding = m_out.divergences[where[i]];
            if (finding.unproven())
                finding.unprovenReason = "not searched: the solver and the float evaluation do "
                                         "not run on modules over " +
                                         std::to_string(kSolverMaxOps) + " ops";
        }
    }

    // What `find` gives for root i (a counterexample text, "" for none), or else for one of
    // its first sites, with the site named. A site with a proof of its own (an op the normal
    // form folds into another value) is not asked: what its users read differs, if at all,
    // through another cause, and its witness would be that cause's.
    template <typename Find>
    static std::string atRootOrSite(const std::vector<RawDifference>& raw,
                                    const std::vector<int>& root, size_t i, const Find& find)
    {
        constexpr int kMaxSitesAsked = 8; // a query costs up to milliseconds
        std::string text = find(raw[i]);
        int asked = 0;
        for (size_t j = 0; text.empty() && j < raw.size() && asked < kMaxSitesAsked; ++j) {
            if (root[j] != int(i) || !raw[j].proof.empty())
                continue;
            ++asked;
            text = find(raw[j]);
            if (!text.empty())
                text += siteText(raw[j]);
        }
        return text;
    }

    // " (mulf at line 12 of generated)": where a site's counterexample was found.
    static std::string siteText(const RawDifference& d)
    {
        return d.genOp >= 0
                   ? " (" + d.genOpName + " at line " + std::to_string(d.genLine) + " of generated)"
                   : " (" + d.refOpName + " at line " + std::to_string(d.refLine) +
                         " of reference)";
    }

    // A root that is the generic fallback's operand change at the end of a chain
    // written alike on both sides moves to the chain's first op, where the operand
    // that changed is read (Localise.h); the old root and what followed it become
    // sites of the new one. The solver is asked for an input on which the new
    // root's results differ.
    void localiseRoots(const GFunction& R, const GFunction& G, const OpMatching& m,
                       std::vector<RawDifference>& raw, std::vector<Divergence>& divs,
                       std::vector<int>& root, std::vector<char>& partOfChange,
                       const RecognizerContext* ctx, const std::string& fname)
    {
        std::map<std::pair<int, int>, int> placed; // localised op pair -> its difference
        const size_t n = raw.size();
        // A pair already reported critical keeps its finding: the chain joins it.
        for (size_t i = 0; i < n; ++i)
            if (divs[i].severity == Severity::Critical && raw[i].refOp >= 0 && raw[i].genOp >= 0)
                placed.emplace(std::make_pair(raw[i].refOp, raw[i].genOp),
                               root[i] >= 0 ? root[i] : int(i));
        for (size_t i = 0; i < n; ++i) {
            if (root[i] >= 0 || divs[i].severity != Severity::Critical ||
                divs[i].rule != "fallback-semantic")
                continue;
            std::optional<RawDifference> loc = localiseOperandChange(R, G, m, raw[i]);
            if (!loc)
                continue;
            const auto key = std::make_pair(loc->refOp, loc->genOp);
            auto it = placed.find(key);
            if (it == placed.end()) {
                if (m_useSolver) {
                    m_cancel.throwIfCancelled();
                    const SmtVerdict v = smtCompare(R, loc->refOp, G, loc->genOp, m);
                    if (v.kind == SmtVerdict::Equal)
                        continue; // the chain's first op is the same value: not localised
                    if (v.kind == SmtVerdict::Differs)
                        loc->counterexample = v.text;
                }
                Divergence div = m_classifier.classify(*loc, ctx, fname);
                if (div.severity != Severity::Critical)
                    continue;
                it = placed.emplace(key, int(raw.size())).first;
                raw.push_back(std::move(*loc));
                divs.push_back(std::move(div));
                root.push_back(-1);
                partOfChange.push_back(0);
            }
            int to = it->second;
            while (root[size_t(to)] >= 0) // that finding may have moved itself
                to = root[size_t(to)];
            if (to == int(i))
                continue;
            for (size_t j = 0; j < n; ++j)
                if (root[j] == int(i))
                    root[j] = to;
            root[i] = to;
            partOfChange[i] = 0;
        }
        // A root moved later leaves earlier followers one step short of it.
        for (int& r : root)
            while (r >= 0 && root[size_t(r)] >= 0)
                r = root[size_t(r)];
    }

    // A signedness that cannot change either side's result (operands proven
    // non-negative) is no difference, also where the pair differs otherwise: a
    // changed predicate is then one finding, not two with one counterexample
    // (issue 30 item 1). Gives the difference that proof.
    static bool signednessCannotMatter(const GFunction& R, const GFunction& G, RawDifference& d)
    {
        const GOp& a = R.ops[size_t(d.refOp)];
        const GOp& b = G.ops[size_t(d.genOp)];
        if (!isSignednessAttr(d.attribute) || !a.signNeutral || !b.signNeutral)
            return false;
        d.proof = std::string(!a.proof.empty() ? a.proof : b.proof);
        return !d.proof.empty();
    }

    // `<` for `<=` (or `>` for `>=`) on the same operands differs exactly where
    // the two operands are equal. Proven equal, that is because a constant
    // operand (a specialised extent, N_KV_CTX = TILE_N = 128) is never reached:
    // an equality that rests on the specialisation, a warn that names the
    // constant and where the two differ (issue 30 item 3).
    static void boundaryNeverReached(const GFunction& R, const GFunction& G, const OpMatching& m,
                                     RawDifference& d)
    {
        const GOp& a = R.ops[size_t(d.refOp)];
        const GOp& b = G.ops[size_t(d.genOp)];
        if (d.kind != DiffKind::AttributeChanged || d.attribute != "predicate" ||
            a.id != OpId::CmpI || b.id != OpId::CmpI || a.operands.size() != 2 ||
            b.operands.size() != 2)
            return;
        const auto strictPair = [](std::string_view x, std::string_view y) {
            const auto is = [&](std::string_view p, std::string_view q) {
                return (x == p && y == q) || (x == q && y == p);
            };
            return is("less_than", "less_than_or_equal") ||
                   is("greater_than", "greater_than_or_equal");
        };
        if (!strictPair(d.refValue, d.genValue))
            return;
        std::optional<int64_t> bound;
        for (size_t k = 0; k < 2; ++k) {
            const int rc = R.values[size_t(a.operands[k])].canon;
            const int gc = G.values[size_t(b.operands[k])].canon;
            if (m.refValToGen[size_t(rc)] != gc &&
                R.values[size_t(rc)].hash != G.values[size_t(gc)].hash)
                return; // other operands: not a question of the boundary alone
            const IntRange r = R.values[size_t(rc)].range;
            if (r.known && r.lo == r.hi)
                bound = r.lo;
        }
        if (!bound)
            return;
        const std::string c = std::to_string(*bound);
        std::string boundArgs; // the generated entry's arguments bound to that constant
        for (const auto& [v, value] : G.specialisedArgs)
            if (value == *bound)
                boundArgs +=
                    (boundArgs.empty() ? "" : ", ") + std::to_string(G.values[size_t(v)].index);
        const std::string which = boundArgs.empty()
                                      ? std::string(" (a specialised extent or bound)")
                                      : " (the reference's specialisation; the generated entry's "
                                        "argument(s) " +
                                            boundArgs + " bound to it)";
        d.proof += "; provided that the compared values never meet: " + d.refValue + " and " +
                   d.genValue + " differ exactly where both operands are equal, which here only " +
                   "the constant " + c + which +
                   " excludes; where the other operand can reach it (both " + c +
                   ", e.g. an extent that is not a multiple of the tile), they differ";
        d.conditional = true;
    }

    // An equality that needs the divisibility the reference assumes of an entry argument
    // (ceil(m / 16) written m / 16, equal where m is a multiple of 16) holds for the launches
    // whose values give that hint, not for every launch of the kernel: a precondition, said
    // with an instance where the two differ (issue 30 item 3).
    static void restsOnLaunchDivisors(const SmtVerdict& v, RawDifference& d)
    {
        if (v.withoutLaunchDivisors.empty())
            return;
        d.proof += "; provided that the launch's divisibility hints hold (" + v.launchDivisors +
                   ", each launch's claim of its own values): for other values they differ, e.g. " +
                   v.withoutLaunchDivisors;
        d.conditional = true;
    }

    // A compare whose predicate and signedness both changed: read with the
    // reference's predicate, the generated compare agrees with the reference's
    // for every input, so the predicate is the change and the signedness none.
    bool signednessProvenIrrelevant(const GFunction& R, const GFunction& G, const OpMatching& m,
                                    RawDifference& d) const
    {
        const GOp& a = R.ops[size_t(d.refOp)];
        const GOp& b = G.ops[size_t(d.genOp)];
        if (!m_useSolver || !isSignednessAttr(d.attribute) || a.id != OpId::CmpI ||
            b.id != OpId::CmpI)
            return false;
        const GAttr* pa = findAttr(a, "predicate");
        const GAttr* pb = findAttr(b, "predicate");
        if (!pa || !pb || pa->value == pb->value)
            return false;
        m_cancel.throwIfCancelled();
        const SmtVerdict v = smtCompareSignedness(R, d.refOp, G, d.genOp, m);
        if (v.kind != SmtVerdict::Equal)
            return false;
        d.proof = "the signedness cannot change this compare: with the reference's predicate "
                  "the two compares agree (" +
                  v.text + ")";
        return true;
    }

    // A difference that follows from the root finding at `index`: one more site of it.
    void attach(size_t index, Divergence div, const RawDifference& d, RowLinks& links,
                bool downstream)
    {
        Divergence& rootFinding = m_out.divergences[index];
        if (rootFinding.sites.empty())
            rootFinding.sites.push_back({rootFinding.reference, rootFinding.generated});
        rootFinding.sites.push_back({div.reference, div.generated});
        if (downstream && !m_sharedCause.count(index))
            ++m_downstream[index];
        // The first input on which a downstream result differs shows the root's effect.
        if (rootFinding.counterexample.empty() && !div.counterexample.empty())
            rootFinding.counterexample =
                div.counterexample + " (" + div.generated.value_or(*div.reference).op +
                " at line " + std::to_string(div.generated.value_or(*div.reference).line) +
                (div.generated ? " of generated)" : " of reference)");
        link(rootFinding.id, d, links);
    }

    // Removes the cone ops (other than the proven ops themselves) that have a
    // user outside the cone, until none is left.
    static void closeCone(const GFunction& f, std::map<int, std::string>& cone,
                          const std::set<std::pair<Side, int>>& roots, Side side)
    {
        for (bool changed = true; changed;) {
            changed = false;
            for (auto it = cone.begin(); it != cone.end();) {
                if (!roots.count({side, it->first}) && !onlyUsedWithin(f, it->first, cone)) {
                    it = cone.erase(it);
                    changed = true;
                } else {
                    ++it;
                }
            }
        }
    }

    static bool onlyUsedWithin(const GFunction& f, int op, const std::map<int, std::string>& cone)
    {
        if (op < 0)
            return true;
        for (int res : f.ops[size_t(op)].results)
            for (int u : f.canonValue(res).users)
                if (!cone.count(u))
                    return false;
        return true;
    }

    // One finding per root cause: a difference classified like an earlier one
    // (same severity, rule, message, proof and counterexample) becomes another
    // site of it. The key reads the canonical operand words, so CSE twins still
    // group; the message shown names the operands as the first site's text reads
    // them (OperandText.h), given the graphs.
    size_t add(Divergence div, const RawDifference& d, RowLinks& links,
               const GFunction* R = nullptr, const GFunction* G = nullptr)
    {
        const std::string key = std::string(severityName(div.severity)) + '\x1f' + div.rule +
                                '\x1f' + div.message + '\x1f' + div.counterexample + '\x1f' +
                                div.proof;
        auto [it, fresh] = m_groups.emplace(key, m_out.divergences.size());
        if (!fresh) {
            Divergence& first = m_out.divergences[it->second];
            if (first.sites.empty())
                first.sites.push_back({first.reference, first.generated});
            first.sites.push_back({div.reference, div.generated});
            link(first.id, d, links);
            return it->second;
        }
        if (R && G)
            nameOperandsAsWritten(*R, *G, d, div);
        div.id = m_prefix + std::to_string(m_next++);
        link(div.id, d, links);
        m_out.divergences.push_back(std::move(div));
        return m_out.divergences.size() - 1;
    }

    static void link(const std::string& id, const RawDifference& d, RowLinks& links)
    {
        if (d.functionLevel)
            links.entry.push_back(id);
        if (d.refOp >= 0)
            links.refOps[d.refOp].push_back(id);
        if (d.genOp >= 0)
            links.genOps[d.genOp].push_back(id);
    }

    // Grouped findings say how many places they cover.
    void closeGroups()
    {
        for (size_t i = 0; i < m_out.divergences.size(); ++i) {
            Divergence& d = m_out.divergences[i];
            const auto downstream = m_downstream.find(i);
            if (downstream != m_downstream.end()) {
                d.downstreamOps = downstream->second;
                d.message += "; " + std::to_string(downstream->second) +
                             " op(s) using its result differ only through it";
            }
            if (d.sites.size() > 1)
                d.message += " (" + std::to_string(d.sites.size()) + " sites)";
        }
    }

    const Classifier& m_classifier;
    std::map<std::string, size_t> m_groups; // group key -> index in m_out.divergences
    std::map<size_t, int> m_downstream;     // root finding -> sites attached as following it
    std::set<size_t> m_sharedCause;         // root findings whose sites share its cause
    std::string m_prefix;
    PairResult& m_out;
    const bool m_useSolver;   // false: every query is "unknown" (kSolverMaxOps)
    const bool m_alignedRows; // false: FunctionDiff::rows stay empty
    const CancelToken& m_cancel;
    // The solver's steps for this pair's queries; constructed on the thread that compares it.
    SolverBudget m_solverBudget;
    int m_next = 1;
};

} // namespace

namespace {

DiffResult compareGraphs(const std::vector<GFunction>& rg, std::vector<GFunction>& gg,
                         const RuleSet& rules, const std::string& refPath,
                         const std::string& genPath, const CompareOptions& options)
{
    DiffResult result;
    result.referencePath = refPath;
    result.generatedPath = genPath;
    std::vector<std::string> rnames, gnames;
    std::vector<EntryName> rdemangled, gdemangled;
    std::vector<int> rcounts, gcounts;
    for (const auto& g : rg) {
        rnames.push_back(g.name);
        rdemangled.push_back(g.demangled);
        rcounts.push_back(g.writtenOps);
    }
    for (const auto& g : gg) {
        gnames.push_back(g.name);
        gdemangled.push_back(g.demangled);
        gcounts.push_back(g.writtenOps);
    }
    const auto pairs = matchEntryNames(rnames, gnames, rdemangled, gdemangled, rcounts, gcounts);
    // Before any thread reads the generated graphs: they may be renormalized.
    for (const auto& [i, j] : pairs)
        if (i >= 0 && j >= 0) {
            pairEntryArgsByRole(rg[size_t(i)], gg[size_t(j)]);
            specialiseRuntimeArgs(rg[size_t(i)], gg[size_t(j)]);
        }
    const Classifier classifier(rules);
    std::vector<PairResult> out(pairs.size());
    // Function pairs are independent: worker threads take them one at a
    // time, largest first (by op count), into fixed result slots.
    std::vector<size_t> cost(pairs.size()), order(pairs.size());
    size_t total = 0;
    for (size_t k = 0; k < pairs.size(); ++k) {
        const auto [i, j] = pairs[k];
        cost[k] = (i >= 0 ? rg[size_t(i)].ops.size() : 0) + (j >= 0 ? gg[size_t(j)].ops.size() : 0);
        total += cost[k];
        order[k] = k;
    }
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return cost[a] > cost[b]; });
    // The solver settles a few integer differences in milliseconds each, but a module
    // of thousands of kernels has hundreds of them (seconds): above the limit it is not
    // asked, those differences stay critical without a proof or counterexample, and
    // the result says so.
    const bool useSolver = total <= kSolverMaxOps;
    if (!useSolver)
        result.solverSkipped = "not run: " + std::to_string(total) + " ops in all, over the " +
                               std::to_string(kSolverMaxOps) + "-op limit";
    std::atomic<size_t> next{0};
    auto run = [&] {
        for (size_t t = next++; t < order.size(); t = next++) {
            const size_t k = order[t];
            const auto [i, j] = pairs[k];
            options.cancel.throwIfCancelled();
            Comparison(classifier, k, out[k], useSolver, options.alignedRows, options.cancel)
                .pair(i >= 0 ? &rg[size_t(i)] : nullptr, j >= 0 ? &gg[size_t(j)] : nullptr);
        }
    };
    // Threads cost more than a small module's diff.
    const unsigned workers = pairs.size() > 1 && total >= 4000
                                 ? unsigned(std::min<size_t>(diffWorkerCount(), pairs.size()))
                                 : 1u;
    runOnWorkers(workers, [&](unsigned k) {
        if (k == 0) {
            std::vector<const GFunction*> rp, gp;
            for (const auto& g : rg)
                rp.push_back(&g);
            for (const auto& g : gg)
                gp.push_back(&g);
            result.summary = buildSummary(rp, gp, &result.opCounts);
        }
        run();
    });

    result.functions.reserve(out.size());
    for (PairResult& p : out) {
        result.functions.push_back(std::move(p.function));
        result.solverSteps += p.solverSteps;
        for (Divergence& d : p.divergences)
            result.divergences.push_back(std::move(d));
    }
    result.finalize();
    return result;
}

} // namespace

DiffResult compareModules(const std::vector<const ir::Module*>& ref,
                          const std::vector<const ir::Module*>& gen, const RuleSet& rules,
                          const std::string& refPath, const std::string& genPath,
                          const CompareOptions& options)
{
    // The two sides are independent until matching: build them concurrently.
    const unsigned workers = diffWorkerCount();
    GraphTasks tasks(workers, options.cancel);
    tasks.publish(Side::Reference, ref);
    tasks.publish(Side::Generated, gen);
    runOnWorkers(workers, [&](unsigned k) { tasks.work(k); });
    std::vector<GFunction> rg = tasks.take(Side::Reference), gg = tasks.take(Side::Generated);
    return compareGraphs(rg, gg, rules, refPath, genPath, options);
}

std::optional<DiffResult> compareLoading(const SideLoader& load,
                                         const std::function<void(Side side)>& afterLoad,
                                         const RuleSet& rules, const std::string& refPath,
                                         const std::string& genPath, const CompareOptions& options)
{
    // Workers 0 and 1 load one side each, then every worker builds graphs of
    // whichever side is loaded (GraphTasks).
    const unsigned workers = options.inputBytes == 0 || options.inputBytes >= (uint64_t(1) << 20)
                                 ? diffWorkerCount()
                                 : 2u;
    GraphTasks tasks(workers, options.cancel);
    PerSide<bool> loaded{false, false};
    runOnWorkers(workers, [&](unsigned k) {
        if (const std::optional<Side> parsed = sideParsedBy(k)) {
            const Side side = *parsed;
            // Published even if loading throws: the other workers wait for both sides.
            struct Publish
            {
                GraphTasks& tasks;
                Side side;
                std::vector<const ir::Module*> modules;
                bool done = false;
                void now()
                {
                    if (!done)
                        tasks.publish(side, modules);
                    done = true;
                }
                ~Publish() { now(); }
            } publish{tasks, side, {}};
            tasks.expectInput(side, options.inputBytes / 2);
            publish.modules =
                load(side, [&tasks, side](const ir::Function& f) { tasks.stream(side, f); });
            loaded[side] = !publish.modules.empty();
            publish.now();
            if (loaded[side] && afterLoad)
                afterLoad(side);
        }
        tasks.work(k);
    });
    if (!loaded.reference() || !loaded.generated())
        return std::nullopt;
    std::vector<GFunction> rg = tasks.take(Side::Reference), gg = tasks.take(Side::Generated);
    return compareGraphs(rg, gg, rules, refPath, genPath, options);
}

} // namespace tilelens::diff
