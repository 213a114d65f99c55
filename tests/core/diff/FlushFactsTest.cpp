// flush_to_zero on one side only (FlushFacts.h): harmless, proven, where only
// a cast to a narrow float sees the flushed values; critical wherever an add,
// an unbounded multiplier, a too large bound or an f32 store could see them.
// Cases are edits of the f16 silu_and_mul real-port reference:
//   %100 = mulf %88, %99   (a * sigmoid, a = f16 input cast to f32)
//   %101 = mulf %100, %89  (times b, the other f16 input)
//   %102 = ftof %101 : f32 -> f16, then the store.

#include "DiffTestUtil.h"

#include <gtest/gtest.h>

namespace tilelens::diff::test {
namespace {

const char* const F16Pair = "../real-ports/silu_and_mul_fwd_8x512x1024_f16/";
const char* const F32Pair = "../real-ports/silu_and_mul_fwd_13x256x1000_f32/";

std::string pairFile(const char* pair, const char* file)
{
    return fixture((std::string(pair) + file).c_str());
}

std::string edited(const std::vector<Edit>& edits)
{
    std::string text = pairFile(F16Pair, "reference.mlir");
    std::string missing;
    EXPECT_TRUE(applyEdits(text, edits, &missing)) << "edit not applicable: " << missing;
    return text;
}

// The finding at generated line `line`, or nullptr.
const Divergence* findingAt(const DiffResult& r, int line)
{
    for (const Divergence& d : r.divergences) {
        if (d.generated && d.generated->line == line)
            return &d;
        for (const auto& s : d.sites)
            if (s.generated && s.generated->line == line)
                return &d;
    }
    return nullptr;
}

const Edit kFtzOnB = {"%101 = mulf %100, %89 :", "%101 = mulf %100, %89 flush_to_zero :"};

TEST(FlushFacts, FtzBeforeTheF16CastIsAWarnForFiniteInputs)
{
    const std::string ref = edited({});
    const std::string gen = edited({kFtzOnB});
    const DiffResult r = diffTexts(ref, gen);
    EXPECT_EQ(r.count(Severity::Critical), 0) << describe(r);
    const Divergence* d = findingAt(r, lineOf(gen, "%101 = mulf"));
    ASSERT_NE(d, nullptr) << describe(r);
    EXPECT_EQ(d->severity, Severity::Warn);
    EXPECT_EQ(d->rule, "ftz-hidden-by-narrowing-if");
    EXPECT_EQ(d->proof.rfind("harmless for finite inputs, proven: ", 0), 0u) << d->proof;
    // Operand %100 may be subnormal: flushed it changes the product by 2^-126 * 65504.
    EXPECT_NE(d->proof.find("2^-126 * 65504"), std::string::npos) << d->proof;
    EXPECT_NE(d->proof.find("casts to f16 (line " + std::to_string(lineOf(gen, "%102 = ftof"))),
              std::string::npos)
        << d->proof;
    EXPECT_NE(d->proof.find("provided that the inputs are finite"), std::string::npos) << d->proof;
}

TEST(FlushFacts, FtzOnTheReferenceSideOnlyIsProvenTheSameWay)
{
    const DiffResult r = diffTexts(edited({kFtzOnB}), edited({}));
    EXPECT_EQ(r.count(Severity::Critical), 0) << describe(r);
    EXPECT_EQ(withRule(r, "ftz-hidden-by-narrowing-if").size(), 1u) << describe(r);
}

TEST(FlushFacts, ChainOfFlushedProductsIsProvenThroughTheBoundedMultiplier)
{
    const std::string gen =
        edited({{"%100 = mulf %88, %99 :", "%100 = mulf %88, %99 flush_to_zero :"}, kFtzOnB});
    const DiffResult r = diffTexts(edited({}), gen);
    EXPECT_EQ(r.count(Severity::Critical), 0) << describe(r);
    const Divergence* d = findingAt(r, lineOf(gen, "%100 = mulf"));
    ASSERT_NE(d, nullptr) << describe(r);
    EXPECT_EQ(d->severity, Severity::Warn);
    // 2^-126 * 65504 at %100, times b (65504) at %101: at most 2^-94 at the cast.
    EXPECT_NE(d->proof.find("at most 2^-94"), std::string::npos) << d->proof;
}

// A constant multiplier cannot be infinite: no precondition. Its size decides.
TEST(FlushFacts, ConstantMultiplierBoundDecidesAgainstF16HalfSubnormal)
{
    auto times = [](const std::string& c, bool ftz) {
        return edited(
            {{"%101 = mulf %100, %89 :", "%101c = constant <f32: " + c +
                                             "> : tile<1024xf32>\n    %101 = mulf %101c, %100" +
                                             (ftz ? " flush_to_zero :" : " :")}});
    };
    const std::string gen = times("2.0", true);
    const DiffResult ok = diffTexts(times("2.0", false), gen);
    EXPECT_EQ(ok.count(Severity::Critical), 0) << describe(ok);
    const Divergence* d = findingAt(ok, lineOf(gen, "%101 = mulf"));
    ASSERT_NE(d, nullptr) << describe(ok);
    EXPECT_EQ(d->rule, "ftz-hidden-by-narrowing");
    EXPECT_EQ(d->severity, Severity::Warn);
    EXPECT_EQ(d->proof.rfind("harmless, proven: ", 0), 0u) << d->proof;
    EXPECT_EQ(d->proof.find("provided that"), std::string::npos) << d->proof;

    // 2^-126 * 1e32 ~ 2^-20 is not below f16's 2^-25: a flushed input can change the f16 value.
    const DiffResult big = diffTexts(times("1.0e32", false), times("1.0e32", true));
    const Divergence* c = findingAt(big, lineOf(gen, "%101 = mulf"));
    ASSERT_NE(c, nullptr) << describe(big);
    EXPECT_EQ(c->severity, Severity::Critical) << describe(big);
    EXPECT_EQ(c->rule, "ftz-approx");
}

TEST(FlushFacts, FlushedProductAddedToALargeValueStaysCritical)
{
    auto variant = [](bool ftz) {
        return edited({{"%101 = mulf %100, %89 :", std::string("%101 = mulf %100, %89") +
                                                       (ftz ? " flush_to_zero" : "") +
                                                       " : tile<1024xf32>\n    %101s = addf "
                                                       "%101, %88 :"},
                       {"%102 = ftof %101 :", "%102 = ftof %101s :"}});
    };
    const std::string gen = variant(true);
    const DiffResult r = diffTexts(variant(false), gen);
    const Divergence* d = findingAt(r, lineOf(gen, "%101 = mulf"));
    ASSERT_NE(d, nullptr) << describe(r);
    EXPECT_EQ(d->severity, Severity::Critical) << describe(r);
    EXPECT_EQ(d->rule, "ftz-approx");
}

TEST(FlushFacts, FlushedProductTimesAnUnboundedF32ValueStaysCritical)
{
    // %91 = exp(-a): any f32 up to +inf; the flushed product %100 is multiplied by it.
    const Edit unbounded = {"%101 = mulf %100, %89 :", "%101 = mulf %100, %91 :"};
    const std::string gen =
        edited({{"%100 = mulf %88, %99 :", "%100 = mulf %88, %99 flush_to_zero :"}, unbounded});
    const DiffResult r = diffTexts(edited({unbounded}), gen);
    const Divergence* d = findingAt(r, lineOf(gen, "%100 = mulf"));
    ASSERT_NE(d, nullptr) << describe(r);
    EXPECT_EQ(d->severity, Severity::Critical) << describe(r);
    EXPECT_EQ(d->rule, "ftz-approx");
}

// The f32 variant stores the products in f32: its ftz (review C2) stays critical.
TEST(FlushFacts, F32StoreSeesTheFlushedProducts)
{
    const std::string gen = pairFile(F32Pair, "generated.mlir");
    ASSERT_FALSE(gen.empty());
    const DiffResult r = diffTexts(pairFile(F32Pair, "reference.mlir"), gen);
    for (const char* needle : {"%61 = mulf", "%62 = mulf"}) {
        const Divergence* d = findingAt(r, lineOf(gen, needle));
        ASSERT_NE(d, nullptr) << needle << "\n" << describe(r);
        EXPECT_EQ(d->severity, Severity::Critical) << needle << "\n" << describe(r);
    }
    // The only flush proven harmless here is the sigmoid's 1 + exp2(t): a sum of at least 1.
    for (const Divergence* d : withRule(r, "ftz-hidden-by-narrowing")) {
        ASSERT_TRUE(d->generated.has_value());
        EXPECT_EQ(d->generated->op, "addf") << describe(r);
        EXPECT_NE(d->proof.find("never negative"), std::string::npos) << d->proof;
    }
    EXPECT_TRUE(withRule(r, "ftz-hidden-by-narrowing-if").empty()) << describe(r);
}

// An ftz add of a constant and a value of any sign can produce a subnormal (c + x
// with x close to -c): only a sum of a positive constant and a never-negative value
// is proven.
TEST(FlushFacts, OnlyASumThatCannotBeSubnormalIsProven)
{
    const auto sum = [](const std::string& x, const std::string& flags) {
        return "cuda_tile.module @m {\n  entry @k(%0: tile<f32>, %1: tile<ptr<f32>>) {\n"
               "    %one = constant <f32: 1.0> : tile<f32>\n"
               "    %e = exp2 %0 : tile<f32>\n"
               "    %s = addf %one, " +
               x + flags +
               " : tile<f32>\n"
               "    %t = store_ptr_tko weak %1, %s : tile<ptr<f32>>, tile<f32> -> token\n"
               "    return\n  }\n}\n";
    };
    DiffResult r = diffTexts(sum("%e", ""), sum("%e", " flush_to_zero"));
    EXPECT_EQ(r.count(Severity::Critical), 0) << describe(r);
    r = diffTexts(sum("%0", ""), sum("%0", " flush_to_zero"));
    EXPECT_EQ(r.verdict, Verdict::FailFixable) << describe(r);
}

} // namespace
} // namespace tilelens::diff::test
