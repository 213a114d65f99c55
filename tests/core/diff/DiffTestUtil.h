#pragma once
// Helpers for the differ tests: fixture text, textual edits that must apply,
// and running the differ on two texts.

#include "TestPaths.h"
#include "diff/IrDiff.h"

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

inline DiffResult diffTexts(const std::string& ref, const std::string& gen)
{
    Diagnostics diags;
    auto r = compareTexts(ref, gen, RuleSet::defaults(), diags);
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
