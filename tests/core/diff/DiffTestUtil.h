#pragma once
// Helpers for the differ tests: fixture text, textual edits that must apply,
// and running the differ on two texts. core/diff reads no files: a pair is read by
// pair::analysePair (tests/core/pair); these tests give the engine texts.

#include "TestPaths.h"
#include "diff/IrDiff.h"
#include "diff/RuleSet.h"
#include "ir/bytecode/IrFileLoader.h"

#include <QFile>
#include <gtest/gtest.h>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tilelens::diff::test {

inline std::string readText(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll().toStdString();
}

inline std::string fixture(const char* name)
{
    return readText(tilelens::test::testDataDir() + QStringLiteral("/diff/") +
                    QString::fromUtf8(name));
}

using Edit = std::pair<std::string, std::string>;

// Applies each edit once; returns false if some `from` text is not present.
inline bool applyEdits(std::string& text, const std::vector<Edit>& edits,
                       std::string* missing = nullptr)
{
    for (const auto& [from, to] : edits) {
        const auto pos = text.find(from);
        if (pos == std::string::npos) {
            if (missing)
                *missing = from;
            return false;
        }
        text.replace(pos, from.size(), to);
    }
    return true;
}

// 1-based line of the first occurrence of `needle` in `text` (0 if absent).
inline int lineOf(const std::string& text, const std::string& needle)
{
    const auto pos = text.find(needle);
    if (pos == std::string::npos)
        return 0;
    int line = 1;
    for (size_t i = 0; i < pos; ++i)
        line += text[i] == '\n';
    return line;
}

// The engine on two IR texts (or bytecode bytes) as pair::analysePair gives it a pair: each
// side parsed on its loader thread and verified, its entries announced as they are parsed
// (compareLoading). A side that does not parse or verify, or holds no module, is refused:
// nullopt with the side's diagnostics, named by `refName` / `genName`.
inline std::optional<DiffResult> compareVerifiedTexts(const std::string& refText,
                                                      const std::string& genText,
                                                      Diagnostics& diags,
                                                      const std::string& refName = "ref.mlir",
                                                      const std::string& genName = "gen.mlir")
{
    const PerSide<const std::string*> texts{&refText, &genText};
    const PerSide<const std::string*> names{&refName, &genName};
    PerSide<ir::ParseResult> parsed;
    PerSide<Diagnostics> sideDiags;
    const auto load = [&](Side side, const FunctionSink& announce) {
        ir::ParseOptions options;
        options.fileName = *names[side];
        options.onFunction = announce;
        parsed[side] = ir::loadVerifiedIrContents(*texts[side], *names[side], options);
        sideDiags[side] = parsed[side].diagnostics;
        std::vector<const ir::Module*> modules;
        if (parsed[side].ok())
            modules.assign(parsed[side].modules.begin(), parsed[side].modules.end());
        if (parsed[side].ok() && modules.empty()) {
            Diagnostic d;
            d.place.file = *names[side];
            d.message = "the test's text holds no module";
            sideDiags[side].push_back(d);
        }
        return modules;
    };
    CompareOptions options;
    options.inputBytes = refText.size() + genText.size();
    auto result = compareLoading(load, {}, RuleSet::defaults(), refName, genName, options);
    for (Side side : kBothSides)
        diags.insert(diags.end(), sideDiags[side].begin(), sideDiags[side].end());
    return result;
}

// The same for two files read here (paths name the sides); an unreadable file is refused.
inline std::optional<DiffResult>
compareVerifiedFiles(const std::string& refPath, const std::string& genPath, Diagnostics& diags)
{
    bool readable = true;
    const auto contents = [&](const std::string& path) {
        QFile f(QString::fromStdString(path));
        if (f.open(QIODevice::ReadOnly))
            return f.readAll().toStdString();
        Diagnostic d;
        d.place.file = path;
        d.message = "the test cannot open the file";
        diags.push_back(d);
        readable = false;
        return std::string();
    };
    const std::string ref = contents(refPath), gen = contents(genPath);
    if (!readable)
        return std::nullopt;
    return compareVerifiedTexts(ref, gen, diags, refPath, genPath);
}

inline DiffResult diffTexts(const std::string& ref, const std::string& gen)
{
    Diagnostics diags;
    auto r = compareVerifiedTexts(ref, gen, diags);
    std::string why;
    for (const auto& d : diags)
        why += d.format() + "\n";
    EXPECT_TRUE(r.has_value()) << why;
    return r ? *r : DiffResult();
}

inline std::vector<const Divergence*> withRule(const DiffResult& r, const std::string& rule)
{
    std::vector<const Divergence*> out;
    for (const auto& d : r.divergences)
        if (d.rule == rule)
            out.push_back(&d);
    return out;
}

// The critical findings of a result, in its order.
inline std::vector<const Divergence*> criticals(const DiffResult& r)
{
    std::vector<const Divergence*> out;
    for (const auto& d : r.divergences)
        if (d.severity == Severity::Critical)
            out.push_back(&d);
    return out;
}

inline std::string describe(const DiffResult& r)
{
    std::string s;
    for (const auto& d : r.divergences)
        s += d.id + " " + severityName(d.severity) + " " + d.rule +
             " ref:" + (d.reference ? std::to_string(d.reference->line) : std::string("-")) +
             " gen:" + (d.generated ? std::to_string(d.generated->line) : std::string("-")) + " " +
             d.message + "\n";
    return s;
}

} // namespace tilelens::diff::test
