// Issue 30 item 2: every critical is a refutation or says it is not. A critical without a
// counterexample is marked unproven in every report, and the summary lines count both kinds;
// outputs without a critical keep their old form.

#include "diff/ReportWriters.h"
#include "diff/RuleSet.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace tilelens::diff::test {
namespace {

Divergence finding(const char* id, Severity severity, int line)
{
    Divergence d;
    d.id = id;
    d.severity = severity;
    d.rule = "fallback-semantic";
    d.message = std::string("message of ") + id;
    d.reference = OpSite{line, 5, "cmpi"};
    d.generated = OpSite{line + 1, 5, "cmpi"};
    return d;
}

// D1 critical refuted, D2 critical unproven, D3 a warn (never unproven).
DiffResult mixedResult()
{
    DiffResult r;
    r.referencePath = "ref.mlir";
    r.generatedPath = "gen.mlir";
    Divergence refuted = finding("D1", Severity::Critical, 10);
    refuted.counterexample = "argument 0 = 3 -> reference 1, generated 0";
    r.divergences = {refuted, finding("D2", Severity::Critical, 20),
                     finding("D3", Severity::Warn, 30)};
    r.finalize();
    return r;
}

DiffResult warnOnlyResult()
{
    DiffResult r;
    r.referencePath = "ref.mlir";
    r.generatedPath = "gen.mlir";
    r.divergences = {finding("D1", Severity::Warn, 30)};
    r.finalize();
    return r;
}

TEST(UnprovenCritical, OnlyACriticalWithoutCounterexampleIsUnproven)
{
    const DiffResult r = mixedResult();
    ASSERT_EQ(r.divergences.size(), 3u);
    EXPECT_FALSE(r.divergences[0].unproven());
    EXPECT_TRUE(r.divergences[1].unproven());
    EXPECT_FALSE(r.divergences[2].unproven());
    EXPECT_EQ(r.unprovenCriticals(), 1);
    EXPECT_EQ(criticalsWithCounterexample(r), 1);
}

TEST(UnprovenCritical, TextMarksTheFindingAndCountsBothKinds)
{
    const std::string text = writeTextReport(mixedResult());
    EXPECT_NE(text.find("D2 critical [fallback-semantic] ref.mlir:20:5 cmpi | gen.mlir:21:5 cmpi: "
                        "message of D2\n    unproven: no counterexample found"),
              std::string::npos)
        << text;
    EXPECT_EQ(text.find("    unproven:"), text.rfind("    unproven:")) << "D1 and D3 are not";
    EXPECT_NE(text.find("Counts: critical 2 (1 with counterexample, 1 unproven), warn 1, info 0"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("VERDICT: FAIL_FIXABLE (2 critical diff(s))\n"), std::string::npos);
}

TEST(UnprovenCritical, ReportsWithoutACriticalKeepTheirForm)
{
    const DiffResult r = warnOnlyResult();
    const std::string text = writeTextReport(r);
    EXPECT_NE(text.find("Counts: critical 0, warn 1, info 0"), std::string::npos) << text;
    EXPECT_EQ(text.find("unproven"), std::string::npos);
    EXPECT_EQ(writeJsonReport(r).find("unproven"), std::string::npos);
    EXPECT_EQ(writeMarkdownReport(r).find("unproven"), std::string::npos);
    EXPECT_EQ(writeSarifReport(r, RuleSet::defaults()).find("unproven"), std::string::npos);
    EXPECT_EQ(writeHtmlReport(r, "", "").find("unproven"), std::string::npos);
}

TEST(UnprovenCritical, JsonHasTheFieldAndTheCriticalCounts)
{
    const nlohmann::json j = nlohmann::json::parse(writeJsonReport(mixedResult()));
    EXPECT_FALSE(j["divergences"][0].contains("unproven"));
    EXPECT_EQ(j["divergences"][1].value("unproven", false), true);
    EXPECT_FALSE(j["divergences"][2].contains("unproven"));
    EXPECT_EQ(j["criticals"], nlohmann::json({{"with_counterexample", 1}, {"unproven", 1}}));
    EXPECT_EQ(j["counts"]["critical"], 2) << "counts keep one integer per severity";
}

TEST(UnprovenCritical, SarifHasThePropertyAndTheRunCounts)
{
    const nlohmann::json s =
        nlohmann::json::parse(writeSarifReport(mixedResult(), RuleSet::defaults()));
    const nlohmann::json& run = s["runs"][0];
    EXPECT_FALSE(run["results"][0]["properties"].contains("unproven"));
    EXPECT_EQ(run["results"][1]["properties"].value("unproven", false), true);
    EXPECT_NE(run["results"][1]["message"]["text"].get<std::string>().find("\nUnproven: "),
              std::string::npos);
    EXPECT_EQ(run["properties"]["criticals"],
              nlohmann::json({{"with_counterexample", 1}, {"unproven", 1}}));
}

TEST(UnprovenCritical, MarkdownAndHtmlSayIt)
{
    const DiffResult r = mixedResult();
    const std::string md = writeMarkdownReport(r);
    EXPECT_NE(md.find("Divergences: critical 2 (1 with counterexample, 1 unproven), warn 1"),
              std::string::npos)
        << md;
    EXPECT_NE(md.find("message of D2 Unproven: no counterexample found"), std::string::npos) << md;
    const std::string html = writeHtmlReport(r, "", "");
    EXPECT_NE(html.find("critical 2 (1 with counterexample, 1 unproven)"), std::string::npos);
    EXPECT_NE(html.find("critical <i>unproven</i>"), std::string::npos);
    EXPECT_NE(html.find("<i>Unproven:</i> no counterexample found"), std::string::npos);
}

} // namespace
} // namespace tilelens::diff::test
