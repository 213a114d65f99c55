// Issue 30 item 2: a critical whose op the result comparison cannot model (a load, a store, an
// offset, an op on one side only) gets a counterexample from the values that make its
// difference. Each test checks the counterexample by evaluating both sides on its inputs here,
// apart from the solver: the numbers it names must be what each side computes.

#include "DiffTestUtil.h"

#include <algorithm>
#include <gtest/gtest.h>
#include <map>

namespace tilelens::diff::test {
namespace {

// %0 the input, %1 a length, %2 the output; one row of 8 lanes is copied. `load` computes the
// address %pa of the load, `store` the store (through %po and %v).
std::string kernel(const std::string& load, const std::string& store)
{
    return "cuda_tile.module @m {\n"
           "  entry @k(%0: tile<ptr<f32>>, %1: tile<i32>, %2: tile<ptr<f32>>) {\n"
           "    %bid, %b1, %b2 = get_tile_block_id : tile<i32>\n"
           "    %i = iota : tile<8xi32>\n" +
           load +
           "    %v, %t = load_ptr_tko weak %pa : tile<8xptr<f32>> -> tile<8xf32>, token\n"
           "    %ro = reshape %2 : tile<ptr<f32>> -> tile<1xptr<f32>>\n"
           "    %bo = broadcast %ro : tile<1xptr<f32>> -> tile<8xptr<f32>>\n"
           "    %po = offset %bo, %i : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>\n" +
           store + "    return\n  }\n}\n";
}

// The load reads lane i of the row at `base` (an argument), at column `column`.
std::string loadFrom(const std::string& base, const std::string& columnOps = "",
                     const std::string& column = "%i")
{
    return "    %rp = reshape " + base + " : tile<ptr<f32>> -> tile<1xptr<f32>>\n" +
           "    %bp = broadcast %rp : tile<1xptr<f32>> -> tile<8xptr<f32>>\n" + columnOps +
           "    %pa = offset %bp, " + column +
           " : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>\n";
}

const std::string kPlainStore =
    "    %s = store_ptr_tko weak %po, %v : tile<8xptr<f32>>, tile<8xf32> -> token\n";

// The store writes only the lanes below the length %1.
const std::string kMaskedStore =
    "    %nr = reshape %1 : tile<i32> -> tile<1xi32>\n"
    "    %n = broadcast %nr : tile<1xi32> -> tile<8xi32>\n"
    "    %m = cmpi less_than %i, %n, signed : tile<8xi32> -> tile<8xi1>\n"
    "    %s = store_ptr_tko weak %po, %v, %m : tile<8xptr<f32>>, tile<8xf32>, tile<8xi1> -> "
    "token\n";

// The inputs a counterexample names ("argument 0 = 8, iota at reference line 4 = 1 -> ...")
// by name, and the two sides' values after "->".
struct Model
{
    std::map<std::string, int64_t> inputs;
    int64_t reference = 0, generated = 0;
    bool complete = false;
};

Model parse(const std::string& text)
{
    Model m;
    const size_t arrow = text.find(" -> reference ");
    if (arrow == std::string::npos)
        return m;
    std::string in = text.substr(0, arrow);
    // What the inputs are of ("address: ", "mask (...): ") comes before the first input.
    const size_t firstEq = in.find(" = ");
    if (const size_t colon = in.rfind(": ", firstEq); colon != std::string::npos)
        in = in.substr(colon + 2);
    for (size_t at = 0; at < in.size();) {
        const size_t end = std::min(in.find(", ", at), in.size());
        const std::string item = in.substr(at, end - at);
        const size_t eq = item.rfind(" = ");
        if (eq != std::string::npos)
            m.inputs[item.substr(0, eq)] = std::stoll(item.substr(eq + 3));
        at = end + 2;
    }
    const std::string rest = text.substr(arrow + std::string(" -> reference ").size());
    const size_t comma = rest.find(", generated ");
    if (comma == std::string::npos)
        return m;
    m.reference = std::stoll(rest.substr(0, comma));
    m.generated = std::stoll(rest.substr(comma + std::string(", generated ").size()));
    m.complete = true;
    return m;
}

int64_t input(const Model& m, const std::string& prefix)
{
    for (const auto& [name, value] : m.inputs)
        if (name.rfind(prefix, 0) == 0)
            return value;
    ADD_FAILURE() << "no input " << prefix;
    return 0;
}

// The generated side loads from the output pointer %2 instead of the input %0 (swapped
// pointers): the two offsets compute other addresses, argument 0 + 4 i against argument 2 + 4 i.
TEST(CriticalCounterexample, SwappedPointersDifferInTheirAddresses)
{
    const DiffResult r =
        diffTexts(kernel(loadFrom("%0"), kPlainStore), kernel(loadFrom("%2"), kPlainStore));
    const auto crit = criticals(r);
    ASSERT_FALSE(crit.empty()) << describe(r);
    for (const Divergence* d : crit) {
        const Model m = parse(d->counterexample);
        ASSERT_TRUE(m.complete) << d->message << ": " << d->counterexample;
        const int64_t lane = input(m, "iota");
        EXPECT_EQ(m.reference, input(m, "argument 0") + 4 * lane) << d->counterexample;
        EXPECT_EQ(m.generated, input(m, "argument 2") + 4 * lane) << d->counterexample;
        EXPECT_NE(m.reference, m.generated);
    }
}

// The generated load reads one column to the right (iota + 1), an addi the reference does
// not have: the address of every lane is 4 bytes further.
TEST(CriticalCounterexample, AnOpOnOneSideIsShownWhereAMatchedUserReadsIt)
{
    const DiffResult r = diffTexts(kernel(loadFrom("%0"), kPlainStore),
                                   kernel(loadFrom("%0",
                                                   "    %c1 = constant <i32: 1> : tile<8xi32>\n"
                                                   "    %j = addi %i, %c1 : tile<8xi32>\n",
                                                   "%j"),
                                          kPlainStore));
    const auto crit = criticals(r);
    ASSERT_FALSE(crit.empty()) << describe(r);
    for (const Divergence* d : crit) {
        const Model m = parse(d->counterexample);
        ASSERT_TRUE(m.complete) << d->message << ": " << d->counterexample;
        const int64_t lane = input(m, "iota");
        EXPECT_EQ(m.reference, input(m, "argument 0") + 4 * lane) << d->counterexample;
        EXPECT_EQ(m.generated, input(m, "argument 0") + 4 * (lane + 1)) << d->counterexample;
    }
}

// The generated store has no mask: the counterexample is a lane the reference's mask turns off
// (iota >= the length), which the generated store writes.
TEST(CriticalCounterexample, AnAbsentMaskIsALaneTheReferenceLeavesAlone)
{
    const DiffResult r =
        diffTexts(kernel(loadFrom("%0"), kMaskedStore), kernel(loadFrom("%0"), kPlainStore));
    const auto crit = criticals(r);
    ASSERT_EQ(crit.size(), 1u) << describe(r);
    const std::string& text = crit[0]->counterexample;
    EXPECT_EQ(text.rfind("mask (operand 2, absent in generated: every lane on): ", 0), 0u) << text;
    const Model m = parse(text);
    ASSERT_TRUE(m.complete) << text;
    EXPECT_GE(input(m, "iota"), input(m, "argument 1")) << "the reference's lane is off: " << text;
    EXPECT_EQ(m.reference, 0) << text;
    EXPECT_NE(m.generated, 0) << text;
}

int64_t inputEndingIn(const Model& m, const std::string& suffix)
{
    for (const auto& [name, value] : m.inputs)
        if (name.size() >= suffix.size() &&
            name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0)
            return value;
    ADD_FAILURE() << "no input ending in " << suffix;
    return 0;
}

// A real port mistake: bmm's output tile stored at (block y, block x) instead of (x, y). The
// store's index operands read the other result of get_tile_block_id: operand 3 reads result 0
// in the reference and result 1 in the port, operand 4 the other way round.
TEST(CriticalCounterexample, SwappedStoreIndicesReadTheOtherBlockId)
{
    const QString data = tilelens::test::testDataDir();
    const std::string unmodified =
        readText(data + QStringLiteral("/real-ports/bmm_128x128x32_8x512_f16/generated.mlir"));
    const std::string mistake = readText(
        data + QStringLiteral("/port-mistakes/bmm/wrong_dim_order_c_store/generated.mlir"));
    ASSERT_FALSE(unmodified.empty());
    ASSERT_FALSE(mistake.empty());
    const DiffResult r = diffTexts(unmodified, mistake);
    int checked = 0;
    for (const Divergence* d : criticals(r)) {
        const Model m = parse(d->counterexample);
        ASSERT_TRUE(m.complete) << d->message << ": " << d->counterexample;
        // The two indices written in each other's place are one finding, and its
        // counterexample is the first index's: the reference reads one block id there, the
        // mistake the other.
        ASSERT_EQ(d->counterexample.rfind("operands 3 and 4 swapped: ", 0), 0u)
            << d->counterexample;
        const int64_t x = inputEndingIn(m, "(result 0)"), y = inputEndingIn(m, "(result 1)");
        EXPECT_EQ(m.reference, x) << d->counterexample;
        EXPECT_EQ(m.generated, y) << d->counterexample;
        EXPECT_NE(x, y);
        ++checked;
    }
    EXPECT_EQ(checked, 1) << describe(r);
}

// Equal code and an equivalent rewrite get no counterexample, and no warn or equivalent does.
TEST(CriticalCounterexample, NeverOnAFindingThatIsNotCritical)
{
    const DiffResult same =
        diffTexts(kernel(loadFrom("%0"), kMaskedStore), kernel(loadFrom("%0"), kMaskedStore));
    EXPECT_TRUE(same.divergences.empty()) << describe(same);
    // The mask written with its operands swapped (n > i for i < n): no critical.
    std::string swapped = kernel(loadFrom("%0"), kMaskedStore);
    ASSERT_TRUE(applyEdits(swapped, {{"cmpi less_than %i, %n", "cmpi greater_than %n, %i"}}));
    const DiffResult r = diffTexts(kernel(loadFrom("%0"), kMaskedStore), swapped);
    for (const auto& d : r.divergences) {
        EXPECT_NE(d.severity, Severity::Critical) << describe(r);
        EXPECT_TRUE(d.counterexample.empty()) << d.message << ": " << d.counterexample;
    }
}

// A launch satisfies the entry's assumes: a counterexample that breaks one is no input any
// launch gives. silu_and_mul's port with its column mask bound written as the constant 1024
// (BLOCK_SIZE) instead of hidden_size (argument 2, `assume div_by<16>`): the solver gave
// "argument 2 = -15", which no launch passes. Now the witness is a multiple of 16 (and still
// one on which the bounds differ).
TEST(CriticalCounterexample, AWitnessSatisfiesTheEntrysAssumes)
{
    const QString data = tilelens::test::testDataDir();
    const std::string unmodified = readText(
        data + QStringLiteral("/real-ports/silu_and_mul_fwd_8x512x1024_f16/generated.mlir"));
    ASSERT_FALSE(unmodified.empty());
    ASSERT_NE(unmodified.find("%8 = assume div_by<16>, %2 : tile<i32>"), std::string::npos);
    std::string mistake = unmodified;
    ASSERT_TRUE(applyEdits(mistake, {{"%31 = reshape %8 :", "%31 = reshape %11 :"}}));
    const DiffResult r = diffTexts(unmodified, mistake);
    const auto crit = criticals(r);
    ASSERT_EQ(crit.size(), 1u) << describe(r);
    const Model m = parse(crit[0]->counterexample);
    ASSERT_TRUE(m.complete) << crit[0]->counterexample;
    const int64_t hiddenSize = input(m, "argument 2");
    EXPECT_EQ(hiddenSize % 16, 0) << "breaks div_by<16>: " << crit[0]->counterexample;
    EXPECT_EQ(m.reference, hiddenSize) << crit[0]->counterexample;
    EXPECT_EQ(m.generated, 1024) << crit[0]->counterexample;
}

// An assume that makes the two sides agree is a proof, and its text names the assume: with
// %1 a multiple of 16, %1 & 15 is 0 for every launch (no critical, no counterexample). Without
// the assume the same edit is a critical with a witness.
TEST(CriticalCounterexample, AnAssumeThatDecidesTheDifferenceIsNamedInTheProof)
{
    const auto masked = [](const std::string& assume, const std::string& bound) {
        return "cuda_tile.module @m {\n"
               "  entry @k(%0: tile<ptr<f32>>, %1: tile<i32>) {\n" +
               assume +
               "    %c15 = constant <i32: 15> : tile<i32>\n"
               "    %c0 = constant <i32: 0> : tile<i32>\n"
               "    %low = andi %a, %c15 : tile<i32>\n"
               "    %b = " +
               bound +
               "    %i = iota : tile<8xi32>\n"
               "    %nr = reshape %b : tile<i32> -> tile<1xi32>\n"
               "    %n = broadcast %nr : tile<1xi32> -> tile<8xi32>\n"
               "    %m = cmpi less_than %i, %n, signed : tile<8xi32> -> tile<8xi1>\n"
               "    %rp = reshape %0 : tile<ptr<f32>> -> tile<1xptr<f32>>\n"
               "    %bp = broadcast %rp : tile<1xptr<f32>> -> tile<8xptr<f32>>\n"
               "    %p = offset %bp, %i : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>\n"
               "    %v, %t = load_ptr_tko weak %p, %m : tile<8xptr<f32>>, tile<8xi1> -> "
               "tile<8xf32>, token\n"
               "    %s = store_ptr_tko weak %p, %v, %m : tile<8xptr<f32>>, tile<8xf32>, "
               "tile<8xi1> -> token\n"
               "    return\n  }\n}\n";
    };
    const std::string assumed = "    %a = assume div_by<16>, %1 : tile<i32>\n";
    const std::string plain = "    %a = addi %1, %1 : tile<i32>\n";
    const std::string bySum = "addi %1, %low : tile<i32>\n";
    const std::string byArgument = "addi %1, %c0 : tile<i32>\n";
    const DiffResult proven = diffTexts(masked(assumed, byArgument), masked(assumed, bySum));
    EXPECT_TRUE(criticals(proven).empty()) << describe(proven);
    bool named = false;
    for (const auto& d : proven.divergences)
        named = named || d.proof.find("and the assumes argument 1 div_by<16>") != std::string::npos;
    EXPECT_TRUE(named) << describe(proven);
    const DiffResult refuted = diffTexts(masked(plain, byArgument), masked(plain, bySum));
    const auto crit = criticals(refuted);
    ASSERT_FALSE(crit.empty()) << describe(refuted);
    for (const Divergence* d : crit)
        EXPECT_TRUE(parse(d->counterexample).complete) << d->message << ": " << d->counterexample;
}

// matmul's group size gsm = min(num_bid_m - first_pid_m, 8), written as an `if`: the port with
// bid_m = pid % GROUP_SIZE_M instead of pid % gsm. The solver read the `if` as a free value and
// gave "if at reference line 62 = -1", which no input makes it. Now the `if` is the branch its
// condition takes: the witness names the block id and the sizes, and gsm computed from them
// here lies in [1, 8] and gives the two values the counterexample names.
TEST(CriticalCounterexample, AnIfResultIsTheBranchItsConditionTakes)
{
    const QString data = tilelens::test::testDataDir();
    const std::string unmodified =
        readText(data + QStringLiteral("/real-ports/matmul_128x128x32_2048_f16/generated.mlir"));
    ASSERT_FALSE(unmodified.empty());
    // %19 = argument 1 (M), %31 from argument 7 (N); %76 the `if`, %62 the constant 8.
    ASSERT_NE(unmodified.find("%19 = assume bounded<0, ?>, %1 : tile<i32>"), std::string::npos);
    ASSERT_NE(unmodified.find("%30 = assume bounded<0, ?>, %7 : tile<i32>"), std::string::npos);
    std::string mistake = unmodified;
    ASSERT_TRUE(
        applyEdits(mistake, {{"%77 = remi %59, %76 signed", "%77 = remi %59, %62 signed"}}));
    const DiffResult r = diffTexts(unmodified, mistake);
    const auto crit = criticals(r);
    ASSERT_EQ(crit.size(), 1u) << describe(r);
    const std::string& text = crit[0]->counterexample;
    const Model m = parse(text);
    ASSERT_TRUE(m.complete) << text;
    for (const auto& [name, value] : m.inputs)
        EXPECT_EQ(name.rfind("if ", 0), std::string::npos) << "a free `if` value: " << text;
    const int64_t pid = input(m, "get_tile_block_id");
    const int64_t numBidM = (input(m, "argument 1") + 127) / 128;
    const int64_t numBidN = (input(m, "argument 7") + 127) / 128;
    ASSERT_GE(pid, 0) << text;
    ASSERT_GT(numBidN, 0) << text;
    const int64_t rest = numBidM - pid / (8 * numBidN) * 8;
    const int64_t gsm = rest < 8 ? rest : 8;
    ASSERT_GE(gsm, 1) << text;
    EXPECT_LE(gsm, 8) << text;
    EXPECT_EQ(m.reference, pid % gsm) << text;
    EXPECT_EQ(m.generated, pid % 8) << text;
}

// The reference's assumes hold for a leaf also where only the generated side reads it: swiglu's
// port reading the row stride of a (argument 3, `assume div_by<16>`) where the reference reads
// b's (argument 8): the witness gave "argument 3 = 1".
TEST(CriticalCounterexample, AnAssumeHoldsForALeafOnlyTheGeneratedSideReads)
{
    const QString data = tilelens::test::testDataDir();
    const std::string unmodified =
        readText(data + QStringLiteral("/real-ports/swiglu_fwd_2x512x4096_bf16/generated.mlir"));
    ASSERT_FALSE(unmodified.empty());
    ASSERT_NE(unmodified.find("%19 = assume div_by<16>, %3 : tile<i32>"), std::string::npos);
    ASSERT_NE(unmodified.find("%23 = assume div_by<16>, %8 : tile<i32>"), std::string::npos);
    std::string mistake = unmodified;
    ASSERT_TRUE(applyEdits(mistake, {{"%102 = exti %37 signed", "%102 = exti %34 signed"}}));
    const DiffResult r = diffTexts(unmodified, mistake);
    const auto crit = criticals(r);
    ASSERT_FALSE(crit.empty()) << describe(r);
    for (const Divergence* d : crit) {
        const Model m = parse(d->counterexample);
        ASSERT_TRUE(m.complete) << d->message << ": " << d->counterexample;
        for (const char* name : {"argument 3", "argument 8"})
            if (m.inputs.count(name)) {
                EXPECT_EQ(m.inputs.at(name) % 16, 0) << name << ": " << d->counterexample;
            }
        EXPECT_NE(m.reference, m.generated) << d->counterexample;
    }
}

} // namespace
} // namespace tilelens::diff::test
