// The assume facts of two sides, compared by the value they constrain and their kind
// (compareAssumeFacts): a fact repeated on one side is the same fact, a fact of another
// kind on the same value is its own difference, and changed texts of one kind are one
// difference naming both sides' texts.

#include "DiffTestUtil.h"

#include <gtest/gtest.h>

namespace tilelens::diff::test {
namespace {

std::vector<const Divergence*> assumptions(const DiffResult& r)
{
    std::vector<const Divergence*> out;
    for (const Divergence& d : r.divergences)
        if (d.attribute.rfind("assumption", 0) == 0)
            out.push_back(&d);
    return out;
}

const std::string kAnchor = "%34 = iota";

std::string withAssumes(const std::string& base, const std::string& assumes)
{
    std::string text = base;
    EXPECT_TRUE(applyEdits(text, {{kAnchor, assumes + kAnchor}}));
    return text;
}

TEST(AssumeFacts, RepeatedFactIsTheSameFact)
{
    const std::string s = fixture("softmax_persistent_256x2048_f32.mlir");
    const std::string r = withAssumes(s, "%998 = assume div_by<4>, %27 : tile<i32>\n    ");
    const std::string g = withAssumes(s, "%998 = assume div_by<4>, %27 : tile<i32>\n    "
                                         "%997 = assume div_by<4>, %27 : tile<i32>\n    ");
    EXPECT_TRUE(assumptions(diffTexts(r, g)).empty());
}

TEST(AssumeFacts, KindsOfOneValueAreComparedApart)
{
    const std::string s = fixture("softmax_persistent_256x2048_f32.mlir");
    const std::string r = withAssumes(s, "%998 = assume bounded<0, ?>, %27 : tile<i32>\n    "
                                         "%997 = assume div_by<4>, %27 : tile<i32>\n    ");
    const std::string g = withAssumes(s, "%998 = assume div_by<8>, %27 : tile<i32>\n    "
                                         "%997 = assume bounded<0, ?>, %27 : tile<i32>\n    "
                                         "%996 = assume div_by<8>, %27 : tile<i32>\n    ");
    const DiffResult result = diffTexts(r, g); // found points into it
    const auto found = assumptions(result);
    ASSERT_EQ(found.size(), 1u);
    EXPECT_EQ(found[0]->kind, DiffKind::AttributeChanged);
    EXPECT_EQ(found[0]->refValue, "div_by<4>");
    EXPECT_EQ(found[0]->genValue, "div_by<8>");
}

TEST(AssumeFacts, OneSidedFactsAreMissingOrExtra)
{
    const std::string s = fixture("softmax_persistent_256x2048_f32.mlir");
    const std::string r = withAssumes(s, "%998 = assume div_by<4>, %27 : tile<i32>\n    ");
    const std::string g = withAssumes(s, "%998 = assume bounded<0, ?>, %27 : tile<i32>\n    ");
    const DiffResult result = diffTexts(r, g); // found points into it
    const auto found = assumptions(result);
    ASSERT_EQ(found.size(), 2u);
    int missing = 0, extra = 0;
    for (const Divergence* d : found) {
        if (d->kind == DiffKind::OpMissing) {
            ++missing;
            EXPECT_EQ(d->refValue, "div_by<4>");
        } else if (d->kind == DiffKind::OpExtra) {
            ++extra;
            EXPECT_EQ(d->genValue, "bounded<0, ?>");
        }
    }
    EXPECT_EQ(missing, 1);
    EXPECT_EQ(extra, 1);
}

} // namespace
} // namespace tilelens::diff::test
