// Issue 30 item 3: an equality that rests on the kernel's specialised constants is a warn that
// names them and an instance where the two sides differ. attention_sink's key loop runs
// tc = ceil(min(hi, N_KV_CTX) / 128) times with N_KV_CTX a const generic 128 (the `if` at line
// 180 computes the min), so its index is 0, its keys lie below 128 and its V tile inside a V of
// 128 rows. The same kernel with N_KV_CTX a runtime value reads keys past N_KV_CTX: there the
// changes stay critical, with a counterexample.

#include "DiffTestUtil.h"

#include <gtest/gtest.h>

namespace tilelens::diff::test {
namespace {

std::string unmodifiedPort()
{
    std::string text = readText(
        tilelens::test::testDataDir() +
        QStringLiteral("/real-ports/attention_sink_2x128q128k_h8g8_d64_bf16/generated.mlir"));
    EXPECT_FALSE(text.empty());
    return text;
}

const Edit kContextConstant = {"%129 = constant <i32: 128> : tile<i32>",
                               "%129 = constant <i32: 128> : tile<i32>"};
// N_KV_CTX read from a launch value (the extent of argument 39's tensor, >= 0) instead.
const Edit kContextAtRuntime = {"%129 = constant <i32: 128> : tile<i32>",
                                "%129 = assume bounded<0, ?>, %123 : tile<i32>"};
// The out-of-bounds key mask offs_n >= N_KV_CTX written offs_n > N_KV_CTX.
const Edit kKeyMaskGreater = {"%329 = cmpi greater_than_or_equal %282, %328",
                              "%329 = cmpi greater_than %282, %328"};
// V's partition padded with -inf instead of zero.
const Edit kVPaddingNegInf = {
    "%263 = make_partition_view %100 : partition_view<tile=(1x1x128x64), padding_value = zero",
    "%263 = make_partition_view %100 : partition_view<tile=(1x1x128x64), padding_value = neg_inf"};

// The port with `context` applied, and the same with `change` too.
DiffResult diffWith(const Edit& context, const Edit& change)
{
    std::string before = unmodifiedPort();
    std::string missing;
    EXPECT_TRUE(applyEdits(before, {context}, &missing)) << missing;
    std::string after = before;
    EXPECT_TRUE(applyEdits(after, {change}, &missing)) << missing;
    return diffTexts(before, after);
}

const Divergence* atLine(const DiffResult& r, int generatedLine)
{
    for (const auto& d : r.divergences)
        if (d.generated && d.generated->line == generatedLine)
            return &d;
    return nullptr;
}

TEST(SpecialisedBounds, TheKeyMaskBoundaryRestingOnTheContextConstantIsAWarn)
{
    const DiffResult r = diffWith(kContextConstant, kKeyMaskGreater);
    EXPECT_TRUE(criticals(r).empty()) << describe(r);
    const Divergence* d = atLine(r, 283);
    ASSERT_NE(d, nullptr) << describe(r);
    EXPECT_EQ(d->severity, Severity::Warn) << describe(r);
    EXPECT_EQ(d->rule, "proven-under-precondition");
    // The loop index is bounded by its loop, and the min `if` bounding the trip count is the
    // branch its condition takes (SmtCheck encodes it): no free value of it is a leaf.
    EXPECT_NE(d->proof.find("within its loop's bounds"), std::string::npos) << d->proof;
    EXPECT_EQ(d->proof.find("if at reference line 180"), std::string::npos) << d->proof;
    EXPECT_NE(d->proof.find("the constant 128"), std::string::npos) << d->proof;
}

TEST(SpecialisedBounds, TheKeyMaskBoundaryWithARuntimeContextStaysCritical)
{
    const DiffResult r = diffWith(kContextAtRuntime, kKeyMaskGreater);
    const Divergence* d = atLine(r, 283);
    ASSERT_NE(d, nullptr) << describe(r);
    EXPECT_EQ(d->severity, Severity::Critical) << describe(r);
    EXPECT_FALSE(d->counterexample.empty()) << describe(r);
}

TEST(SpecialisedBounds, AVPaddingNoLaneReadsUnderTheContextConstantIsAWarnNamingTheExtent)
{
    const DiffResult r = diffWith(kContextConstant, kVPaddingNegInf);
    EXPECT_TRUE(criticals(r).empty()) << describe(r);
    const Divergence* d = atLine(r, 221);
    ASSERT_NE(d, nullptr) << describe(r);
    EXPECT_EQ(d->severity, Severity::Warn) << describe(r);
    EXPECT_EQ(d->rule, "proven-under-precondition");
    // The V rows the loop reads (one tile of 128) and the head dim (one tile of 64).
    EXPECT_NE(d->proof.find("the extent of dimension 2 is at least 128"), std::string::npos)
        << d->proof;
    EXPECT_NE(d->proof.find("the extent of dimension 3 is at least 64"), std::string::npos)
        << d->proof;
    // An instance where the two differ.
    EXPECT_NE(d->proof.find("an extent of 127 along dimension 2"), std::string::npos) << d->proof;
    EXPECT_NE(d->proof.find("zero in the reference and neg_inf in the generated"),
              std::string::npos)
        << d->proof;
}

TEST(SpecialisedBounds, AVPaddingWithARuntimeContextStaysCritical)
{
    const DiffResult r = diffWith(kContextAtRuntime, kVPaddingNegInf);
    const Divergence* d = atLine(r, 221);
    ASSERT_NE(d, nullptr) << describe(r);
    EXPECT_EQ(d->severity, Severity::Critical) << describe(r);
    EXPECT_NE(d->counterexample.find("ragged last tile"), std::string::npos) << describe(r);
}

// The reference leaves V's out-of-bounds lanes undefined (padding none, as cuTile Python
// compiles it): any padding refines that, but -inf, unlike zero, poisons p * V where a key past
// the context has weight 0. Under the context constant no such lane is read: a warn that says so.
TEST(SpecialisedBounds, AnInfinitePaddingWhereTheReferenceHasNoneIsAWarnZeroIsNot)
{
    const Edit noPadding = {"%263 = make_partition_view %100 : partition_view<tile=(1x1x128x64), "
                            "padding_value = zero, ",
                            "%263 = make_partition_view %100 : partition_view<tile=(1x1x128x64), "};
    const auto padded = [](const std::string& value) {
        return Edit{"%263 = make_partition_view %100 : partition_view<tile=(1x1x128x64), ",
                    "%263 = make_partition_view %100 : partition_view<tile=(1x1x128x64), "
                    "padding_value = " +
                        value + ", "};
    };
    const DiffResult negInf = diffWith(noPadding, padded("neg_inf"));
    const Divergence* d = atLine(negInf, 221);
    ASSERT_NE(d, nullptr) << describe(negInf);
    EXPECT_EQ(d->severity, Severity::Warn) << describe(negInf);
    EXPECT_NE(d->proof.find("the extent of dimension 2 is at least 128"), std::string::npos)
        << d->proof;
    EXPECT_NE(d->proof.find("0 * neg_inf = NaN"), std::string::npos) << d->proof;

    const DiffResult zero = diffWith(noPadding, padded("zero"));
    d = atLine(zero, 221);
    ASSERT_NE(d, nullptr) << describe(zero);
    EXPECT_EQ(d->severity, Severity::Equivalent) << describe(zero);

    // With N_KV_CTX a runtime value nothing rests on a constant: any padding refines none.
    std::string before = unmodifiedPort();
    ASSERT_TRUE(applyEdits(before, {kContextAtRuntime, noPadding}));
    std::string after = before;
    ASSERT_TRUE(applyEdits(after, {padded("neg_inf")}));
    const DiffResult unbounded = diffTexts(before, after);
    d = atLine(unbounded, 221);
    ASSERT_NE(d, nullptr) << describe(unbounded);
    EXPECT_EQ(d->severity, Severity::Equivalent) << describe(unbounded);
}

// silu_and_mul's f16 pair: the reference is compiled for hidden_size = 1024 and reads its column
// bound from argument 2; the port's argument 2 (hidden_size) is bound to that constant. A port
// that compares against BLOCK_SIZE (the constant 1024) instead agrees with the reference only
// while argument 2 is 1024: one warn where the port reads the constant, naming the binding and
// an instance where the two differ; the unmodified port, reading the argument, has none there.
std::string siluFile(const char* name)
{
    std::string text = readText(tilelens::test::testDataDir() +
                                QStringLiteral("/real-ports/silu_and_mul_fwd_8x512x1024_f16/") +
                                QString::fromUtf8(name));
    EXPECT_FALSE(text.empty());
    return text;
}

const Edit kBoundBlockSize = {"%31 = reshape %8 : tile<i32> -> tile<1xi32>",
                              "%31 = reshape %11 : tile<i32> -> tile<1xi32>"};

TEST(SpecialisedBounds, AMaskBoundWrittenAsTheSpecialisedConstantIsAWarnWhereItIsRead)
{
    const std::string reference = siluFile("reference.mlir");
    const std::string port = siluFile("generated.mlir");
    std::string blockSize = port;
    std::string missing;
    ASSERT_TRUE(applyEdits(blockSize, {kBoundBlockSize}, &missing)) << missing;
    const int line = lineOf(blockSize, "%31 = reshape %11");

    const DiffResult before = diffTexts(reference, port);
    const DiffResult after = diffTexts(reference, blockSize);
    EXPECT_EQ(criticals(after).size(), criticals(before).size()) << describe(after);
    const Divergence* unmodified = atLine(before, line);
    EXPECT_TRUE(unmodified == nullptr || unmodified->severity != Severity::Warn)
        << describe(before);
    const Divergence* d = atLine(after, line);
    ASSERT_NE(d, nullptr) << describe(after);
    EXPECT_EQ(d->severity, Severity::Warn) << describe(after);
    EXPECT_EQ(d->rule, "proven-under-precondition");
    EXPECT_NE(d->proof.find("argument 2 = 1024"), std::string::npos) << d->proof;
    EXPECT_NE(d->proof.find("reads the constant 1024 where the reference reads argument 2"),
              std::string::npos)
        << d->proof;
    EXPECT_NE(d->proof.find("for another value they differ: "), std::string::npos) << d->proof;

    // Against the unmodified port (hidden_size a runtime value) the change is critical there.
    const DiffResult vsPort = diffTexts(port, blockSize);
    const auto crit = criticals(vsPort);
    ASSERT_EQ(crit.size(), 1u) << describe(vsPort);
    ASSERT_TRUE(crit[0]->generated.has_value());
    EXPECT_EQ(crit[0]->generated->line, line);
}

} // namespace
} // namespace tilelens::diff::test
