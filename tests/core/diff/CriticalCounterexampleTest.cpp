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

// A gather of row %0's lanes below the length `bound`, padded with %zero or %one (`padding`);
// both constants are also stored on both sides, so that they stay the same constants.
std::string paddedGather(const std::string& padding, const std::string& bound = "%2")
{
    return "cuda_tile.module @m {\n"
           "  entry @k(%0: tile<ptr<f32>>, %1: tile<i32>, %2: tile<i32>, %3: tile<ptr<f32>>) {\n"
           "    %c8 = constant <i32: 8> : tile<i32>\n"
           "    %i = iota : tile<8xi32>\n"
           "    %nr = reshape " +
           bound +
           " : tile<i32> -> tile<1xi32>\n"
           "    %n = broadcast %nr : tile<1xi32> -> tile<8xi32>\n"
           "    %m = cmpi less_than %i, %n, signed : tile<8xi32> -> tile<8xi1>\n"
           "    %rp = reshape %0 : tile<ptr<f32>> -> tile<1xptr<f32>>\n"
           "    %bp = broadcast %rp : tile<1xptr<f32>> -> tile<8xptr<f32>>\n"
           "    %p = offset %bp, %i : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>\n"
           "    %zero = constant <f32: 0.0> : tile<8xf32>\n"
           "    %one = constant <f32: 1.0> : tile<8xf32>\n"
           "    %v, %t = load_ptr_tko weak %p, %m, " +
           padding +
           " : tile<8xptr<f32>>, tile<8xi1>, tile<8xf32> -> tile<8xf32>, token\n"
           "    %ro = reshape %3 : tile<ptr<f32>> -> tile<1xptr<f32>>\n"
           "    %bo = broadcast %ro : tile<1xptr<f32>> -> tile<8xptr<f32>>\n"
           "    %po = offset %bo, %i : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>\n"
           "    %s = store_ptr_tko weak %po, %v : tile<8xptr<f32>>, tile<8xf32> -> token\n"
           "    %s2 = store_ptr_tko weak %p, %zero : tile<8xptr<f32>>, tile<8xf32> -> token\n"
           "    %s3 = store_ptr_tko weak %po, %one : tile<8xptr<f32>>, tile<8xf32> -> token\n"
           "    return\n  }\n}\n";
}

// The inputs of a "(name = value, ...)" list between `open` and the next ')' that closes it.
std::map<std::string, int64_t> inputsAfter(const std::string& text, const std::string& open)
{
    std::map<std::string, int64_t> out;
    const size_t at = text.find(open);
    if (at == std::string::npos)
        return out;
    const size_t from = at + open.size();
    const size_t end = text.find_first_of(");", from);
    const std::string list = text.substr(from, end - from);
    for (size_t i = 0; i < list.size();) {
        const size_t next = std::min(list.find(", ", i), list.size());
        const std::string item = list.substr(i, next - i);
        const size_t eq = item.rfind(" = ");
        if (eq != std::string::npos)
            out[item.substr(0, eq)] = std::stoll(item.substr(eq + 3));
        i = next + 2;
    }
    return out;
}

int64_t named(const std::map<std::string, int64_t>& inputs, const std::string& prefix)
{
    for (const auto& [name, value] : inputs)
        if (name.rfind(prefix, 0) == 0)
            return value;
    ADD_FAILURE() << "no input " << prefix;
    return 0;
}

// A gather padded with 0.0 in the reference and 1.0 in the port: the witness is a lane that
// both masks turn off (lane >= the length), which reads 0.0 on one side and 1.0 on the other.
TEST(CriticalCounterexample, AChangedGatherPaddingIsALaneBothMasksTurnOff)
{
    const DiffResult r = diffTexts(paddedGather("%zero"), paddedGather("%one"));
    const auto crit = criticals(r);
    ASSERT_EQ(crit.size(), 1u) << describe(r);
    const std::string& text = crit[0]->counterexample;
    ASSERT_EQ(text.rfind("padding value: a lane masked off on both sides (", 0), 0u) << text;
    const auto in = inputsAfter(text, "on both sides (");
    const int64_t lane = named(in, "iota"), length = named(in, "argument 2");
    EXPECT_GE(lane, 0) << text;
    EXPECT_LT(lane, 8) << text;
    EXPECT_GE(lane, length) << "the lane must be off on both sides: " << text;
    EXPECT_NE(text.find("reads <f32: 0.000000e+00> in reference, <f32: 1.000000e+00> in "
                        "generated"),
              std::string::npos)
        << text;
}

// The same padding change where no lane is ever off (the bound is the constant 8, the tile's
// size): a critical the solver cannot refute stays unproven, never a made-up lane.
TEST(CriticalCounterexample, APaddingNoLaneReadsGetsNoWitness)
{
    const DiffResult r = diffTexts(paddedGather("%zero", "%c8"), paddedGather("%one", "%c8"));
    for (const auto& d : r.divergences)
        EXPECT_EQ(d.counterexample.find("padding value"), std::string::npos)
            << d.message << ": " << d.counterexample;
}

// A view load of tile [%bid] over a tensor of %1 elements, tile 8, with the view's `padding`.
std::string viewLoad(const std::string& padding, const std::string& index = "%bid",
                     const std::string& indexOps = "")
{
    const std::string view =
        "partition_view<tile=(8)" + padding + ", tensor_view<?xf32, strides=[1]>>";
    return "cuda_tile.module @m {\n"
           "  entry @k(%0: tile<ptr<f32>>, %1: tile<i32>, %2: tile<ptr<f32>>) {\n"
           "    %bid, %b1, %b2 = get_tile_block_id : tile<i32>\n"
           "    %n = assume bounded<0, ?>, %1 : tile<i32>\n"
           "    %tv = make_tensor_view %0, shape = [%n], strides = [1] : tile<i32> -> "
           "tensor_view<?xf32, strides=[1]>\n"
           "    %pv = make_partition_view %tv : " +
           view + "\n" + indexOps + "    %v, %t = load_view_tko weak %pv[" + index + "] : " + view +
           ", tile<i32> -> tile<8xf32>, token\n"
           "    %i = iota : tile<8xi32>\n"
           "    %ro = reshape %2 : tile<ptr<f32>> -> tile<1xptr<f32>>\n"
           "    %bo = broadcast %ro : tile<1xptr<f32>> -> tile<8xptr<f32>>\n"
           "    %po = offset %bo, %i : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>\n"
           "    %s = store_ptr_tko weak %po, %v : tile<8xptr<f32>>, tile<8xf32> -> token\n"
           "    return\n  }\n}\n";
}

// bmm's port with A's view made without padding (zero in the reference): the witness is a
// tile that crosses the tensor's end in M (it starts inside, its last rows lie past the
// extent), whose rows past the end read zero on one side and an undefined value on the other.
TEST(CriticalCounterexample, ADroppedViewPaddingIsATileThatCrossesTheEnd)
{
    const QString data = tilelens::test::testDataDir();
    const std::string unmodified =
        readText(data + QStringLiteral("/real-ports/bmm_128x128x32_8x512_f16/generated.mlir"));
    const std::string mistake =
        readText(data + QStringLiteral("/port-mistakes/bmm/wrong_padding_a_none/generated.mlir"));
    ASSERT_FALSE(unmodified.empty());
    ASSERT_FALSE(mistake.empty());
    // A's extent in M is argument 2 (`assume div_by<16>`), its tile index there block id x.
    ASSERT_NE(mistake.find("%36 = make_tensor_view %35, shape = [%25, %27, %29]"),
              std::string::npos);
    const DiffResult r = diffTexts(unmodified, mistake);
    int checked = 0;
    for (const Divergence* d : criticals(r)) {
        const std::string& text = d->counterexample;
        if (text.rfind("padding: ", 0) != 0)
            continue;
        const auto in = inputsAfter(text, "dimension 1 (");
        const int64_t bid = named(in, "get_tile_block_id"), extent = named(in, "argument 2");
        EXPECT_GE(bid, 0) << text;
        EXPECT_LT(bid * 128, extent) << "the tile starts inside the tensor: " << text;
        EXPECT_LT(extent, bid * 128 + 128) << "and ends past it: " << text;
        EXPECT_EQ(extent % 16, 0) << "a launch satisfies div_by<16>: " << text;
        EXPECT_NE(text.find("read zero in reference, an undefined value"), std::string::npos)
            << text;
        ++checked;
    }
    EXPECT_EQ(checked, 1) << describe(r);
}

// A view load at tile bid + 1 instead of bid: the witness's block id and extent put both
// tiles inside the tensor (each tile index below ceil(extent / 8)), the tiles a grid sized by
// the extent launches; before, it gave a block id past any such grid.
TEST(CriticalCounterexample, AViewIndexWitnessStaysInsideTheIndexSpace)
{
    const DiffResult r = diffTexts(
        viewLoad(", padding_value = zero"),
        viewLoad(", padding_value = zero", "%next",
                 "    %one = constant <i32: 1> : tile<i32>\n    %next = addi %bid, %one : "
                 "tile<i32>\n"));
    const auto crit = criticals(r);
    ASSERT_FALSE(crit.empty()) << describe(r);
    int checked = 0;
    for (const Divergence* d : crit) {
        const Model m = parse(d->counterexample);
        if (!m.complete)
            continue;
        const int64_t bid = input(m, "get_tile_block_id"), n = input(m, "argument 1");
        EXPECT_EQ(m.reference, bid) << d->counterexample;
        EXPECT_EQ(m.generated, bid + 1) << d->counterexample;
        EXPECT_GE(bid, 0) << d->counterexample;
        EXPECT_LT((bid + 1) * 8, n) << "both tiles inside the tensor: " << d->counterexample;
        EXPECT_NE(d->counterexample.find("(tile indices within their views' index spaces)"),
                  std::string::npos)
            << d->counterexample;
        ++checked;
    }
    EXPECT_EQ(checked, 1) << describe(r);
}

// Where no view bounds a block id (a pointer gather), the witness says it assumes the block id
// launchable.
TEST(CriticalCounterexample, ABlockIdNoViewBoundsIsSaidToBeAssumedLaunchable)
{
    const DiffResult r =
        diffTexts(kernel(loadFrom("%0",
                                  "    %br = reshape %bid : tile<i32> -> tile<1xi32>\n"
                                  "    %bb = broadcast %br : tile<1xi32> -> tile<8xi32>\n"
                                  "    %j = addi %i, %bb : tile<8xi32>\n",
                                  "%j"),
                         kPlainStore),
                  kernel(loadFrom("%0",
                                  "    %br = reshape %b1 : tile<i32> -> tile<1xi32>\n"
                                  "    %bb = broadcast %br : tile<1xi32> -> tile<8xi32>\n"
                                  "    %j = addi %i, %bb : tile<8xi32>\n",
                                  "%j"),
                         kPlainStore));
    const auto crit = criticals(r);
    ASSERT_FALSE(crit.empty()) << describe(r);
    for (const Divergence* d : crit)
        EXPECT_NE(d->counterexample.find("block id assumed launchable"), std::string::npos)
            << d->counterexample;
}

// A float compare whose predicate changed (greater_than for greater_than_or_equal) on the same
// operands: the witness gives the operands equal values, where one holds and the other not.
TEST(CriticalCounterexample, AChangedFloatPredicateIsShownOnEqualOperands)
{
    const auto compare = [](const std::string& predicate, const std::string& operands) {
        return "cuda_tile.module @m {\n"
               "  entry @k(%0: tile<ptr<f32>>, %1: tile<f32>, %2: tile<ptr<f32>>) {\n"
               "    %i = iota : tile<8xi32>\n"
               "    %rp = reshape %0 : tile<ptr<f32>> -> tile<1xptr<f32>>\n"
               "    %bp = broadcast %rp : tile<1xptr<f32>> -> tile<8xptr<f32>>\n"
               "    %p = offset %bp, %i : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>\n"
               "    %x, %t = load_ptr_tko weak %p : tile<8xptr<f32>> -> tile<8xf32>, token\n"
               "    %yr = reshape %1 : tile<f32> -> tile<1xf32>\n"
               "    %y = broadcast %yr : tile<1xf32> -> tile<8xf32>\n"
               "    %keep = cmpf " +
               predicate + " ordered " + operands +
               " : tile<8xf32> -> tile<8xi1>\n"
               "    %z = constant <f32: 0.0> : tile<8xf32>\n"
               "    %v = select %keep, %x, %z : tile<8xi1>, tile<8xf32>\n"
               "    %ro = reshape %2 : tile<ptr<f32>> -> tile<1xptr<f32>>\n"
               "    %bo = broadcast %ro : tile<1xptr<f32>> -> tile<8xptr<f32>>\n"
               "    %po = offset %bo, %i : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>\n"
               "    %s = store_ptr_tko weak %po, %v : tile<8xptr<f32>>, tile<8xf32> -> token\n"
               "    return\n  }\n}\n";
    };
    const DiffResult r =
        diffTexts(compare("greater_than", "%x, %y"), compare("greater_than_or_equal", "%x, %y"));
    int checked = 0;
    for (const Divergence* d : criticals(r)) {
        const std::string& text = d->counterexample;
        if (text.rfind("operands ", 0) != 0)
            continue;
        // "operands load_ptr_tko at reference line 7 = 0, argument 1 = 0 -> reference 0, ..."
        const auto in = inputsAfter(text, "operands ");
        ASSERT_EQ(in.size(), 2u) << text;
        const double x = double(named(in, "load_ptr_tko")), y = double(named(in, "argument 1"));
        const Model m = parse(text);
        ASSERT_TRUE(m.complete) << text;
        EXPECT_EQ(m.reference, x > y ? 1 : 0) << text;
        EXPECT_EQ(m.generated, x >= y ? 1 : 0) << text;
        EXPECT_NE(m.reference, m.generated) << text;
        ++checked;
    }
    EXPECT_EQ(checked, 1) << describe(r);
    // The mirrored spelling (y < x for x > y) is the same compare: no witness of a change.
    const DiffResult mirrored =
        diffTexts(compare("greater_than", "%x, %y"), compare("less_than", "%y, %x"));
    for (const auto& d : mirrored.divergences)
        EXPECT_EQ(d.counterexample.rfind("operands ", 0), std::string::npos)
            << d.message << ": " << d.counterexample;
    // A computed operand need not take every value: |x| < -1 and |x| <= -1 are both always
    // false, so no value of |x| may be offered as an input (it once offered |x| = -1).
    const auto withAbs = [&](const std::string& predicate) {
        std::string text = compare(predicate, "%ax, %m1");
        const std::string at = "    %yr = reshape";
        text.insert(text.find(at), "    %ax = absf %x : tile<8xf32>\n"
                                   "    %m1 = constant <f32: -1.0> : tile<8xf32>\n");
        return text;
    };
    const DiffResult computed = diffTexts(withAbs("less_than"), withAbs("less_than_or_equal"));
    for (const auto& d : computed.divergences)
        EXPECT_EQ(d.counterexample.rfind("operands ", 0), std::string::npos)
            << d.message << ": " << d.counterexample;
}

// silu_and_mul's port storing its output without the reference's mask, against the Python
// reference: the mask reads the column count (argument 7), which the port never reads. A value
// only the reference has is an input of its own when only the reference side is encoded; the
// witness is a lane the mask (row < argument 6 and column < argument 7) turns off.
TEST(CriticalCounterexample, AnAbsentMaskMayReadAnInputOnlyTheReferenceHas)
{
    const QString data = tilelens::test::testDataDir();
    const std::string reference = readText(
        data + QStringLiteral("/real-ports/silu_and_mul_fwd_13x256x1000_f32/reference.mlir"));
    const std::string mistake = readText(
        data + QStringLiteral("/port-mistakes/silu_and_mul/missing_mask_out_store/generated.mlir"));
    ASSERT_FALSE(reference.empty());
    ASSERT_FALSE(mistake.empty());
    ASSERT_NE(reference.find("%115 = andi %105, %114 : tile<1024xi1>"), std::string::npos);
    const DiffResult r = diffTexts(reference, mistake);
    int checked = 0;
    for (const Divergence* d : criticals(r)) {
        const std::string& text = d->counterexample;
        if (text.rfind("mask (operand 2, absent in generated: every lane on): ", 0) != 0)
            continue;
        const Model m = parse(text);
        ASSERT_TRUE(m.complete) << text;
        const bool rowOn = input(m, "get_tile_block_id") < input(m, "argument 6");
        const bool columnOn = input(m, "iota") < input(m, "argument 7");
        EXPECT_FALSE(rowOn && columnOn) << "the reference's lane must be off: " << text;
        EXPECT_EQ(m.reference, 0) << text;
        EXPECT_EQ(m.generated, -1) << text;
        ++checked;
    }
    EXPECT_EQ(checked, 1) << describe(r);
}

// moe_align's port compares the token index signed where the reference compares it unsigned;
// the gather that compare masks then reads memory on one side and its padding 0 on the other,
// and the counter address computed from the value read differs. A masked gather is its mask's
// choice between the memory (an input) and its padding: the witness is checked here by
// computing both addresses from its inputs as the two kernels do (i32 arithmetic wraps).
TEST(CriticalCounterexample, AMaskedGatherReadsItsPaddingWhereItsMaskIsOff)
{
    const QString data = tilelens::test::testDataDir();
    const QString pair =
        data + QStringLiteral("/real-ports/moe_align_block_stage1_t4096_k8_e64_b64");
    const std::string reference = readText(pair + QStringLiteral("/reference.mlir"));
    const std::string generated = readText(pair + QStringLiteral("/generated.mlir"));
    ASSERT_FALSE(reference.empty());
    ASSERT_FALSE(generated.empty());
    ASSERT_NE(reference.find("%51 = cmpi less_than %50, %35, unsigned"), std::string::npos);
    ASSERT_NE(generated.find("%67 = cmpi less_than %66, %36, signed"), std::string::npos);
    const DiffResult r = diffTexts(reference, generated);
    const auto wrap32 = [](int64_t x) { return int64_t(int32_t(uint32_t(uint64_t(x)))); };
    int checked = 0;
    for (const Divergence* d : criticals(r)) {
        const std::string& text = d->counterexample;
        if (text.rfind("address: ", 0) != 0)
            continue;
        const Model m = parse(text);
        ASSERT_TRUE(m.complete) << text;
        const int64_t bid = input(m, "get_tile_block_id"), iv = input(m, "argument 0");
        const int64_t tokens = input(m, "argument 1"), counters = input(m, "argument 3");
        const int64_t memory = input(m, "load_ptr_tko");
        const int64_t token = wrap32(wrap32(bid * 512) + iv); // sign-extended to i64
        const bool unsignedOn = uint64_t(token) < uint64_t(tokens);
        const bool signedOn = token < tokens;
        const int64_t offC = wrap32((bid + 1) * 64);
        const auto address = [&](bool on) {
            return counters + 4 * wrap32(offC + (on ? memory : 0));
        };
        EXPECT_EQ(m.reference, address(unsignedOn)) << text;
        EXPECT_EQ(m.generated, address(signedOn)) << text;
        EXPECT_NE(unsignedOn, signedOn) << "the masks differ: " << text;
        EXPECT_NE(text.find("block id assumed launchable"), std::string::npos) << text;
        ++checked;
    }
    EXPECT_EQ(checked, 1) << describe(r);
}

// bmm's port whose k loop starts at 1: its loop index assume says bounded<1, ?> where the
// reference's says bounded<0, ?>. The loop indices are lower + k * step of one iteration
// number k: in iteration k the reference's index is k and the port's k + 1, both below the
// loop's bound (an iteration that runs on both sides).
TEST(CriticalCounterexample, ALoopIndexDiffersInOneIterationOfBothLoops)
{
    const QString data = tilelens::test::testDataDir();
    const std::string unmodified =
        readText(data + QStringLiteral("/real-ports/bmm_128x128x32_8x512_f16/generated.mlir"));
    const std::string mistake = readText(
        data + QStringLiteral("/port-mistakes/bmm/wrong_loop_bound_k_start/generated.mlir"));
    ASSERT_FALSE(unmodified.empty());
    ASSERT_FALSE(mistake.empty());
    const DiffResult r = diffTexts(unmodified, mistake);
    int checked = 0;
    for (const Divergence* d : criticals(r)) {
        const std::string& text = d->counterexample;
        if (text.rfind("the value assumed: ", 0) != 0)
            continue;
        const Model m = parse(text);
        ASSERT_TRUE(m.complete) << text;
        const int64_t k = input(m, "iteration of for"), upper = input(m, "get_index_space_shape");
        EXPECT_GE(k, 0) << text;
        EXPECT_EQ(m.reference, k) << text;
        EXPECT_EQ(m.generated, 1 + k) << text;
        EXPECT_LT(m.generated, upper) << "the iteration runs in the port too: " << text;
        ++checked;
    }
    EXPECT_EQ(checked, 1) << describe(r);
    // The same bound spelled with an upper end the index never reaches: no such witness.
    std::string wider = unmodified;
    ASSERT_TRUE(applyEdits(wider, {{"%115 = assume bounded<0, ?>, %113",
                                    "%115 = assume bounded<0, 2147483647>, %113"}}));
    const DiffResult same = diffTexts(unmodified, wider);
    for (const auto& d : same.divergences)
        EXPECT_EQ(d.counterexample.rfind("the value assumed: ", 0), std::string::npos)
            << d.message << ": " << d.counterexample;
}

// matmul's port loading B's tile at [k, bid_m] instead of [k, bid_n] (a held-out mistake of
// issue 30): the witness gave block id 2 with M = N = 16, a grid of one block. Now every tile
// index of the two loads lies in its view's index space: the block id and sizes it names give
// (bid_m, bid_n) by the kernel's group swizzle, the block id lies in the grid of
// ceil(M / 128) * ceil(N / 128) blocks, and bid_m is a tile of B's columns.
TEST(CriticalCounterexample, AMatmulBlockIdWitnessLiesInTheGridTheSizesLaunch)
{
    const QString data = tilelens::test::testDataDir();
    const std::string unmodified =
        readText(data + QStringLiteral("/real-ports/matmul_128x128x32_2048_f16/generated.mlir"));
    ASSERT_FALSE(unmodified.empty());
    std::string mistake = unmodified;
    ASSERT_TRUE(applyEdits(
        mistake, {{"load_view_tko weak %100[%106, %80]", "load_view_tko weak %100[%106, %78]"}}));
    const DiffResult r = diffTexts(unmodified, mistake);
    const auto crit = criticals(r);
    ASSERT_EQ(crit.size(), 1u) << describe(r);
    const std::string& text = crit[0]->counterexample;
    const Model m = parse(text);
    ASSERT_TRUE(m.complete) << text;
    const int64_t pid = input(m, "get_tile_block_id");
    const int64_t numBidM = (input(m, "argument 1") + 127) / 128;
    const int64_t numBidN = (input(m, "argument 7") + 127) / 128;
    ASSERT_GE(pid, 0) << text;
    ASSERT_GT(numBidN, 0) << text;
    EXPECT_LT(pid, numBidM * numBidN) << "a block id of the grid: " << text;
    const int64_t inGroup = 8 * numBidN;
    const int64_t firstBidM = pid / inGroup * 8;
    const int64_t groupSizeM = std::min<int64_t>(numBidM - firstBidM, 8);
    ASSERT_GE(groupSizeM, 1) << text;
    const int64_t bidM = firstBidM + pid % groupSizeM;
    const int64_t bidN = pid % inGroup / groupSizeM;
    EXPECT_EQ(m.reference, bidN) << text;
    EXPECT_EQ(m.generated, bidM) << text;
    EXPECT_LT(bidM, numBidN) << "the port's tile index lies in B's index space: " << text;
    EXPECT_NE(text.find("(tile indices within their views' index spaces)"), std::string::npos)
        << text;
}

// A site the normal form folds away (an `x * 1` of the reference, reported with its own proof)
// is not asked for its users' witness: silu's f32 port against the f16 reference has a
// changed column mask, and the dropped-ftz finding whose sites include such a `muli` once
// carried the mask's witness ("cmpi ... (muli at line 110 of reference)"), a difference the
// ftz does not cause.
TEST(CriticalCounterexample, AFoldedSiteLendsNoOtherCausesWitness)
{
    const QString data = tilelens::test::testDataDir();
    const std::string reference = readText(
        data + QStringLiteral("/real-ports/silu_and_mul_fwd_8x512x1024_f16/reference.mlir"));
    const std::string mistake = readText(
        data +
        QStringLiteral("/port-mistakes/silu_and_mul/wrong_bound_col_mask_stride/generated.mlir"));
    ASSERT_FALSE(reference.empty());
    ASSERT_FALSE(mistake.empty());
    const DiffResult r = diffTexts(reference, mistake);
    int ftz = 0;
    for (const Divergence* d : criticals(r)) {
        if (d->rule != "ftz-approx")
            continue;
        ++ftz;
        EXPECT_EQ(d->counterexample.find("cmpi"), std::string::npos) << d->counterexample;
    }
    EXPECT_GE(ftz, 1) << describe(r);
}

} // namespace
} // namespace tilelens::diff::test
