// SARIF 2.1.0 output on hand-made results: the mapping of each divergence
// field. Schema validity of real outputs: tests/formats/validate_sarif.py.

#include "diff/ReportWriters.h"
#include "diff/RuleSet.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace tilelens::diff::test {
namespace {

Divergence divergence(const char* id, Severity severity, const char* rule)
{
    Divergence d;
    d.id = id;
    d.severity = severity;
    d.rule = rule;
    d.message = std::string("message of ") + id;
    return d;
}

DiffResult sampleResult()
{
    DiffResult r;
    r.referencePath = "ref dir/ref.mlir";
    r.generatedPath = "/abs/gen.mlir";
    Divergence both = divergence("D1", Severity::Critical, "loop-step");
    both.reference = OpSite{10, 5, "for"};
    both.generated = OpSite{12, 7, "for"};
    both.counterexample = "argument 0 = 3 -> reference 1, generated 2";
    both.sites = {{both.reference, both.generated}, {OpSite{20, 5, "for"}, OpSite{22, 5, "for"}}};
    Divergence refOnly = divergence("D2", Severity::Warn, "not-a-rule");
    refOnly.reference = OpSite{4, 3, "assume"};
    Divergence bytecode = divergence("D3", Severity::Equivalent, "loop-step");
    bytecode.generated = OpSite{0, 0, "addi"};
    bytecode.proof = "x * 1 = x";
    r.divergences = {both, refOnly, bytecode};
    return r;
}

TEST(SarifReport, LevelsFollowSeverity)
{
    EXPECT_STREQ(sarifLevel(Severity::Critical), "error");
    EXPECT_STREQ(sarifLevel(Severity::Warn), "warning");
    for (Severity s : {Severity::Info, Severity::Equivalent, Severity::Noise, Severity::KnownGap})
        EXPECT_STREQ(sarifLevel(s), "note");
}

TEST(SarifReport, OneResultPerDivergenceWithBothLocations)
{
    const auto doc = toSarif(sampleResult(), RuleSet::defaults());
    ASSERT_EQ(doc["version"], "2.1.0");
    const auto& run = doc["runs"][0];
    const auto& results = run["results"];
    ASSERT_EQ(results.size(), 3u);

    const auto& first = results[0];
    EXPECT_EQ(first["ruleId"], "loop-step");
    EXPECT_EQ(first["level"], "error");
    const auto& main = first["locations"][0]["physicalLocation"];
    EXPECT_EQ(main["artifactLocation"]["uri"], "file:///abs/gen.mlir");
    EXPECT_EQ(main["region"]["startLine"], 12);
    EXPECT_EQ(main["region"]["startColumn"], 7);
    const auto& related = first["relatedLocations"];
    ASSERT_EQ(related.size(), 3u); // the reference, then the second site's two sides
    EXPECT_EQ(related[0]["physicalLocation"]["artifactLocation"]["uri"], "ref%20dir/ref.mlir");
    EXPECT_EQ(related[0]["physicalLocation"]["region"]["startLine"], 10);
    EXPECT_EQ(related[1]["physicalLocation"]["region"]["startLine"], 22);
    EXPECT_EQ(related[2]["physicalLocation"]["region"]["startLine"], 20);
    EXPECT_NE(first["message"]["text"].get<std::string>().find(
                  "Counterexample: argument 0 = 3 -> reference 1, generated 2"),
              std::string::npos);

    // Absent from the generated IR: the reference is the only location.
    const auto& second = results[1];
    EXPECT_EQ(second["level"], "warning");
    EXPECT_EQ(second["locations"][0]["physicalLocation"]["region"]["startLine"], 4);
    EXPECT_FALSE(second.contains("relatedLocations"));

    // Bytecode sites have no line: the file is named without a region.
    const auto& third = results[2];
    EXPECT_EQ(third["level"], "note");
    EXPECT_FALSE(third["locations"][0]["physicalLocation"].contains("region"));
    EXPECT_NE(third["message"]["text"].get<std::string>().find("Proof: x * 1 = x"),
              std::string::npos);
}

TEST(SarifReport, RulesComeFromTheRuleSetOncePerId)
{
    const auto doc = toSarif(sampleResult(), RuleSet::defaults());
    const auto& rules = doc["runs"][0]["tool"]["driver"]["rules"];
    ASSERT_EQ(rules.size(), 2u); // loop-step (used twice) and not-a-rule
    const Rule* loopStep = RuleSet::defaults().find("loop-step");
    ASSERT_NE(loopStep, nullptr);
    EXPECT_EQ(rules[0]["id"], "loop-step");
    EXPECT_NE(rules[0]["help"]["text"].get<std::string>().find(loopStep->description),
              std::string::npos);
    EXPECT_EQ(rules[0]["defaultConfiguration"]["level"], sarifLevel(loopStep->severity));
    EXPECT_EQ(rules[1]["id"], "not-a-rule");
    const auto& results = doc["runs"][0]["results"];
    EXPECT_EQ(results[0]["ruleIndex"], 0);
    EXPECT_EQ(results[1]["ruleIndex"], 1);
    EXPECT_EQ(results[2]["ruleIndex"], 0);
}

} // namespace
} // namespace tilelens::diff::test
