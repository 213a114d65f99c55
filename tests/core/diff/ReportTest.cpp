// Outputs: the tilelens.diff/1 JSON object, the diff_ir.sh-style text, and a
// diff_report.md that passes the checks of TileGym's validate_diff_report.sh
// (port-workspace.md §4.3), applied here as the script applies them.

#include "DiffTestUtil.h"
#include "diff/EntryNames.h"
#include "diff/ReportWriters.h"

#include <algorithm>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <regex>

namespace tilelens::diff::test {
namespace {

struct ValidatorOutcome
{
    int errors = 0;
    int warnings = 0;
    std::string log;
};

// The five steps of validate_diff_report.sh: case-insensitive greps over the whole file.
ValidatorOutcome validateDiffReport(const std::string& text)
{
    ValidatorOutcome out;
    std::string lower = text;
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    auto has = [&](const char* re) { return std::regex_search(lower, std::regex(re)); };
    auto fail = [&](const std::string& m) { ++out.errors, out.log += "FAIL: " + m + "\n"; };
    auto warn = [&](const std::string& m) { ++out.warnings, out.log += "WARN: " + m + "\n"; };

    if (!has("structural comparison|op count|step 1|diff_ir"))
        fail("step 1 section missing");
    else if (!has("(^|\n)[^\n]*\\|[^\n]*\\|[^\n]*\\|"))
        fail("step 1 has no table row");
    if (!has("checklist|step 2|item-by-item"))
        fail("step 2 section missing");
    else {
        if (!std::regex_search(text, std::regex("MATCH|DIFFERS|MISSING|SEMANTIC_EQUIV")))
            fail("step 2 has no status word");
        if (!std::regex_search(text, std::regex("CRITICAL|WARN|INFO")))
            warn("step 2 has no severity word");
    }
    if (!has("root cause|step 3"))
        fail("step 3 section missing");
    else if (!has("user_code|dsl_limitation|compiler_bug|semantic_equiv"))
        warn("step 3 names no category");
    if (!has("impact|step 4"))
        fail("step 4 section missing");
    else if (!has("correctness|performance|blocking"))
        warn("step 4 says nothing about correctness/performance");
    if (!has("verdict|step 5"))
        fail("step 5 section missing");
    else {
        if (!std::regex_search(text,
                               std::regex("PASS_WITH_NOTES|PASS|FAIL_FIXABLE|FAIL_COMPILER_BUG")))
            fail("step 5 has no verdict");
        if (text.find("FAIL_FIXABLE") != std::string::npos &&
            !has("action item|fix.*agent b|agent b.*fix|what.*fix"))
            fail("FAIL_FIXABLE without action items");
        if (text.find("PASS_WITH_NOTES") != std::string::npos &&
            !has("known gap|accepted|limitation"))
            warn("PASS_WITH_NOTES without known gaps");
    }
    if (!has("assume.*div_by|assume_div"))
        warn("no assume div_by probe");
    if (!has("flush_to_zero|ftz|rounding.*approx"))
        warn("no FTZ probe");
    if (!has("strides=\\[|strides.*\\[.*,.*1\\]"))
        warn("no strides probe");
    return out;
}

std::string exampleFile(const char* rel)
{
    return (tilelens::test::examplesDir() + QStringLiteral("/softmax/") + QString::fromUtf8(rel))
        .toStdString();
}

void expectValidReport(const DiffResult& r)
{
    const std::string md = writeMarkdownReport(r, "softmax");
    const auto v = validateDiffReport(md);
    EXPECT_EQ(v.errors, 0) << v.log << md;
    EXPECT_EQ(v.warnings, 0) << v.log;
    // C's contract on top of the script: first line is the verdict, owner line when failing.
    EXPECT_EQ(md.rfind(std::string("VERDICT: ") + verdictName(r.verdict) + "\n", 0), 0u);
    EXPECT_NE(md.find("# IR Diff Report: softmax"), std::string::npos);
    for (const char* section :
         {"## Inputs", "## IR Validation", "## Automated Diff", "## Structural Comparison",
          "## Checklist Diff", "## Root Cause Analysis", "## Impact Assessment", "## Verdict"})
        EXPECT_NE(md.find(section), std::string::npos) << section;
    EXPECT_NE(md.find("| Op | Reference | Generated | Match |"), std::string::npos);
    EXPECT_NE(
        md.find("| # | Item | Reference value | Generated value | Status | Severity | Action |"),
        std::string::npos);
    EXPECT_NE(md.find("| Difference | Correctness impact | Performance impact | Blocking? |"),
              std::string::npos);
    if (r.verdict == Verdict::FailFixable) {
        EXPECT_TRUE(md.find("\nowner: kernel\n") != std::string::npos ||
                    md.find("\nowner: host\n") != std::string::npos);
        EXPECT_NE(md.find("### Action Items\n\n1. "), std::string::npos);
    }
    if (r.verdict == Verdict::PassWithNotes) {
        EXPECT_NE(md.find("### Known Gaps Accepted / Notes"), std::string::npos);
    }
}

TEST(DiffReport, MarkdownPassesValidatorChecksForEveryVerdict)
{
    const std::string s = fixture("softmax_persistent_256x2048_f32.mlir");
    ASSERT_FALSE(s.empty());
    const DiffResult pass = diffTexts(s, s);
    EXPECT_EQ(pass.verdict, Verdict::Pass);
    expectValidReport(pass);

    std::string notes = s;
    ASSERT_TRUE(applyEdits(
        notes, {{"%34 = iota", "%999 = assume bounded<0, ?>, %27 : tile<i32>\n    %34 = iota"}}));
    const DiffResult withNotes = diffTexts(s, notes);
    EXPECT_EQ(withNotes.verdict, Verdict::PassWithNotes) << describe(withNotes);
    expectValidReport(withNotes);

    std::string fail = s;
    ASSERT_TRUE(applyEdits(fail, {{"rounding<approx> flush_to_zero", "rounding<approx>"}}));
    const DiffResult failing = diffTexts(s, fail);
    EXPECT_EQ(failing.verdict, Verdict::FailFixable);
    expectValidReport(failing);
}

TEST(DiffReport, JsonFollowsTheContract)
{
    const std::string s = fixture("softmax_persistent_256x2048_f32.mlir");
    std::string g = s;
    ASSERT_TRUE(applyEdits(g, {{"rounding<approx> flush_to_zero", "rounding<approx>"}}));
    DiffResult r = diffTexts(s, g);
    r.referencePath = "ref.mlir";
    r.generatedPath = "gen.mlir";
    const auto j = nlohmann::json::parse(writeJsonReport(r));
    EXPECT_EQ(j["schema"], "tilelens.diff/1");
    EXPECT_EQ(j["reference"], "ref.mlir");
    EXPECT_EQ(j["generated"], "gen.mlir");
    EXPECT_EQ(j["verdict"], "FAIL_FIXABLE");
    for (const char* k : {"critical", "warn", "info", "equivalent", "noise", "known_gap"})
        EXPECT_TRUE(j["counts"].contains(k)) << k;
    EXPECT_EQ(j["counts"]["critical"], 1);
    ASSERT_EQ(j["functions"].size(), 1u);
    for (const char* k : {"reference", "generated", "ref_ops", "gen_ops", "matched_ops"})
        EXPECT_TRUE(j["functions"][0].contains(k)) << k;
    ASSERT_EQ(j["divergences"].size(), 1u);
    const auto& d = j["divergences"][0];
    EXPECT_EQ(d["id"], "D1");
    EXPECT_EQ(d["severity"], "critical");
    EXPECT_EQ(d["rule"], "ftz-approx");
    EXPECT_EQ(d["kind"], "attribute_missing");
    EXPECT_EQ(d["owner"], "kernel");
    EXPECT_EQ(d["reference"]["op"], "divf");
    EXPECT_EQ(d["reference"]["line"], lineOf(s, "rounding<approx> flush_to_zero"));
    EXPECT_EQ(d["generated"]["line"], lineOf(g, "%92 = divf"));
    EXPECT_GT(d["generated"]["column"].get<int>(), 0);
    EXPECT_EQ(d["unproven"], true) << "no counterexample for a dropped flush_to_zero";
    EXPECT_EQ(j["op_counts"]["divf"], nlohmann::json::array({1, 1}));
    EXPECT_EQ(j["criticals"], nlohmann::json({{"with_counterexample", 0}, {"unproven", 1}}));
    EXPECT_EQ(j.size(), 9u) << "no keys beyond the contract (criticals: where one is)";
}

TEST(DiffReport, MissingSideIsNullInJson)
{
    const std::string s = fixture("softmax_persistent_256x2048_f32.mlir");
    std::string g = s;
    ASSERT_TRUE(applyEdits(
        g, {{"%34 = iota", "%999 = assume div_by<4>, %27 : tile<i32>\n    %34 = iota"}}));
    const auto j = toJson(diffTexts(s, g));
    ASSERT_GE(j["divergences"].size(), 1u);
    EXPECT_TRUE(j["divergences"][0]["reference"].is_null());
    EXPECT_EQ(j["divergences"][0]["generated"]["op"], "assume");
}

TEST(DiffReport, TextHasSummaryTableDivergenceLinesAndVerdict)
{
    const std::string s = fixture("softmax_persistent_256x2048_f32.mlir");
    std::string g = s;
    ASSERT_TRUE(applyEdits(g, {{"identities=[-inf]", "identities=[0]"}}));
    DiffResult r = diffTexts(s, g);
    r.referencePath = "r.mlir";
    r.generatedPath = "g.mlir";
    const std::string t = writeTextReport(r);
    EXPECT_NE(t.find("Op                  Ref     Gen     Delta   Verdict"), std::string::npos)
        << t;
    EXPECT_NE(t.find("load_ptr_tko        1       1       0       MATCH"), std::string::npos) << t;
    const int line = lineOf(g, "identities=[0]");
    EXPECT_NE(t.find("D1 critical [reduce-identity] r.mlir:" + std::to_string(line)),
              std::string::npos)
        << t;
    EXPECT_NE(t.find("| g.mlir:" + std::to_string(line)), std::string::npos) << t;
    EXPECT_NE(t.find("\nVERDICT: FAIL_FIXABLE (1 critical diff(s))\n"), std::string::npos) << t;
}

TEST(ExampleWorkspace, PlantedDivergencesAreFoundAtTheirLines)
{
    Diagnostics diags;
    auto r = compareVerifiedFiles(exampleFile("reference/reference.mlir"),
                                  exampleFile("generated/generated.mlir"), diags);
    if (!r && diags.empty())
        GTEST_SKIP() << "example workspace not present";
    ASSERT_TRUE(r.has_value()) << (diags.empty() ? "" : diags[0].format());
    EXPECT_EQ(r->verdict, Verdict::FailFixable);
    auto at = [&](const std::string& rule, int genLine) {
        // A grouped finding covers every one of its sites.
        for (const auto& d : r->divergences) {
            if (d.rule == rule && d.generated && d.generated->line == genLine)
                return d.severity;
            for (const auto& site : d.sites)
                if (d.rule == rule && site.generated && site.generated->line == genLine)
                    return d.severity;
        }
        ADD_FAILURE() << rule << " not at generated line " << genLine << "\n" << describe(*r);
        return Severity::Noise;
    };
    EXPECT_EQ(at("partition-tile-shape", 28), Severity::Critical); // D1
    EXPECT_EQ(at("partition-tile-shape", 29), Severity::Critical); // D1
    EXPECT_EQ(at("reduce-identity", 37), Severity::Critical);      // D2
    EXPECT_EQ(at("ftz-approx", 53), Severity::Critical);           // D3
    EXPECT_EQ(at("load-store-latency", 35), Severity::Warn);       // D4
    EXPECT_EQ(at("extra-assume-bounded", 31), Severity::Noise);    // N4
    // Besides the three planted critical changes only tile shapes that follow
    // from D1 inside the loop (README: "every 1x256 tile type in the loop").
    for (const auto& d : r->divergences) {
        if (d.severity != Severity::Critical)
            continue;
        EXPECT_TRUE(d.rule == "partition-tile-shape" || d.rule == "reduce-identity" ||
                    d.rule == "ftz-approx" ||
                    (d.rule == "tile-shape" && d.generated && d.generated->line >= 35 &&
                     d.generated->line <= 56))
            << d.rule << " " << d.message;
    }
    ASSERT_EQ(r->functions.size(), 1u); // N2: mangled vs bare entry name
    EXPECT_EQ(r->functions[0].generated, "softmax_kernel");
    const auto v = validateDiffReport(writeMarkdownReport(*r));
    EXPECT_EQ(v.errors, 0) << v.log;
}

TEST(EntryNames, DemanglesCuTilePythonSymbols)
{
    EXPECT_EQ(demangleEntryName("_softmax_kernel_Kt1_A2f32_1v4l0_2t1_3i16_p16_I256").base,
              "softmax_kernel");
    EXPECT_TRUE(demangleEntryName("_softmax_kernel_Kt1_A2f32").mangled);
    EXPECT_EQ(demangleEntryName("softmax_kernel").base, "softmax_kernel");
    EXPECT_FALSE(demangleEntryName("softmax_kernel").mangled);
    const auto alias = demangleEntryName("gemm_lite___gemm_lite_kernel_Kt2_A2f16_1v16");
    EXPECT_EQ(alias.base, "gemm_lite_kernel");
    EXPECT_EQ(alias.alias, "gemm_lite");
    EXPECT_EQ(demangleEntryName("_gemm_lite_kernel").base, "gemm_lite_kernel");
}

TEST(EntryNames, ListsTheIntegerConstantsOfASpecialisedSymbol)
{
    using V = std::vector<std::string>;
    EXPECT_EQ(demangleEntryName("_bmm_Kt1_A3bf16_3v8l0_Si32_I1024_I128_B0_I-1").constants,
              (V{"1024", "128", "-1"}));
    EXPECT_EQ(demangleEntryName("_softmax_kernel_Kt1_A2f32_1v4l0_2t1_3i16_p16").constants, V{});
    // Before the marker an _I is part of the function name, not a constant.
    EXPECT_EQ(demangleEntryName("kernel_I64_entry").constants, V{});
}

TEST(EntryNames, MatchesByNameThenBaseThenStructure)
{
    const auto pairs =
        matchEntryNames({"_softmax_kernel_Kt1_A2f32", "_rms_kernel_Kt1_A2f16", "_extra_Kt1_I3"},
                        {"rms_kernel", "softmax_kernel"}, {10, 20, 5}, {20, 10});
    ASSERT_EQ(pairs.size(), 3u);
    EXPECT_EQ(pairs[0], std::make_pair(0, 1));
    EXPECT_EQ(pairs[1], std::make_pair(1, 0));
    EXPECT_EQ(pairs[2], std::make_pair(2, -1)); // reported as missing
}

TEST(Verdict, FollowsTheContract)
{
    std::array<int, kSeverityCount> c{};
    EXPECT_EQ(verdictFor(c), Verdict::Pass);
    c[size_t(Severity::Noise)] = 5;
    EXPECT_EQ(verdictFor(c), Verdict::Pass);
    c[size_t(Severity::KnownGap)] = 1;
    EXPECT_EQ(verdictFor(c), Verdict::PassWithNotes);
    c[size_t(Severity::Critical)] = 1;
    EXPECT_EQ(verdictFor(c), Verdict::FailFixable);
    EXPECT_EQ(verdictExitCode(Verdict::Pass), 0);
    EXPECT_EQ(verdictExitCode(Verdict::PassWithNotes), 2);
    EXPECT_EQ(verdictExitCode(Verdict::FailFixable), 1);
}

} // namespace
} // namespace tilelens::diff::test
