// Rule files: the built-in default set, validation with located errors,
// merging of user rules, glob patterns.

#include "diff/RuleSet.h"

#include <gtest/gtest.h>
#include <random>

namespace tilelens::diff {
namespace {

TEST(RuleSet, DefaultRulesLoadAndAreComplete)
{
    const RuleSet& rules = RuleSet::defaults();
    ASSERT_GE(rules.rules().size(), 40u);
    for (const Rule& r : rules.rules()) {
        EXPECT_FALSE(r.id.empty());
        EXPECT_FALSE(r.message.empty()) << r.id;
    }
    // The last rule catches everything: nothing is dropped.
    EXPECT_EQ(rules.rules().back().id, "fallback-semantic");
    EXPECT_TRUE(rules.rules().back().match.kinds.empty());
    ASSERT_NE(rules.find("partition-tile-shape"), nullptr);
    EXPECT_EQ(rules.find("partition-tile-shape")->severity, Severity::Critical);
    EXPECT_EQ(rules.find("entry-cga-occupancy")->owner, Owner::Host);
    EXPECT_EQ(rules.find("entry-cga-occupancy")->severity, Severity::Warn);
    ASSERT_NE(rules.find("entry-cga-occupancy-extra"), nullptr);
    EXPECT_EQ(rules.find("entry-cga-occupancy-extra")->severity, Severity::Warn);
    EXPECT_EQ(rules.find("no-debug-locations")->severity, Severity::KnownGap);
    EXPECT_EQ(rules.find("dead-constant")->severity, Severity::Noise);
    ASSERT_NE(rules.find("proven-equivalent"), nullptr);
    EXPECT_EQ(rules.find("proven-equivalent")->severity, Severity::Equivalent);
    // The pattern recognizers of EQ1 / EQ2 / EQ4 gave way to the normal form's proofs.
    EXPECT_EQ(rules.find("divi-ceil-rounding-vs-arith"), nullptr);
}

TEST(RuleSet, SyntaxErrorHasLineAndColumn)
{
    Diagnostics diags;
    const auto r = RuleSet::fromJson(
        "{\n  \"schema\": \"tilelens.rules/1\",\n  \"rules\": [ , ]\n}\n", "my.json", diags);
    EXPECT_FALSE(r.has_value());
    ASSERT_EQ(diags.size(), 1u);
    EXPECT_EQ(diags[0].place.file, "my.json");
    EXPECT_EQ(diags[0].place.line, 3);
    EXPECT_EQ(diags[0].place.column, 14);
    EXPECT_NE(diags[0].format().find("my.json:3:14: error: invalid JSON"), std::string::npos)
        << diags[0].format();
}

TEST(RuleSet, NumberOutsideDoubleRangeIsALocatedError)
{
    // This used to escape as nlohmann's out_of_range.406 and abort `diff --rules`.
    Diagnostics diags;
    EXPECT_FALSE(RuleSet::fromJson("{\"schema\": \"tilelens.rules/1\",\n\"rules\": [1e400]}",
                                   "big.json", diags));
    ASSERT_EQ(diags.size(), 1u);
    EXPECT_EQ(diags[0].format(),
              "big.json:2:11: error: invalid JSON: number overflow parsing '1e400'");
}

TEST(RuleSet, SchemaErrorsHaveJsonPointers)
{
    Diagnostics diags;
    const auto r = RuleSet::fromJson(R"({"schema": "tilelens.rules/1", "rules": [
        {"id": "a", "severity": "fatal", "message": "m"},
        {"id": "b", "severity": "warn", "message": "m", "match": {"kinds": ["op_gone"], "color": 1}},
        {"id": "c", "severity": "warn", "message": "m", "recognizer": "magic"},
        {"id": "a", "severity": "warn", "message": "m"},
        {"severity": "warn"}]})",
                                     "u.json", diags);
    EXPECT_FALSE(r.has_value());
    auto has = [&](const std::string& ptr, const std::string& words) {
        for (const auto& d : diags)
            if (d.jsonPointer == ptr && d.message.find(words) != std::string::npos)
                return true;
        return false;
    };
    EXPECT_TRUE(has("/rules/0/severity", "unknown severity 'fatal'"));
    EXPECT_TRUE(has("/rules/1/match/kinds/0", "unknown difference kind 'op_gone'"));
    EXPECT_TRUE(has("/rules/1/match/color", "unknown key 'color'"));
    EXPECT_TRUE(has("/rules/2/recognizer", "unknown recognizer 'magic'"));
    EXPECT_TRUE(has("/rules/3/id", "duplicate rule id 'a'"));
    EXPECT_TRUE(has("/rules/4", "has no 'id'"));
    EXPECT_TRUE(has("/rules/4", "has no 'message'"));
    for (const auto& d : diags)
        EXPECT_NE(d.format().find("u.json"), std::string::npos);
}

TEST(RuleSet, WrongSchemaIsRejected)
{
    Diagnostics diags;
    EXPECT_FALSE(
        RuleSet::fromJson(R"({"schema": "other/2", "rules": []})", "x.json", diags).has_value());
    ASSERT_FALSE(diags.empty());
    EXPECT_EQ(diags[0].jsonPointer, "/schema");
}

TEST(RuleSet, MergeOverridesByIdAndPutsNewRulesFirst)
{
    RuleSet rules = RuleSet::defaults();
    const size_t before = rules.rules().size();
    Diagnostics diags;
    auto user = RuleSet::fromJson(R"({"schema": "tilelens.rules/1", "rules": [
        {"id": "ftz-approx", "severity": "warn", "owner": "host", "message": "relaxed {op}"},
        {"id": "my-exp2", "severity": "info", "message": "exp2 ok", "match": {"ops": ["exp2"]}}]})",
                                  "user.json", diags);
    ASSERT_TRUE(user.has_value()) << (diags.empty() ? "" : diags[0].format());
    rules.merge(*user);
    EXPECT_EQ(rules.rules().size(), before + 1);
    ASSERT_NE(rules.find("ftz-approx"), nullptr);
    EXPECT_EQ(rules.find("ftz-approx")->severity, Severity::Warn);
    EXPECT_EQ(rules.find("ftz-approx")->owner, Owner::Host);
    EXPECT_EQ(rules.find("ftz-approx")->origin, "user.json");
    // A new rule with the default priority comes before the default rules of priority 0.
    size_t mine = 0, fallback = 0;
    for (size_t i = 0; i < rules.rules().size(); ++i) {
        if (rules.rules()[i].id == "my-exp2")
            mine = i;
        if (rules.rules()[i].id == "fallback-semantic")
            fallback = i;
    }
    EXPECT_LT(mine, fallback);
}

TEST(RuleSet, GlobPatterns)
{
    EXPECT_TRUE(globMatch("div_by*", "div_by<16>"));
    EXPECT_TRUE(globMatch("*", ""));
    EXPECT_TRUE(globMatch("bounded<0, *>", "bounded<0, ?>"));
    EXPECT_FALSE(globMatch("div_by*", "bounded<0, ?>"));
    EXPECT_TRUE(globMatch("a*b*c", "axxbyyc"));
    EXPECT_FALSE(globMatch("a*b*c", "axxbyy"));
    EXPECT_FALSE(globMatch("ab*ba", "aba")); // head and tail may not overlap
    EXPECT_TRUE(globMatch("**a**", "a"));
    EXPECT_FALSE(globMatch("abc", "ab"));
}

// The old matcher, backtracking to the last '*': the reference for the linear one.
bool backtrackingGlob(const char* p, const char* t)
{
    const char *star = nullptr, *resume = nullptr;
    while (*t) {
        if (*p == '*') {
            star = p++;
            resume = t;
        } else if (*p == *t) {
            ++p;
            ++t;
        } else if (star) {
            p = star + 1;
            t = ++resume;
        } else {
            return false;
        }
    }
    while (*p == '*')
        ++p;
    return *p == 0;
}

TEST(RuleSet, GlobAgreesWithBacktrackingOnEveryShortPattern)
{
    // Every pattern and text over {a, b, *} and {a, b} up to a length where the runs overlap
    // and repeat, including the segments of more than 8 characters the KMP search takes.
    std::mt19937 random(28);
    const auto draw = [&](const char* alphabet, size_t letters, size_t length) {
        std::string s;
        for (size_t i = 0; i < length; ++i)
            s += alphabet[random() % letters];
        return s;
    };
    size_t matched = 0;
    for (int round = 0; round < 20000; ++round) {
        const std::string pattern = draw("ab*", round % 2 ? 3 : 2, size_t(random() % 24));
        const std::string text = draw("ab", 2, size_t(random() % 40));
        const bool expected = backtrackingGlob(pattern.c_str(), text.c_str());
        ASSERT_EQ(globMatch(pattern, text), expected) << pattern << " vs " << text;
        matched += expected;
    }
    EXPECT_GT(matched, 1000u); // both answers are exercised
}

TEST(RuleSet, GlobOfALongRunAgainstALongValueAnswers)
{
    // A rules file is workspace content: `*aaa...ab` against a long dense constant's text
    // compared |run| characters at each place of the value (200,000 x 400,000 here).
    const std::string run = std::string(200000, 'a') + "b";
    const std::string value(400000, 'a');
    EXPECT_FALSE(globMatch("*" + run, value));
    EXPECT_TRUE(globMatch("*" + run, value + "b"));
    EXPECT_TRUE(globMatch("*" + run + "*", value + "b" + value));
    EXPECT_FALSE(globMatch("*" + run + "*" + run, value + "b"));
}

} // namespace
} // namespace tilelens::diff
