// Intra-line differences of two op lines (moved from the GUI suite: no window needed). Spans are
// byte offsets into the UTF-8 lines, as an editor's indicators take them.

#include "pair/IntraLine.h"

#include "diff/DiffResult.h"

#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace tilelens::pair {
namespace {

std::vector<std::string> spanTexts(std::string_view line, const std::vector<ByteSpan>& spans)
{
    std::vector<std::string> texts;
    texts.reserve(spans.size());
    for (const ByteSpan& s : spans)
        texts.emplace_back(line.substr(size_t(s.start), size_t(s.length)));
    return texts;
}

using Texts = std::vector<std::string>;

TEST(IntraLine, RenamedValuesMatchAndOnlyTheChangedCharactersAreSpans)
{
    const std::string ref = "  %45 = make_partition_view %27 : partition_view<tile=(1x256)>";
    const std::string gen = "  %35 = make_partition_view %26 : partition_view<tile=(1x512)>";
    const auto spans = intraLineSpans(ref, gen);
    EXPECT_EQ(spanTexts(ref, spans.reference()), Texts{"256"});
    EXPECT_EQ(spanTexts(gen, spans.generated()), Texts{"512"});
}

TEST(IntraLine, AnInsertedAttributeIsOneSpanOnOneSide)
{
    const std::string ref = "%47 = load_view_tko weak %43[%46] token = %10 : tile<f16>";
    const std::string gen = "%45 = load_view_tko weak %34[%43] token = %11 optimization_hints = "
                            "#cuda_tile.optimization_hints<default = {latency = 3}> : tile<f16>";
    const auto spans = intraLineSpans(ref, gen);
    EXPECT_TRUE(spans.reference().empty());
    EXPECT_EQ(spanTexts(gen, spans.generated()),
              Texts{"optimization_hints = #cuda_tile.optimization_hints<default = {latency = 3}>"});
}

TEST(IntraLine, EqualLinesHaveNoSpansAndHugeLinesAreOneSpan)
{
    const auto same =
        intraLineSpans("  %1 = addi %2, %3 : tile<i32>", "  %9 = addi %8, %7 : tile<i32>");
    EXPECT_TRUE(same.reference().empty());
    EXPECT_TRUE(same.generated().empty());
    std::string huge = "  x";
    for (int i = 0; i < 600; ++i)
        huge += " a b";
    const auto big = intraLineSpans(huge, huge + " c");
    ASSERT_EQ(big.reference().size(), 1u);
    EXPECT_EQ(big.reference().front().start, 2);
}

TEST(IntraLine, SpansAreBytesOfUtf8Lines)
{
    // A string attribute with a non-ASCII character before the change: the span starts at the
    // byte of "2", not at its character index.
    const std::string ref = "  print \"größe\" 1";
    const std::string gen = "  print \"größe\" 2";
    const auto spans = intraLineSpans(ref, gen);
    ASSERT_EQ(spans.reference().size(), 1u);
    EXPECT_EQ(spans.reference().front().start, int(ref.size()) - 1);
    EXPECT_EQ(spanTexts(gen, spans.generated()), Texts{"2"});
}

diff::Divergence divergenceOn(int refLine, int genLine, const std::string& op,
                              std::string attribute)
{
    diff::Divergence d;
    if (refLine > 0)
        d.reference = diff::OpSite{refLine, 1, op};
    if (genLine > 0)
        d.generated = diff::OpSite{genLine, 1, op};
    d.attribute = std::move(attribute);
    return d;
}

TEST(IntraLine, ADivergenceMarksTheDifferenceElseItsWordElseItsOp)
{
    const std::string ref = "    %3 = divf %1, %2 rounding<approx> flush_to_zero : tile<f32>";
    const std::string gen = "    %7 = divf %5, %6 rounding<approx> : tile<f32>";
    const PerSide<std::optional<std::string_view>> both{std::string_view(ref),
                                                        std::string_view(gen)};
    const diff::Divergence d = divergenceOn(3, 7, "divf", "flush_to_zero");
    EXPECT_EQ(spanTexts(ref, divergenceSpans(d, Side::Reference, both)), Texts{"flush_to_zero"});
    // The generated line lacks it: equal up to SSA names there, so the op name is marked.
    EXPECT_EQ(spanTexts(gen, divergenceSpans(d, Side::Generated, both)), Texts{"divf"});

    // One-sided: the attribute as a whole word (not inside a longer name), else the whole op.
    const std::string only = "  %9 = addf %a, %b flush_to_zero_x flush_to_zero : tile<f32>\n";
    const PerSide<std::optional<std::string_view>> one{std::string_view(only), std::nullopt};
    const diff::Divergence d1 = divergenceOn(9, 0, "addf", "flush_to_zero");
    const auto word = divergenceSpans(d1, Side::Reference, one);
    ASSERT_EQ(word.size(), 1u);
    EXPECT_EQ(word[0].start, int(only.rfind("flush_to_zero")));
    const diff::Divergence d2 = divergenceOn(9, 0, "absent", "");
    EXPECT_EQ(spanTexts(only, divergenceSpans(d2, Side::Reference, one)),
              Texts{"%9 = addf %a, %b flush_to_zero_x flush_to_zero : tile<f32>"});
    EXPECT_TRUE(divergenceSpans(d1, Side::Generated, one).empty()) << "no generated site";
}

} // namespace
} // namespace tilelens::pair
