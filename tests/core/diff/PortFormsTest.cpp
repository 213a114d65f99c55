// Forms that the real attention_sink port pair writes differently from its
// reference (issue 13): the Python-modulo fix-up in any sign-test form,
// partition padding none vs zero, reshape chains of different rank. Each
// equivalence carries its proof; each has a mistake next to it that stays
// critical.

#include "DiffTestUtil.h"

#include <gtest/gtest.h>

namespace tilelens::diff::test {
namespace {

// %1 is a block-id-like value in [0, 100]; print_tko keeps values alive.
std::string kernel(const std::string& body)
{
    return "cuda_tile.module @m {\n"
           "  entry @k(%0: tile<i32>, %1: tile<i32>) {\n"
           "    %b = assume bounded<0, 100>, %1 : tile<i32>\n"
           "    %d = constant <i32: 64> : tile<i32>\n"
           "    %z = constant <i32: 0> : tile<i32>\n"
           "    %r = remi %b, %d signed : tile<i32>\n" +
           body +
           "    return\n"
           "  }\n"
           "}\n";
}

const std::string kPlain = "    %p = print_tko \"%d\", %r : tile<i32> -> token\n";

int criticals(const DiffResult& r)
{
    return r.count(Severity::Critical);
}

bool anyProof(const DiffResult& r, const std::string& part)
{
    for (const auto& d : r.divergences)
        if (d.severity != Severity::Critical && d.proof.find(part) != std::string::npos)
            return true;
    return false;
}

// cuTile Python's fix-up with the divisor's sign folded to a constant false
// (`xori (r < 0), false`), as the reference compiler writes it.
const std::string kFoldedSignTest =
    "    %lt = cmpi less_than %r, %z, signed : tile<i32> -> tile<i1>\n"
    "    %f = constant <i1: 0> : tile<i1>\n"
    "    %x = xori %lt, %f : tile<i1>\n"
    "    %nz = cmpi not_equal %r, %z, signed : tile<i32> -> tile<i1>\n"
    "    %c = andi %x, %nz : tile<i1>\n"
    "    %s = addi %r, %d : tile<i32>\n"
    "    %m = select %c, %s, %r : tile<i1>, tile<i32>\n"
    "    %p = print_tko \"%d\", %m : tile<i32> -> token\n";

TEST(PortForms, PythonModuloFixupWithFoldedSignTestIsThePlainRemainder)
{
    const DiffResult r = diffTexts(kernel(kFoldedSignTest), kernel(kPlain));
    EXPECT_EQ(criticals(r), 0) << describe(r);
    EXPECT_TRUE(anyProof(r, "Python-modulo correction of remi never fires")) << describe(r);
    EXPECT_TRUE(anyProof(r, "[0, 63]")) << describe(r);
}

// The fix-up's select that normalisation folds away is read by the kernel: the finding files
// it as an op of one side (op_missing / op_extra), not as a dead op (it was `dead_op`).
const Divergence* findingAtOp(const DiffResult& r, const std::string& op)
{
    for (const auto& d : r.divergences)
        if ((d.reference && d.reference->op == op) || (d.generated && d.generated->op == op))
            return &d;
    return nullptr;
}

TEST(PortForms, FoldedFixupSelectIsAnOpOfOneSideNotADeadOne)
{
    const DiffResult refOnly = diffTexts(kernel(kFoldedSignTest), kernel(kPlain));
    const Divergence* missing = findingAtOp(refOnly, "select");
    ASSERT_NE(missing, nullptr) << describe(refOnly);
    EXPECT_EQ(missing->kind, DiffKind::OpMissing) << describe(refOnly);
    EXPECT_EQ(missing->severity, Severity::Equivalent) << describe(refOnly);

    // matmul's bid % num_bid_in_group as Python's modulo against Rust's `%`: the divisor's
    // sign is not known (an i32 product that can wrap), so the equality is a warn under the
    // stated precondition d > 0, at the select the port added.
    std::string fixup = kernel(kFoldedSignTest), plain = kernel(kPlain);
    const std::vector<Edit> divisorIsArgument = {{"%r = remi %b, %d", "%r = remi %b, %0"},
                                                 {"%s = addi %r, %d", "%s = addi %r, %0"}};
    ASSERT_TRUE(applyEdits(fixup, divisorIsArgument));
    ASSERT_TRUE(
        applyEdits(fixup, {{"%f = constant <i1: 0> : tile<i1>",
                            "%f = cmpi less_than %0, %z, signed : tile<i32> -> tile<i1>"}}));
    ASSERT_TRUE(applyEdits(plain, {divisorIsArgument[0]}));
    const DiffResult genOnly = diffTexts(plain, fixup);
    const Divergence* extra = findingAtOp(genOnly, "select");
    ASSERT_NE(extra, nullptr) << describe(genOnly);
    EXPECT_EQ(extra->kind, DiffKind::OpExtra) << describe(genOnly);
    EXPECT_EQ(extra->rule, "proven-under-precondition") << describe(genOnly);
    EXPECT_NE(extra->proof.find("d > 0"), std::string::npos) << describe(genOnly);
}

TEST(PortForms, PythonModuloFixupWithOtherSignTestsIsThePlainRemainder)
{
    // (r < 0) != (d < 0) written as a compare of two i1, with `ori` and `true`.
    const std::string other = "    %lt = cmpi less_than %r, %z, signed : tile<i32> -> tile<i1>\n"
                              "    %dn = cmpi less_than %d, %z, signed : tile<i32> -> tile<i1>\n"
                              "    %x = xori %lt, %dn : tile<i1>\n"
                              "    %t = constant <i1: true> : tile<i1>\n"
                              "    %nz = cmpi greater_than %r, %z, signed : tile<i32> -> tile<i1>\n"
                              "    %nz2 = andi %nz, %t : tile<i1>\n"
                              "    %c = andi %nz2, %x : tile<i1>\n"
                              "    %s = addi %r, %d : tile<i32>\n"
                              "    %m = select %c, %s, %r : tile<i1>, tile<i32>\n"
                              "    %p = print_tko \"%d\", %m : tile<i32> -> token\n";
    const DiffResult r = diffTexts(kernel(kFoldedSignTest), kernel(other));
    EXPECT_EQ(criticals(r), 0) << describe(r);
    const DiffResult plain = diffTexts(kernel(other), kernel(kPlain));
    EXPECT_EQ(criticals(plain), 0) << describe(plain);
}

TEST(PortForms, WrongModuloSignTestStaysCritical)
{
    // The correction fires when r and d have the same sign (and r != 0): for
    // b = 1 it gives 65, not 1.
    std::string wrong = kFoldedSignTest;
    ASSERT_TRUE(applyEdits(wrong, {{"%x = xori %lt, %f : tile<i1>",
                                    "%x = cmpi equal %lt, %f, signed : tile<i1> -> tile<i1>"}}));
    const std::string gen = kernel(wrong);
    const DiffResult r = diffTexts(kernel(kPlain), gen);
    EXPECT_GT(criticals(r), 0) << describe(r);
}

TEST(PortForms, ModuloOfAPossiblyNegativeValueKeepsItsFixup)
{
    // %0 is unbounded: the remainder may be negative and the correction fires.
    std::string ref = kernel(kFoldedSignTest), gen = kernel(kPlain);
    ASSERT_TRUE(applyEdits(ref, {{"%r = remi %b, %d", "%r = remi %0, %d"}}));
    ASSERT_TRUE(applyEdits(gen, {{"%r = remi %b, %d", "%r = remi %0, %d"}}));
    const DiffResult r = diffTexts(ref, gen);
    EXPECT_GT(criticals(r), 0) << describe(r);
}

// A 1-d load through a partition view of 16 lanes and a store of it; %n is
// the extent (at least `minExtent`), %i the tile index in [0, 3].
std::string viewKernel(const std::string& padding, int minExtent)
{
    const std::string pv =
        "partition_view<tile=(16), " + padding + "tensor_view<?xf32, strides=[1]>>";
    return "cuda_tile.module @m {\n"
           "  entry @k(%0: tile<ptr<f32>>, %1: tile<i32>, %2: tile<i32>, %3: tile<ptr<f32>>) {\n"
           "    %tok = make_token : token\n"
           "    %n = assume bounded<" +
           std::to_string(minExtent) +
           ", ?>, %1 : tile<i32>\n"
           "    %i = assume bounded<0, 3>, %2 : tile<i32>\n"
           "    %tv = make_tensor_view %0, shape = [%n], strides = [1] : tile<i32> -> "
           "tensor_view<?xf32, strides=[1]>\n"
           "    %pv = make_partition_view %tv : " +
           pv +
           "\n"
           "    %v, %t = load_view_tko weak %pv[%i] token = %tok : " +
           pv +
           ", tile<i32> -> tile<16xf32>, token\n"
           "    %ov = make_tensor_view %3, shape = [%n], strides = [1] : tile<i32> -> "
           "tensor_view<?xf32, strides=[1]>\n"
           "    %opv = make_partition_view %ov : partition_view<tile=(16), tensor_view<?xf32, "
           "strides=[1]>>\n"
           "    %s = store_view_tko weak %v, %opv[%i] token = %tok : tile<16xf32>, "
           "partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token\n"
           "    return\n"
           "  }\n"
           "}\n";
}

const Divergence* paddingFinding(const DiffResult& r)
{
    for (const auto& d : r.divergences)
        if (d.attribute == "padding_value")
            return &d;
    return nullptr;
}

TEST(PortForms, ZeroPaddingWhereTheReferenceHasNoneRefinesIt)
{
    const DiffResult r = diffTexts(viewKernel("", 0), viewKernel("padding_value = zero, ", 0));
    EXPECT_EQ(criticals(r), 0) << describe(r);
    const Divergence* d = paddingFinding(r);
    ASSERT_NE(d, nullptr) << describe(r);
    EXPECT_EQ(d->severity, Severity::Equivalent) << describe(r);
    EXPECT_NE(d->proof.find("undefined"), std::string::npos) << d->proof;
}

TEST(PortForms, DroppedPaddingIsCriticalForRaggedInputsUnlessAccessesStayInBounds)
{
    const std::string zero = "padding_value = zero, ";
    // The extent may be 10: the tile at index 0 reads lanes 10..15, zero in R, undefined in G.
    const DiffResult ragged = diffTexts(viewKernel(zero, 0), viewKernel("", 0));
    const Divergence* d = paddingFinding(ragged);
    ASSERT_NE(d, nullptr) << describe(ragged);
    EXPECT_EQ(d->severity, Severity::Critical) << describe(ragged);
    EXPECT_NE(d->counterexample.find("ragged"), std::string::npos) << d->counterexample;
    // neg_inf vs zero: also critical.
    const DiffResult changed =
        diffTexts(viewKernel(zero, 0), viewKernel("padding_value = neg_inf, ", 0));
    ASSERT_NE(paddingFinding(changed), nullptr) << describe(changed);
    EXPECT_EQ(paddingFinding(changed)->severity, Severity::Critical) << describe(changed);

    // Extent >= 64 and index <= 3: every tile of 16 lies inside, no padded lane exists.
    const DiffResult inside = diffTexts(viewKernel(zero, 64), viewKernel("", 64));
    EXPECT_EQ(criticals(inside), 0) << describe(inside);
    ASSERT_NE(paddingFinding(inside), nullptr) << describe(inside);
    EXPECT_NE(paddingFinding(inside)->proof.find("in bounds"), std::string::npos)
        << describe(inside);
}

// The solver assumed every divisor non-zero on both sides: a generated
// divisor that is zero exactly where the results would differ hid the change.
TEST(PortForms, GeneratedDivisionByZeroIsADifferenceNotAnAssumption)
{
    const std::string ref = kernel("    %e = remi %0, %d signed : tile<i32>\n"
                                   "    %p = print_tko \"%d\", %e : tile<i32> -> token\n");
    const std::string gen = kernel("    %zb = cmpi equal %0, %z, signed : tile<i32> -> tile<i1>\n"
                                   "    %dv = select %zb, %z, %d : tile<i1>, tile<i32>\n"
                                   "    %e = remi %0, %dv signed : tile<i32>\n"
                                   "    %p = print_tko \"%d\", %e : tile<i32> -> token\n");
    const DiffResult r = diffTexts(ref, gen);
    EXPECT_GT(criticals(r), 0) << describe(r);
}

// Issue 30 item 4: b - b % 64 is a multiple of 64, so its division by 64 is exact and any
// rounding gives floor(b / 64) (rope's batch index spelled with rounding::PositiveInf). The
// remainder of another divisor leaves a division that is not exact: critical.
TEST(PortForms, ExactDivisionIsTheFloorDivisionWhateverItsRounding)
{
    const std::string ref = kernel("    %q = divi %b, %d signed rounding negative_inf : tile<i32>\n"
                                   "    %p = print_tko \"%d\", %q : tile<i32> -> token\n");
    const std::string exact =
        kernel("    %t = subi %b, %r : tile<i32>\n"
               "    %q = divi %t, %d signed rounding positive_inf : tile<i32>\n"
               "    %p = print_tko \"%d\", %q : tile<i32> -> token\n");
    const DiffResult r = diffTexts(ref, exact);
    EXPECT_EQ(criticals(r), 0) << describe(r);
    EXPECT_TRUE(anyProof(r, "an exact division, every rounding gives floor(y / d)")) << describe(r);

    const std::string notExact =
        kernel("    %e = constant <i32: 32> : tile<i32>\n"
               "    %r2 = remi %b, %e signed : tile<i32>\n"
               "    %t = subi %b, %r2 : tile<i32>\n"
               "    %q = divi %t, %d signed rounding positive_inf : tile<i32>\n"
               "    %p = print_tko \"%d\", %q : tile<i32> -> token\n");
    EXPECT_GT(criticals(diffTexts(ref, notExact)), 0);
}

// Issue 30 item 4: Rust's i32 -> u32 cast prints as a bitcast to the same type; compared
// unsigned, a non-negative value gives what the signed compare gives. An argument of any sign
// compared so stays critical.
TEST(PortForms, BitcastToTheSameTypeIsTheIdentity)
{
    const std::string ref =
        kernel("    %c = cmpi less_than %b, %d, signed : tile<i32> -> tile<i1>\n"
               "    %p = print_tko \"%d\", %c : tile<i1> -> token\n");
    const std::string gen =
        kernel("    %u = bitcast %b : tile<i32> -> tile<i32>\n"
               "    %c = cmpi less_than %u, %d, unsigned : tile<i32> -> tile<i1>\n"
               "    %p = print_tko \"%d\", %c : tile<i1> -> token\n");
    const DiffResult r = diffTexts(ref, gen);
    EXPECT_EQ(criticals(r), 0) << describe(r);
    EXPECT_TRUE(anyProof(r, "a bitcast to the same type is the identity")) << describe(r);

    const std::string refArg =
        kernel("    %c = cmpi less_than %0, %d, signed : tile<i32> -> tile<i1>\n"
               "    %p = print_tko \"%d\", %c : tile<i1> -> token\n");
    const std::string genArg =
        kernel("    %u = bitcast %0 : tile<i32> -> tile<i32>\n"
               "    %c = cmpi less_than %u, %d, unsigned : tile<i32> -> tile<i1>\n"
               "    %p = print_tko \"%d\", %c : tile<i1> -> token\n");
    EXPECT_GT(criticals(diffTexts(refArg, genArg)), 0);
}

// A flipped sign test makes the correction fire (r + 64 for r != 0). One use
// of the select is equal anyway ((r + 64) mod 64 = r, proven by the solver),
// the other is not: the ops of the test feed both, so the proven use must
// not absorb them, and the flipped compare is critical at its own line.
TEST(PortForms, FlippedSignTestIsCriticalAtItsLineThoughOneUseIsProvenEqual)
{
    std::string body = kFoldedSignTest;
    ASSERT_TRUE(applyEdits(body, {{"    %p = print_tko \"%d\", %m : tile<i32> -> token\n",
                                   "    %e = remi %m, %d signed : tile<i32>\n"
                                   "    %q = divi %m, %d signed rounding negative_inf : tile<i32>\n"
                                   "    %p = print_tko \"%d %d\", %e, %q : tile<i32>, tile<i32> -> "
                                   "token\n"}}));
    std::string flipped = body;
    ASSERT_TRUE(applyEdits(flipped, {{"cmpi less_than %r", "cmpi greater_than_or_equal %r"}}));
    const std::string gen = kernel(flipped);
    const DiffResult r = diffTexts(kernel(body), gen);
    bool atLine = false;
    for (const auto& d : r.divergences)
        atLine = atLine || (d.severity == Severity::Critical && d.generated &&
                            d.generated->line == lineOf(gen, "cmpi greater_than_or_equal"));
    EXPECT_TRUE(atLine) << describe(r);
}

// A value computed from entry arguments only, hoisted before the loop on one
// side and computed in the loop body on the other (attention_sink's qk_scale
// broadcasts): the same value, matched across the regions.
std::string loopKernel(bool hoisted)
{
    const std::string scale = "    %rs = reshape %s : tile<f32> -> tile<1xf32>\n"
                              "    %bs = broadcast %rs : tile<1xf32> -> tile<4xf32>\n";
    return "cuda_tile.module @m {\n"
           "  entry @k(%0: tile<f32>, %1: tile<i32>) {\n"
           "    %c0 = constant <i32: 0> : tile<i32>\n"
           "    %c1 = constant <i32: 1> : tile<i32>\n"
           "    %z = constant <f32: 0.0> : tile<4xf32>\n"
           "    %s = mulf %0, %0 : tile<f32>\n" +
           (hoisted ? scale : "") +
           "    %out = for %i in (%c0 to %1, step %c1) : tile<i32> iter_values(%acc = %z) -> "
           "(tile<4xf32>) {\n" +
           (hoisted ? "" : scale) +
           "      %n = addf %acc, %bs : tile<4xf32>\n"
           "      continue %n : tile<4xf32>\n"
           "    }\n"
           "    %p = print_tko \"%f\", %out : tile<4xf32> -> token\n"
           "    return\n"
           "  }\n"
           "}\n";
}

TEST(PortForms, ValuesOfEntryArgumentsMatchWhetherHoistedOrNot)
{
    const DiffResult r = diffTexts(loopKernel(true), loopKernel(false));
    EXPECT_EQ(criticals(r), 0) << describe(r);
    // The loop-carried value itself still may not move: a changed use is critical.
    std::string changed = loopKernel(false);
    ASSERT_TRUE(applyEdits(changed, {{"%n = addf %acc, %bs", "%n = addf %bs, %bs"}}));
    EXPECT_GT(criticals(diffTexts(loopKernel(true), changed)), 0);
}

// One f32 tile argument %0 of 128 lanes; `body` ends in a print of %out.
std::string floatKernel(const std::string& body)
{
    return "cuda_tile.module @m {\n"
           "  entry @k(%0: tile<128xf32>) {\n" +
           body +
           "    %p = print_tko \"%f\", %out : tile<1x128xbf16> -> token\n"
           "    return\n"
           "  }\n"
           "}\n";
}

TEST(PortForms, LaneWiseOpsCommuteWithReshapesAndReshapeChainsCollapse)
{
    // The epilogue of attention_sink: reshape then cast (R), cast then reshape (G).
    const std::string ref =
        floatKernel("    %r = reshape %0 : tile<128xf32> -> tile<1x128xf32>\n"
                    "    %out = ftof %r : tile<1x128xf32> -> tile<1x128xbf16>\n");
    const std::string gen =
        floatKernel("    %c = ftof %0 : tile<128xf32> -> tile<128xbf16>\n"
                    "    %a = reshape %c : tile<128xbf16> -> tile<2x64xbf16>\n"
                    "    %out = reshape %a : tile<2x64xbf16> -> tile<1x128xbf16>\n");
    const DiffResult r = diffTexts(ref, gen);
    EXPECT_EQ(criticals(r), 0) << describe(r);
    EXPECT_TRUE(anyProof(r, "reshape only relabels lanes")) << describe(r);

    // A cast with another rounding after the reshape is still a difference.
    std::string wrong = ref;
    ASSERT_TRUE(applyEdits(wrong, {{"%out = ftof %r :", "%out = ftof %r rounding<zero> :"}}));
    EXPECT_GT(criticals(diffTexts(gen, wrong)), 0);
}

// softmax_chunked: the loop index is extended to i64 before its broadcast (R)
// or after it (G). The reshapes of the two chains pair with each other though
// one is i64 and one i32; only the broadcast lanes reach the compare.
std::string chunkMask(const std::string& chain, const std::string& extra = "")
{
    return "cuda_tile.module @m {\n  entry @k(%0: tile<i32>, %1: tile<i64>) {\n"
           "    %n = reshape %1 : tile<i64> -> tile<1xi64>\n"
           "    %nb = broadcast %n : tile<1xi64> -> tile<16xi64>\n" +
           chain +
           "    %m = cmpi less_than %w, %nb, signed : tile<16xi64> -> tile<16xi1>\n"
           "    %p = print_tko \"%d\", %m : tile<16xi1> -> token\n" +
           extra + "    return\n  }\n}\n";
}

TEST(PortForms, ExtensionBeforeOrAfterABroadcastPairsItsIntermediateSteps)
{
    const std::string ref = chunkMask("    %e = exti %0 signed : tile<i32> -> tile<i64>\n"
                                      "    %r = reshape %e : tile<i64> -> tile<1xi64>\n"
                                      "    %w = broadcast %r : tile<1xi64> -> tile<16xi64>\n");
    const std::string chain = "    %r = reshape %0 : tile<i32> -> tile<1xi32>\n"
                              "    %b = broadcast %r : tile<1xi32> -> tile<16xi32>\n"
                              "    %w = exti %b signed : tile<16xi32> -> tile<16xi64>\n";
    const DiffResult r = diffTexts(ref, chunkMask(chain));
    EXPECT_EQ(criticals(r), 0) << describe(r);
    EXPECT_TRUE(anyProof(r, "part of a computation proven equal")) << describe(r);

    // The intermediate reshape is printed too: its type is observed, not internal.
    const DiffResult observed =
        diffTexts(chunkMask("    %e = exti %0 signed : tile<i32> -> tile<i64>\n"
                            "    %r = reshape %e : tile<i64> -> tile<1xi64>\n"
                            "    %w = broadcast %r : tile<1xi64> -> tile<16xi64>\n",
                            "    %q = print_tko \"%d\", %r : tile<1xi64> -> token\n"),
                  chunkMask(chain, "    %q = print_tko \"%d\", %r : tile<1xi32> -> token\n"));
    EXPECT_GT(criticals(observed), 0) << describe(observed);
    // Zero- instead of sign-extended after the broadcast: another value for a negative index.
    std::string unsignedChain = chain;
    ASSERT_TRUE(applyEdits(unsignedChain, {{"exti %b signed", "exti %b unsigned"}}));
    EXPECT_GT(criticals(diffTexts(ref, chunkMask(unsignedChain))), 0);
}

// The loop index lies in [lower, upper): n - i is positive in the body, so a
// signed and an unsigned compare of it agree there, whatever n is.
std::string countdown(const std::string& signedness)
{
    return "cuda_tile.module @m {\n  entry @k(%0: tile<i32>, %1: tile<i32>) {\n"
           "    %k = assume bounded<0, ?>, %1 : tile<i32>\n"
           "    %z = constant <i32: 0> : tile<i32>\n"
           "    %s = constant <i32: 1> : tile<i32>\n"
           "    for %i in (%z to %0, step %s) : tile<i32> {\n"
           "      %x = subi %0, %i : tile<i32>\n"
           "      %c = cmpi less_than %x, %k, " +
           signedness +
           " : tile<i32> -> tile<i1>\n"
           "      %p = print_tko \"%d\", %c : tile<i1> -> token\n"
           "      continue\n"
           "    }\n"
           "    return\n  }\n}\n";
}

TEST(PortForms, ALoopIndexIsWithinItsBoundsInTheSolversQueries)
{
    const DiffResult r = diffTexts(countdown("unsigned"), countdown("signed"));
    EXPECT_EQ(criticals(r), 0) << describe(r);
    EXPECT_TRUE(anyProof(r, "within its loop's bounds")) << describe(r);
    // n - i - 2^31 can be negative inside the loop: the compares differ.
    std::string shifted = countdown("signed");
    ASSERT_TRUE(applyEdits(shifted, {{"%x = subi %0, %i : tile<i32>",
                                      "%x0 = subi %0, %i : tile<i32>\n"
                                      "      %m = constant <i32: -2147483648> : tile<i32>\n"
                                      "      %x = addi %x0, %m : tile<i32>"}}));
    std::string shiftedRef = shifted;
    ASSERT_TRUE(applyEdits(shiftedRef, {{"%k, signed", "%k, unsigned"}}));
    EXPECT_GT(criticals(diffTexts(shiftedRef, shifted)), 0);
}

TEST(PortForms, ZeroPlusXIsXWhereNoUseSeesTheSignOfAZero)
{
    const std::string ref =
        floatKernel("    %z = constant <f32: 0.0> : tile<128xf32>\n"
                    "    %m = addf %z, %0 : tile<128xf32>\n"
                    "    %e = exp2 %m : tile<128xf32>\n"
                    "    %r = reshape %e : tile<128xf32> -> tile<1x128xf32>\n"
                    "    %out = ftof %r : tile<1x128xf32> -> tile<1x128xbf16>\n");
    std::string gen = ref;
    ASSERT_TRUE(
        applyEdits(gen, {{"    %m = addf %z, %0 : tile<128xf32>\n", ""}, {"exp2 %m", "exp2 %0"}}));
    const DiffResult r = diffTexts(ref, gen);
    EXPECT_EQ(criticals(r), 0) << describe(r);
    EXPECT_TRUE(anyProof(r, "no use observes the sign of a zero")) << describe(r);

    // Printed directly, 0.0 + (-0.0) = +0.0 is seen: the sum stays critical.
    std::string seen = ref, seenGen = gen;
    ASSERT_TRUE(applyEdits(seen, {{"%e = exp2 %m", "%e = negf %m"}}));
    ASSERT_TRUE(applyEdits(seenGen, {{"%e = exp2 %0", "%e = negf %0"}}));
    EXPECT_GT(criticals(diffTexts(seen, seenGen)), 0);
}

// A one-element tensor view: static extent 1 in the reference (its entry is
// specialised on the array shape), read from an entry argument in the port.
std::string extentKernel(const std::string& shape, const std::string& type)
{
    return "cuda_tile.module @m {\n"
           "  entry @k(%0: tile<ptr<i32>>, %1: tile<i32>, %2: tile<i32>) {\n"
           "    %tok = make_token : token\n"
           "    %n = assume bounded<0, ?>, %1 : tile<i32>\n"
           "    %c = constant <i32: 1> : tile<i32>\n"
           "    %c2 = constant <i32: 2> : tile<i32>\n"
           "    %tv = make_tensor_view %0, shape = [" +
           shape + "], strides = [1] : tile<i32> -> tensor_view<" + type +
           "xi32, strides=[1]>\n"
           "    %z = constant <i32: 0> : tile<i32>\n"
           "    %pv = make_partition_view %tv : partition_view<tile=(1), tensor_view<" +
           type +
           "xi32, strides=[1]>>\n"
           "    %v, %t = load_view_tko weak %pv[%z] token = %tok : partition_view<tile=(1), "
           "tensor_view<" +
           type +
           "xi32, strides=[1]>>, tile<i32> -> tile<1xi32>, token\n"
           "    %p = print_tko \"%d\", %v : tile<1xi32> -> token\n"
           "    return\n"
           "  }\n"
           "}\n";
}

TEST(PortForms, StaticExtentAgainstAnArgumentIsEqualUnderTheLaunchPrecondition)
{
    const std::string ref = extentKernel("1", "1");
    const DiffResult r = diffTexts(ref, extentKernel("%n", "?"));
    EXPECT_EQ(criticals(r), 0) << describe(r);
    bool stated = false;
    for (const auto& d : r.divergences)
        stated = stated ||
                 (d.severity == Severity::Warn && d.proof.find("argument 1") != std::string::npos);
    EXPECT_TRUE(stated) << describe(r);

    // Another constant extent, or one computed in the kernel, is a change.
    EXPECT_GT(criticals(diffTexts(ref, extentKernel("2", "2"))), 0);
    std::string computed = extentKernel("%s", "?");
    ASSERT_TRUE(
        applyEdits(computed, {{"    %tv =", "    %s = addi %n, %c2 : tile<i32>\n    %tv ="}}));
    EXPECT_GT(criticals(diffTexts(ref, computed)), 0);
}

// Mistakes made by editing the IR the real compilers emitted for
// attention_sink: the equivalences above must not hide them.
const Divergence* criticalAtLine(const DiffResult& r, bool gen, int line)
{
    for (const auto& d : r.divergences) {
        const auto& site = gen ? d.generated : d.reference;
        if (d.severity == Severity::Critical && site && site->line == line)
            return &d;
    }
    return nullptr;
}

TEST(PortForms, RealAttentionSinkMistakesStayCritical)
{
    const std::string ref =
        fixture("../real-ports/attention_sink_2x128q128k_h8g8_d64_bf16/reference.mlir");
    const std::string gen =
        fixture("../real-ports/attention_sink_2x128q128k_h8g8_d64_bf16/generated.mlir");
    ASSERT_FALSE(ref.empty());
    ASSERT_FALSE(gen.empty());

    // The reference's modulo sign test flipped: its correction now fires.
    std::string flipped = ref;
    ASSERT_TRUE(
        applyEdits(flipped, {{"%154 = cmpi less_than %152", "%154 = cmpi "
                                                            "greater_than_or_equal %152"}}));
    const DiffResult r1 = diffTexts(flipped, gen);
    EXPECT_NE(criticalAtLine(r1, false, lineOf(flipped, "%154 = cmpi")), nullptr) << describe(r1);

    // The reference pads the sinks view with -inf, the port with zero: a ragged read differs.
    std::string padded = ref;
    ASSERT_TRUE(applyEdits(padded, {{"%169 = make_partition_view %123 : partition_view<tile=(1), "
                                     "tensor_view",
                                     "%169 = make_partition_view %123 : partition_view<tile=(1), "
                                     "padding_value = neg_inf, tensor_view"}}));
    const DiffResult r2 = diffTexts(padded, gen);
    const Divergence* pad = criticalAtLine(r2, true, lineOf(gen, "%157 = make_partition_view"));
    ASSERT_NE(pad, nullptr) << describe(r2);
    EXPECT_NE(pad->counterexample.find("ragged"), std::string::npos) << pad->counterexample;

    // The port's final cast rounds toward zero: critical at the cast, though
    // the cast and the reshape around it are written in the other order.
    std::string rounded = gen;
    ASSERT_TRUE(applyEdits(rounded, {{"%435 = ftof %434 :", "%435 = ftof %434 rounding<zero> :"}}));
    const DiffResult r3 = diffTexts(ref, rounded);
    EXPECT_GT(criticals(r3), 0) << describe(r3);
    const DiffResult r4 = diffTexts(gen, rounded);
    EXPECT_NE(criticalAtLine(r4, true, lineOf(rounded, "%435 = ftof")), nullptr) << describe(r4);
}

// Two views of one pointer that differ only in their extents stay two views:
// a changed extent of the second one is not hidden by merging it into the first.
TEST(PortForms, ViewsOfOneBaseWithOtherExtentsDoNotMerge)
{
    const std::string pv = "partition_view<tile=(1), tensor_view<?xi32, strides=[1]>>";
    auto kernel2 = [&](const std::string& secondExtent) {
        return "cuda_tile.module @m {\n"
               "  entry @k(%0: tile<ptr<i32>>, %1: tile<i32>, %2: tile<i32>) {\n"
               "    %tok = make_token : token\n"
               "    %z = constant <i32: 0> : tile<i32>\n"
               "    %a = make_tensor_view %0, shape = [%1], strides = [1] : tile<i32> -> "
               "tensor_view<?xi32, strides=[1]>\n"
               "    %b = make_tensor_view %0, shape = [" +
               secondExtent +
               "], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>\n"
               "    %pa = make_partition_view %a : " +
               pv + "\n    %pb = make_partition_view %b : " + pv +
               "\n"
               "    %va, %ta = load_view_tko weak %pa[%z] token = %tok : " +
               pv +
               ", tile<i32> -> tile<1xi32>, token\n"
               "    %vb, %tb = load_view_tko weak %pb[%z] token = %tok : " +
               pv +
               ", tile<i32> -> tile<1xi32>, token\n"
               "    %p = print_tko \"%d %d\", %va, %vb : tile<1xi32>, tile<1xi32> -> token\n"
               "    return\n"
               "  }\n"
               "}\n";
    };
    const DiffResult same = diffTexts(kernel2("%2"), kernel2("%2"));
    EXPECT_EQ(same.verdict, Verdict::Pass) << describe(same);
    const DiffResult r = diffTexts(kernel2("%2"), kernel2("%1"));
    EXPECT_GT(criticals(r), 0) << describe(r);
}

// The sliding window's start: max(0, x) in the reference, `x > 0 ? x : 0`
// with the 0 materialised inside the else branch in the port.
TEST(PortForms, MaxAgainstIfWhoseBranchMakesItsOwnConstant)
{
    const std::string ref = kernel("    %m = maxi %z, %0 signed : tile<i32>\n"
                                   "    %p = print_tko \"%d\", %m : tile<i32> -> token\n");
    const std::string gen =
        kernel("    %c = cmpi greater_than %0, %z, signed : tile<i32> -> tile<i1>\n"
               "    %m = if %c -> (tile<i32>) {\n"
               "      yield %0 : tile<i32>\n"
               "    } else {\n"
               "      %z2 = constant <i32: 0> : tile<i32>\n"
               "      yield %z2 : tile<i32>\n"
               "    }\n"
               "    %p = print_tko \"%d\", %m : tile<i32> -> token\n");
    const DiffResult r = diffTexts(ref, gen);
    EXPECT_EQ(criticals(r), 0) << describe(r);
    // Yielding 1 instead of 0 in that branch is a change.
    std::string wrong = gen;
    ASSERT_TRUE(applyEdits(wrong, {{"%z2 = constant <i32: 0>", "%z2 = constant <i32: 1>"}}));
    EXPECT_GT(criticals(diffTexts(ref, wrong)), 0);
}

} // namespace
} // namespace tilelens::diff::test
