// One finding per root cause, scalar-vs-lane-wise forms and the Python-modulo
// fix-up with a folded sign test (issue 13), on small kernels.

#include "DiffTestUtil.h"

#include <gtest/gtest.h>
#include <set>
#include <string>

namespace tilelens::diff::test {
namespace {

// %0 a scalar i32 argument, %b a bounded one; print_tko keeps values alive.
std::string kernel(const std::string& body)
{
    return "cuda_tile.module @m {\n"
           "  entry @k(%0: tile<i32>, %1: tile<i32>) {\n"
           "    %b = assume bounded<0, 100>, %1 : tile<i32>\n" +
           body +
           "    return\n"
           "  }\n"
           "}\n";
}

// The port inserts an op; the op using its result differs only through it.
TEST(RootCauses, AnOpThatOnlyPassesAChangeOnIsASiteOfIt)
{
    const std::string ref = kernel("    %a = addi %0, %b : tile<i32>\n"
                                   "    %c = muli %a, %0 : tile<i32>\n"
                                   "    %d = subi %c, %b : tile<i32>\n"
                                   "    %p = print_tko \"%d\", %d : tile<i32> -> token\n");
    std::string gen = ref;
    ASSERT_TRUE(applyEdits(gen, {{"    %c = muli %a, %0", "    %e = xori %a, %b : tile<i32>\n"
                                                          "    %c = muli %e, %0"}}));
    const DiffResult r = diffTexts(ref, gen);
    const auto crit = criticals(r);
    ASSERT_EQ(crit.size(), 1u) << describe(r);
    ASSERT_TRUE(crit[0]->generated.has_value());
    EXPECT_EQ(crit[0]->generated->line, lineOf(gen, "%e = xori"));
    ASSERT_EQ(crit[0]->sites.size(), 2u) << describe(r);
    EXPECT_EQ(crit[0]->sites[1].generated->line, lineOf(gen, "%c = muli"));
    EXPECT_NE(crit[0]->message.find("1 op(s) using its result differ only through it"),
              std::string::npos)
        << crit[0]->message;
}

// matmul compiled by cuTile Rust with an f16 accumulator (tests/data/port-mistakes):
// the zero tile, the loop's iter value, the missing cast before the store and the
// store all differ because of the one change at the mma.
TEST(RootCauses, AnAccumulatorTypeChangeIsOneFindingAtTheMma)
{
    const QString data = tilelens::test::testDataDir();
    const std::string port =
        readText(data + QStringLiteral("/real-ports/matmul_128x128x32_2048_f16/generated.mlir"));
    const std::string f16 = readText(
        data + QStringLiteral("/port-mistakes/matmul/wrong_accumulator_type_f16/generated.mlir"));
    ASSERT_FALSE(port.empty());
    ASSERT_FALSE(f16.empty());
    const DiffResult r = diffTexts(port, f16);
    const auto crit = criticals(r);
    ASSERT_EQ(crit.size(), 1u) << describe(r);
    EXPECT_EQ(crit[0]->rule, "mma-accumulator-dtype");
    ASSERT_TRUE(crit[0]->generated.has_value());
    EXPECT_EQ(crit[0]->generated->line, lineOf(f16, "mmaf"));
    std::set<int> lines;
    for (const auto& site : crit[0]->sites)
        if (site.generated)
            lines.insert(site.generated->line);
    EXPECT_TRUE(lines.count(lineOf(f16, "= for "))) << describe(r);
    EXPECT_TRUE(lines.count(lineOf(f16, "store_view_tko"))) << describe(r);
}

// swiglu compiled without the store's mask: the bounds compares, the extensions
// and the `andi` that built it exist only in the unmodified port and feed only
// that store. They are inputs of the one change, not results of it.
TEST(RootCauses, TheComputationOfADroppedOperandIsPartOfTheChange)
{
    const QString data = tilelens::test::testDataDir();
    const std::string port =
        readText(data + QStringLiteral("/real-ports/swiglu_fwd_2x512x4096_bf16/generated.mlir"));
    const std::string masked = readText(
        data + QStringLiteral("/port-mistakes/swiglu/missing_mask_c_store/generated.mlir"));
    ASSERT_FALSE(port.empty());
    ASSERT_FALSE(masked.empty());
    const DiffResult r = diffTexts(port, masked);
    const auto crit = criticals(r);
    ASSERT_EQ(crit.size(), 1u) << describe(r);
    ASSERT_TRUE(crit[0]->generated.has_value());
    EXPECT_EQ(crit[0]->generated->line, lineOf(masked, "store_ptr_tko"));
    std::set<std::string> refOps;
    for (const auto& site : crit[0]->sites)
        if (site.reference && !site.generated)
            refOps.insert(site.reference->op);
    EXPECT_TRUE(refOps.count("andi") && refOps.count("cmpi")) << describe(r);
    EXPECT_EQ(crit[0]->downstreamOps, 0) << crit[0]->message;
}

// dropout's hash: x ^= x << 8; x ^= x >> 4. A port that shifts by its 8 twice chose
// another operand at the second shift: reported there, not at the constant 8, which
// the first shift still uses as the reference does.
TEST(RootCauses, AnOpReadingAnotherConstantIsTheChangeNotTheConstant)
{
    const std::string ref = kernel("    %c8 = constant <i32: 8> : tile<i32>\n"
                                   "    %c4 = constant <i32: 4> : tile<i32>\n"
                                   "    %l = shli %0, %c8 : tile<i32>\n"
                                   "    %x = xori %0, %l : tile<i32>\n"
                                   "    %r = shri %x, %c4 signed : tile<i32>\n"
                                   "    %p = print_tko \"%d\", %r : tile<i32> -> token\n");
    std::string gen = ref;
    ASSERT_TRUE(applyEdits(gen, {{"%r = shri %x, %c4", "%r = shri %x, %c8"}}));
    const DiffResult r = diffTexts(ref, gen);
    const auto crit = criticals(r);
    ASSERT_EQ(crit.size(), 1u) << describe(r);
    ASSERT_TRUE(crit[0]->generated.has_value());
    EXPECT_EQ(crit[0]->generated->line, lineOf(gen, "%r = shri")) << describe(r);
    EXPECT_NE(crit[0]->message.find("<i32: 4>"), std::string::npos) << crit[0]->message;
}

// softmax with a transposed index: row * stride + col written as col * stride + row.
// The offset's normal form sums the terms, so the multiply and the add feed no normal
// form of their own; they are where the change is written, sites of the offset's finding.
TEST(RootCauses, IndexArithmeticAnOffsetAbsorbsIsASiteOfItsChange)
{
    const auto gather = [](const std::string& index) {
        return "cuda_tile.module @m {\n  entry @k(%0: tile<ptr<f32>>, %1: tile<i64>, "
               "%2: tile<i64>, %3: tile<i64>) {\n" +
               index +
               "    %p = offset %0, %i : tile<ptr<f32>>, tile<i64> -> tile<ptr<f32>>\n"
               "    %x, %t = load_ptr_tko weak %p : tile<ptr<f32>> -> tile<f32>, token\n"
               "    %q = print_tko \"%f\", %x : tile<f32> -> token\n"
               "    return\n  }\n}\n";
    };
    const std::string ref = gather("    %m = muli %1, %3 : tile<i64>\n"
                                   "    %i = addi %m, %2 : tile<i64>\n");
    const std::string gen = gather("    %m = muli %2, %3 : tile<i64>\n"
                                   "    %i = addi %m, %1 : tile<i64>\n");
    const DiffResult r = diffTexts(ref, gen);
    const auto crit = criticals(r);
    ASSERT_EQ(crit.size(), 1u) << describe(r);
    std::set<int> lines;
    for (const auto& site : crit[0]->sites)
        if (site.generated)
            lines.insert(site.generated->line);
    EXPECT_TRUE(lines.count(lineOf(gen, "%m = muli")) && lines.count(lineOf(gen, "%i = addi")))
        << describe(r);
    for (const auto& d : r.divergences)
        EXPECT_NE(d.rule, "dead-pure-op") << describe(r);
}

// bmm with its k loop stepping by 2: the step's own `constant 2` merges (CSE) into an
// earlier 2 that another op reads. Reported at the loop or where the step's constant is
// written, not as the unrelated earlier constant changed.
TEST(RootCauses, AChangedLoopStepIsReportedWhereItsConstantIsWritten)
{
    const std::string ref = kernel("    %c2 = constant <i32: 2> : tile<i32>\n"
                                   "    %q = print_tko \"%d\", %c2 : tile<i32> -> token\n"
                                   "    %z = constant <i32: 0> : tile<i32>\n"
                                   "    %step = constant <i32: 1> : tile<i32>\n"
                                   "    for %i in (%z to %0, step %step) : tile<i32> {\n"
                                   "      %p = print_tko \"%d\", %i : tile<i32> -> token\n"
                                   "      continue\n"
                                   "    }\n");
    std::string gen = ref;
    ASSERT_TRUE(applyEdits(gen, {{"%step = constant <i32: 1>", "%step = constant <i32: 2>"}}));
    const DiffResult r = diffTexts(ref, gen);
    const auto crit = criticals(r);
    ASSERT_EQ(crit.size(), 1u) << describe(r);
    ASSERT_TRUE(crit[0]->generated.has_value());
    const int at = crit[0]->generated->line;
    EXPECT_TRUE(at == lineOf(gen, "%step = constant") || at == lineOf(gen, "for %i"))
        << describe(r);
}

// A k loop from 0 whose index the front end bounds as the loop does; `lower` is the
// lower bound's constant and `fact` the index's assume.
std::string indexedLoop(const std::string& lower, const std::string& fact)
{
    return kernel("    %z = constant <i32: " + lower +
                  "> : tile<i32>\n"
                  "    %step = constant <i32: 1> : tile<i32>\n"
                  "    for %i in (%z to %0, step %step) : tile<i32> {\n"
                  "      %j = assume " +
                  fact +
                  ", %i : tile<i32>\n"
                  "      %p = print_tko \"%d\", %j : tile<i32> -> token\n"
                  "      continue\n"
                  "    }\n");
}

// The loop starts at 1 instead of 0 and the front end's index assume follows it
// (bounded<0, ?> -> bounded<1, ?>): the assume restates the loop's bound, one
// finding at the loop with the assume as its site. Here the changed lower bound
// has the value of the step's constant written after it (CSE keeps it, the step
// reads a copy), so the finding is the changed value at that constant, as the
// changed step of the test above may be.
TEST(RootCauses, ALoopIndexAssumeThatFollowsTheLoopsBoundIsASiteOfTheLoop)
{
    const std::string ref = indexedLoop("0", "bounded<0, ?>");
    const std::string gen = indexedLoop("1", "bounded<1, ?>");
    const DiffResult r = diffTexts(ref, gen);
    const auto crit = criticals(r);
    ASSERT_EQ(crit.size(), 1u) << describe(r);
    ASSERT_TRUE(crit[0]->generated.has_value());
    const int at = crit[0]->generated->line;
    EXPECT_TRUE(at == lineOf(gen, "%z = constant") || at == lineOf(gen, "for %i")) << describe(r);
    bool assumeIsSite = false;
    for (const auto& site : crit[0]->sites)
        assumeIsSite =
            assumeIsSite || (site.generated && site.generated->line == lineOf(gen, "%j"));
    EXPECT_TRUE(assumeIsSite) << describe(r);
}

// A claim the loop does not imply (the index bounded from 2 in a loop from 1) is
// a mistake of its own, not the loop's: it stays a finding at the assume.
TEST(RootCauses, ALoopIndexAssumeTheLoopDoesNotImplyStaysItsOwnFinding)
{
    const std::string ref = indexedLoop("0", "bounded<0, ?>");
    const std::string gen = indexedLoop("1", "bounded<2, ?>");
    const DiffResult r = diffTexts(ref, gen);
    bool atAssume = false;
    for (const Divergence* d : criticals(r))
        atAssume = atAssume || (d->generated && d->generated->line == lineOf(gen, "%j"));
    EXPECT_TRUE(atAssume) << describe(r);
}

// Differences of a real port pair and one of its seeded mistakes (tests/data).
DiffResult diffSeeded(const char* pair, const char* mistake, std::string& generated)
{
    const QString data = tilelens::test::testDataDir();
    const std::string port = readText(data + QStringLiteral("/real-ports/") +
                                      QString::fromUtf8(pair) + QStringLiteral("/generated.mlir"));
    generated = readText(data + QStringLiteral("/port-mistakes/") + QString::fromUtf8(mistake) +
                         QStringLiteral("/generated.mlir"));
    EXPECT_FALSE(port.empty());
    EXPECT_FALSE(generated.empty());
    return diffTexts(port, generated);
}

// bmm compiled with its k loop from 1 (tests/data/port-mistakes): the loop's bound and
// the index's assume (bounded<1, ?>) are one finding, at the `for`.
TEST(RootCauses, BmmsKLoopFromOneIsOneFindingAtTheLoop)
{
    std::string gen;
    const DiffResult r =
        diffSeeded("bmm_128x128x32_8x512_f16", "bmm/wrong_loop_bound_k_start", gen);
    const auto crit = criticals(r);
    ASSERT_EQ(crit.size(), 1u) << describe(r);
    ASSERT_TRUE(crit[0]->generated.has_value());
    EXPECT_EQ(crit[0]->generated->line, 91) << describe(r);
}

// bmm's A partition made without padding: it is then the same op as the shape view
// beside it (CSE merges them), and the load reading it differs only through the
// view's lost padding: one finding, at the view the load reads (line 61).
TEST(RootCauses, ALoadThroughAViewThatLostItsPaddingIsASiteOfTheView)
{
    std::string gen;
    const DiffResult r = diffSeeded("bmm_128x128x32_8x512_f16", "bmm/wrong_padding_a_none", gen);
    const auto crit = criticals(r);
    ASSERT_EQ(crit.size(), 1u) << describe(r);
    ASSERT_TRUE(crit[0]->generated.has_value());
    EXPECT_EQ(crit[0]->generated->line, 61) << describe(r);
    EXPECT_EQ(crit[0]->rule, "partition-padding");
    bool loadIsSite = false;
    for (const auto& site : crit[0]->sites)
        loadIsSite = loadIsSite || (site.generated && site.generated->line == 87);
    EXPECT_TRUE(loadIsSite) << describe(r);
}

// A view's padding dropped where the kernel also makes the same view without padding for its
// store (review32 case U): CSE merges the two on the generated side, so the store's view is
// paired with the load's. The store still writes through the same view (one normal form): one
// finding, at the view that lost its padding; a changed tile index beside it (case U2) stays a
// finding of its own.
std::string mergedViews(const std::string& padding, const std::string& index)
{
    const std::string pv =
        "partition_view<tile=(8), " + padding + "tensor_view<?xf32, strides=[1]>>";
    const std::string opv = "partition_view<tile=(8), tensor_view<?xf32, strides=[1]>>";
    return "cuda_tile.module @m {\n"
           "  entry @k(%0: tile<ptr<f32>>, %1: tile<i32>, %2: tile<ptr<f32>>) {\n"
           "    %bid, %b1, %b2 = get_tile_block_id : tile<i32>\n"
           "    %n = assume bounded<0, ?>, %1 : tile<i32>\n"
           "    %tv = make_tensor_view %0, shape = [%n], strides = [1] : tile<i32> -> "
           "tensor_view<?xf32, strides=[1]>\n"
           "    %pv = make_partition_view %tv : " +
           pv + "\n    %opv = make_partition_view %tv : " + opv + "\n" +
           (index == "%bid" ? std::string()
                            : "    %one = constant <i32: 1> : tile<i32>\n"
                              "    %nb = addi %bid, %one : tile<i32>\n") +
           "    %x, %t = load_view_tko weak %pv[" + index + "] : " + pv +
           ", tile<i32> -> tile<8xf32>, token\n"
           "    %r = reduce %x dim=0 identities=[0] : tile<8xf32> -> tile<f32> {\n"
           "    ^bb0(%e0: tile<f32>, %e1: tile<f32>):\n"
           "      %v = addf %e0, %e1 : tile<f32>\n"
           "      yield %v : tile<f32>\n"
           "    }\n"
           "    %rs = reshape %r : tile<f32> -> tile<1xf32>\n"
           "    %y = broadcast %rs : tile<1xf32> -> tile<8xf32>\n"
           "    %s = store_view_tko weak %y, %opv[%bid] : tile<8xf32>, " +
           opv +
           ", tile<i32> -> token\n"
           "    return\n"
           "  }\n"
           "}\n";
}

TEST(RootCauses, AStoreThroughTheViewALoadsViewWasMergedIntoIsNoFinding)
{
    const std::string ref = mergedViews("padding_value = zero, ", "%bid");
    const std::string dropped = mergedViews("", "%bid");
    DiffResult r = diffTexts(ref, dropped);
    auto crit = criticals(r);
    ASSERT_EQ(crit.size(), 1u) << describe(r);
    ASSERT_TRUE(crit[0]->generated.has_value());
    EXPECT_EQ(crit[0]->generated->line, lineOf(dropped, "%pv = make_partition_view"))
        << describe(r);
    EXPECT_EQ(crit[0]->rule, "partition-padding");

    // With a changed tile index too: two mistakes, two findings, none at the store.
    const std::string both = mergedViews("", "%nb");
    r = diffTexts(ref, both);
    crit = criticals(r);
    ASSERT_EQ(crit.size(), 2u) << describe(r);
    for (const Divergence* d : crit) {
        ASSERT_TRUE(d->generated.has_value());
        EXPECT_NE(d->generated->line, lineOf(both, "%s = store_view_tko")) << describe(r);
    }
}

// Swapped operands are a change of the op itself, even when one operand is
// already a reported difference: it stays a finding at its own line.
TEST(RootCauses, SwappedOperandsDownstreamOfAChangeStayTheirOwnFinding)
{
    const std::string ref = kernel("    %a = addi %0, %b : tile<i32>\n"
                                   "    %c = subi %a, %b : tile<i32>\n"
                                   "    %p = print_tko \"%d\", %c : tile<i32> -> token\n");
    std::string gen = ref;
    ASSERT_TRUE(applyEdits(
        gen, {{"%a = addi %0, %b", "%a = muli %0, %b"}, {"%c = subi %a, %b", "%c = subi %b, %a"}}));
    const DiffResult r = diffTexts(ref, gen);
    bool atSwap = false;
    for (const Divergence* d : criticals(r))
        atSwap = atSwap || (d->generated && d->generated->line == lineOf(gen, "%c = subi"));
    EXPECT_TRUE(atSwap) << describe(r);
}

// R broadcasts two scalars and compares lane-wise; G compares the scalars
// once and broadcasts the result: the same value in every lane.
std::string laneKernel(const std::string& body)
{
    return "cuda_tile.module @m {\n"
           "  entry @k(%0: tile<i32>, %1: tile<i32>, %2: tile<ptr<i1>>) {\n"
           "    %x = exti %0 signed : tile<i32> -> tile<i64>\n"
           "    %y = exti %1 signed : tile<i32> -> tile<i64>\n" +
           body +
           "    %pr = reshape %2 : tile<ptr<i1>> -> tile<1xptr<i1>>\n"
           "    %pb = broadcast %pr : tile<1xptr<i1>> -> tile<64xptr<i1>>\n"
           "    %i = iota : tile<64xi32>\n"
           "    %p = offset %pb, %i : tile<64xptr<i1>>, tile<64xi32> -> tile<64xptr<i1>>\n"
           "    %t = store_ptr_tko weak %p, %c : tile<64xptr<i1>>, tile<64xi1> -> token\n"
           "    return\n"
           "  }\n"
           "}\n";
}

const char* kLaneWise = "    %xr = reshape %x : tile<i64> -> tile<1xi64>\n"
                        "    %xb = broadcast %xr : tile<1xi64> -> tile<64xi64>\n"
                        "    %yr = reshape %y : tile<i64> -> tile<1xi64>\n"
                        "    %yb = broadcast %yr : tile<1xi64> -> tile<64xi64>\n"
                        "    %c = cmpi less_than %xb, %yb, signed : tile<64xi64> -> tile<64xi1>\n";

std::string scalarOnce(const std::string& predicate)
{
    return "    %s = cmpi " + predicate +
           " %x, %y, signed : tile<i64> -> tile<i1>\n"
           "    %sr = reshape %s : tile<i1> -> tile<1xi1>\n"
           "    %c = broadcast %sr : tile<1xi1> -> tile<64xi1>\n";
}

TEST(LaneForms, ALaneWiseOpOnBroadcastScalarsIsTheBroadcastOfTheScalarOp)
{
    const std::string ref = laneKernel(kLaneWise);
    const std::string gen = laneKernel(scalarOnce("less_than"));
    const DiffResult r = diffTexts(ref, gen);
    bool proven = false;
    for (const auto& d : r.divergences) {
        EXPECT_FALSE(d.severity == Severity::Critical && d.generated &&
                     d.generated->line == lineOf(gen, "%c = broadcast"))
            << describe(r);
        proven = proven || (d.severity == Severity::Equivalent &&
                            d.proof.find("broadcast of the scalar op") != std::string::npos);
    }
    EXPECT_TRUE(proven) << describe(r);
}

TEST(LaneForms, ADifferentScalarOpBeforeTheBroadcastStaysCritical)
{
    const std::string ref = laneKernel(kLaneWise);
    const std::string gen = laneKernel(scalarOnce("less_than_or_equal"));
    const DiffResult r = diffTexts(ref, gen);
    EXPECT_EQ(r.verdict, Verdict::FailFixable) << describe(r);
    bool proven = false;
    for (const auto& d : r.divergences)
        proven = proven || d.proof.find("broadcast of the scalar op") != std::string::npos;
    EXPECT_FALSE(proven) << describe(r);
}

// cuTile Python folds the divisor's sign test of its modulo fix-up when the
// divisor is a constant: (r < 0) ^ false. With a >= 0 it never fires.
std::string pythonModulo(const std::string& signTest)
{
    return "    %c32 = constant <i32: 32> : tile<i32>\n"
           "    %z = constant <i32: 0> : tile<i32>\n"
           "    %f = constant <i1: 0> : tile<i1>\n"
           "    %r = remi %b, %c32 signed : tile<i32>\n"
           "    %lt = cmpi " +
           signTest +
           " %r, %z, signed : tile<i32> -> tile<i1>\n"
           "    %x = xori %lt, %f : tile<i1>\n"
           "    %ne = cmpi not_equal %r, %z, signed : tile<i32> -> tile<i1>\n"
           "    %both = andi %x, %ne : tile<i1>\n"
           "    %s = addi %r, %c32 : tile<i32>\n"
           "    %m = select %both, %s, %r : tile<i1>, tile<i32>\n"
           "    %q = divi %m, %c32 signed rounding negative_inf : tile<i32>\n"
           "    %p = print_tko \"%d\", %q : tile<i32> -> token\n";
}

TEST(ModuloFixup, AFoldedDivisorSignTestIsRecognisedAndNeverFires)
{
    const std::string ref = kernel(pythonModulo("less_than"));
    const std::string gen = kernel("    %c32 = constant <i32: 32> : tile<i32>\n"
                                   "    %r = remi %b, %c32 signed : tile<i32>\n"
                                   "    %q = divi %r, %c32 signed rounding negative_inf : "
                                   "tile<i32>\n"
                                   "    %p = print_tko \"%d\", %q : tile<i32> -> token\n");
    const DiffResult r = diffTexts(ref, gen);
    EXPECT_EQ(r.count(Severity::Critical), 0) << describe(r);
    bool proven = false;
    for (const auto& d : r.divergences)
        proven = proven || d.proof.find("Python-modulo correction of remi") != std::string::npos;
    EXPECT_TRUE(proven) << describe(r);
}

// r >= 0 instead of r < 0 makes the fix-up fire for every r > 0 (r + 32). The
// quotient's divisor on the reference side is never zero: the solver may not
// assume the generated side's divisors non-zero, nor cover the changed
// compare with a proof of a computation its result also flows past.
TEST(ModuloFixup, AWrongSignTestIsCriticalAtTheChangedCompare)
{
    const std::string ref = kernel(pythonModulo("less_than"));
    const std::string gen = kernel(pythonModulo("greater_than_or_equal"));
    const DiffResult r = diffTexts(ref, gen);
    bool atCompare = false;
    for (const Divergence* d : criticals(r))
        atCompare = atCompare || (d->generated && d->generated->line == lineOf(gen, "%lt = cmpi"));
    EXPECT_TRUE(atCompare) << describe(r);
}

} // namespace
} // namespace tilelens::diff::test
