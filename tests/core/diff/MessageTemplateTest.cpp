// The rules' message templates: every placeholder filled in one pass, values never searched
// again for placeholders, and a hostile template bounded.

#include "diff/MessageTemplate.h"

#include <gtest/gtest.h>

using namespace tilelens::diff;

namespace {

MessageFields sampleFields()
{
    MessageFields f;
    f.op = "addf";
    f.refOp = "addf";
    f.genOp = "subf";
    f.attribute = "rounding";
    f.refValue = "nearest_even";
    f.genValue = "zero";
    f.kind = "changed";
    f.function = "softmax";
    return f;
}

} // namespace

TEST(MessageTemplate, FillsEachPlaceholderAndDropsTheSpacesOfEmptyOnes)
{
    EXPECT_EQ(fillMessage(kFallbackMessage, sampleFields()),
              "addf: changed rounding nearest_even -> zero");
    EXPECT_EQ(fillMessage("{ref_op} vs {gen_op} in {function}{operand} {value} ", sampleFields()),
              "addf vs subf in softmax");
    EXPECT_EQ(fillMessage("{unknown} {op", sampleFields()), "{unknown} {op")
        << "what is no placeholder is written as it is";
}

TEST(MessageTemplate, AValueIsNeverSearchedForPlaceholders)
{
    // A function named with a placeholder in it (a quoted MLIR symbol may hold braces).
    MessageFields f = sampleFields();
    f.function = "k{kind}";
    EXPECT_EQ(fillMessage("{function}: {kind}", f), "k{kind}: changed");
}

TEST(MessageTemplate, AHostileTemplateIsBounded)
{
    // 50,000 placeholders of a 20 KB value asked for a gigabyte per message.
    MessageFields f = sampleFields();
    f.function = std::string(20000, 'f');
    std::string tmpl;
    for (int i = 0; i < 50000; ++i)
        tmpl += "{function}";
    const std::string message = fillMessage(tmpl, f);
    EXPECT_LE(message.size(), (size_t(1) << 20) + 4);
    EXPECT_EQ(message.substr(message.size() - 4), " ...");
}
