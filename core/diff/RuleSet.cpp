#include "diff/RuleSet.h"

#include "common/JsonText.h"
#include "diff/DefaultRulesJson.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>

namespace tilelens::diff {

namespace {

using nlohmann::json;

const char* const kSchema = "tilelens.rules/1";

class Validator
{
public:
    Validator(const std::string& file, Diagnostics& diags) : m_file(file), m_diags(diags) {}

    void error(const std::string& pointer, const std::string& message)
    {
        Diagnostic d;
        d.place.file = m_file;
        d.message = message;
        d.jsonPointer = pointer;
        m_diags.push_back(d);
        m_failed = true;
    }
    bool failed() const { return m_failed; }

    bool stringList(const json& j, const std::string& ptr, std::vector<std::string>& out)
    {
        if (!j.is_array()) {
            error(ptr, "expected an array of strings");
            return false;
        }
        for (size_t i = 0; i < j.size(); ++i) {
            if (!j[i].is_string() || j[i].get<std::string>().empty()) {
                error(ptr + "/" + std::to_string(i), "expected a non-empty string");
                return false;
            }
            out.push_back(j[i].get<std::string>());
        }
        return true;
    }

    void match(const json& j, const std::string& ptr, RuleMatch& m)
    {
        if (!j.is_object()) {
            error(ptr, "'match' must be an object");
            return;
        }
        for (auto it = j.begin(); it != j.end(); ++it) {
            const std::string p = ptr + "/" + it.key();
            if (it.key() == "kinds") {
                std::vector<std::string> words;
                if (!stringList(it.value(), p, words))
                    continue;
                for (size_t i = 0; i < words.size(); ++i) {
                    if (auto k = parseDiffKind(words[i]))
                        m.kinds.push_back(*k);
                    else
                        error(p + "/" + std::to_string(i),
                              "unknown difference kind '" + words[i] + "'");
                }
            } else if (it.key() == "ops") {
                stringList(it.value(), p, m.ops);
            } else if (it.key() == "attributes") {
                stringList(it.value(), p, m.attributes);
            } else if (it.key() == "operands") {
                if (!it.value().is_array()) {
                    error(p, "expected an array of operand indices");
                    continue;
                }
                for (size_t i = 0; i < it.value().size(); ++i) {
                    const json& v = it.value()[i];
                    if (!v.is_number_integer() || v.get<long long>() < 0 ||
                        v.get<long long>() > 1000)
                        error(p + "/" + std::to_string(i),
                              "expected an operand index between 0 and 1000");
                    else
                        m.operandIndices.push_back(int(v.get<long long>()));
                }
            } else if (it.key() == "ref_value" || it.key() == "gen_value") {
                if (!it.value().is_string())
                    error(p, "expected a string pattern");
                else
                    (it.key() == "ref_value" ? m.refValue : m.genValue) =
                        it.value().get<std::string>();
            } else {
                error(p, "unknown key '" + it.key() +
                             "' (expected kinds, ops, attributes, operands, ref_value, gen_value)");
            }
        }
    }

    std::optional<Rule> rule(const json& j, const std::string& ptr)
    {
        if (!j.is_object()) {
            error(ptr, "a rule must be an object");
            return std::nullopt;
        }
        Rule r;
        r.origin = m_file;
        bool haveSeverity = false, haveId = false, haveMessage = false, haveCategory = false;
        for (auto it = j.begin(); it != j.end(); ++it) {
            const std::string& k = it.key();
            const json& v = it.value();
            const std::string p = ptr + "/" + k;
            auto str = [&](std::string& out) {
                if (!v.is_string()) {
                    error(p, "'" + k + "' must be a string");
                    return false;
                }
                out = v.get<std::string>();
                return true;
            };
            if (k == "id") {
                haveId = str(r.id) && !r.id.empty();
                if (!haveId)
                    error(p, "'id' must be a non-empty string");
            } else if (k == "checklist") {
                str(r.checklist);
            } else if (k == "description") {
                str(r.description);
            } else if (k == "message") {
                haveMessage = str(r.message);
            } else if (k == "recognizer") {
                if (str(r.recognizer)) {
                    const auto& known = RuleSet::knownRecognizers();
                    if (std::find(known.begin(), known.end(), r.recognizer) == known.end())
                        error(p, "unknown recognizer '" + r.recognizer + "'");
                }
            } else if (k == "severity") {
                std::string w;
                if (str(w)) {
                    if (auto s = parseSeverity(w)) {
                        r.severity = *s;
                        haveSeverity = true;
                    } else {
                        error(p, "unknown severity '" + w +
                                     "' (expected critical, warn, info, equivalent, noise or "
                                     "known_gap)");
                    }
                }
            } else if (k == "owner") {
                std::string w;
                if (str(w)) {
                    if (auto o = parseOwner(w))
                        r.owner = *o;
                    else
                        error(p, "unknown owner '" + w + "' (expected kernel or host)");
                }
            } else if (k == "category") {
                std::string w;
                if (str(w)) {
                    if (auto c = parseRootCause(w)) {
                        r.rootCause = *c;
                        haveCategory = true;
                    } else {
                        error(p, "unknown root-cause category '" + w +
                                     "' (expected user_code, dsl_limitation, compiler_bug or "
                                     "semantic_equiv)");
                    }
                }
            } else if (k == "priority") {
                if (!v.is_number_integer() || v.get<long long>() < -1000 ||
                    v.get<long long>() > 1000)
                    error(p, "'priority' must be an integer between -1000 and 1000");
                else
                    r.priority = int(v.get<long long>());
            } else if (k == "match") {
                match(v, p, r.match);
            } else {
                error(p, "unknown key '" + k + "'");
            }
        }
        if (!haveId && !j.contains("id"))
            error(ptr, "rule has no 'id'");
        if (!haveSeverity && !j.contains("severity"))
            error(ptr, "rule '" + r.id + "' has no 'severity'");
        if (!haveMessage && !j.contains("message"))
            error(ptr, "rule '" + r.id + "' has no 'message'");
        if (!haveCategory)
            r.rootCause = r.severity == Severity::Equivalent || r.severity == Severity::Noise
                              ? RootCause::SemanticEquiv
                          : r.severity == Severity::KnownGap ? RootCause::DslLimitation
                                                             : RootCause::UserCode;
        return r;
    }

private:
    std::string m_file;
    Diagnostics& m_diags;
    bool m_failed = false;
};

using SV = std::string_view;

// Where `seg` first occurs in `text` at or after `from` (npos: nowhere), in time linear in
// the text and the segment (Knuth-Morris-Pratt): a naive search of a long segment in a long
// value compares |seg| characters at each position.
size_t findSegment(SV text, size_t from, SV seg)
{
    if (from > text.size() || seg.size() > text.size() - from)
        return SV::npos;
    if (seg.size() <= 8) // short: the library's search is linear enough and allocates nothing
        return text.find(seg, from);
    std::vector<size_t> border(seg.size() + 1, 0); // border[i]: longest proper border of seg[0, i)
    for (size_t i = 1, k = 0; i < seg.size(); ++i) {
        while (k > 0 && seg[i] != seg[k])
            k = border[k];
        if (seg[i] == seg[k])
            ++k;
        border[i + 1] = k;
    }
    for (size_t i = from, k = 0; i < text.size(); ++i) {
        while (k > 0 && text[i] != seg[k])
            k = border[k];
        if (text[i] == seg[k] && ++k == seg.size())
            return i + 1 - seg.size();
    }
    return SV::npos;
}

// The run of `pattern` from `at` to the next '*' (or its end).
SV segmentAt(SV pattern, size_t at)
{
    const size_t star = pattern.find('*', at);
    return pattern.substr(at, star == SV::npos ? SV::npos : star - at);
}

} // namespace

bool globMatch(const std::string& patternText, const std::string& textText)
{
    // '*' only: the first run must start the text, the last end it, and each run between
    // them is taken at its leftmost place after the previous one (taking it later never
    // leaves more room for the rest). Linear in the pattern and the text.
    const SV pattern(patternText), text(textText);
    const SV head = segmentAt(pattern, 0);
    if (head.size() == pattern.size())
        return pattern == text;
    if (text.substr(0, head.size()) != head)
        return false;
    const size_t lastStar = pattern.rfind('*');
    const SV tail = pattern.substr(lastStar + 1);
    if (head.size() + tail.size() > text.size() || text.substr(text.size() - tail.size()) != tail)
        return false;
    const SV middle = text.substr(head.size(), text.size() - head.size() - tail.size());
    size_t found = 0;
    for (size_t at = head.size() + 1; at <= lastStar;) {
        const SV seg = segmentAt(pattern, at);
        at += seg.size() + 1;
        if (seg.empty())
            continue;
        found = findSegment(middle, found, seg);
        if (found == SV::npos)
            return false;
        found += seg.size();
    }
    return true;
}

const std::vector<std::string>& RuleSet::knownRecognizers()
{
    static const std::vector<std::string> names = {"divi-ceil-vs-arith",
                                                   "mini-vs-select",
                                                   "index-space-shape-vs-ceildiv",
                                                   "remi-negative-fixup",
                                                   "assume-wrapped-loop-step",
                                                   "partition-vs-strided-view",
                                                   "assume-bounded-on-index",
                                                   "scalar-assume",
                                                   "pointer-assume-raw-access",
                                                   "pointer-assume",
                                                   "proven",
                                                   "proven-if",
                                                   "ieee-rounding-change"};
    return names;
}

std::optional<RuleSet> RuleSet::fromJson(const std::string& text, const std::string& fileName,
                                         Diagnostics& diags)
{
    const std::optional<json> parsed = parseJsonText<json>(text, fileName, diags);
    if (!parsed)
        return std::nullopt;
    const json& doc = *parsed;
    Validator v(fileName, diags);
    if (!doc.is_object()) {
        v.error("", "a rule file must be a JSON object with 'schema' and 'rules'");
        return std::nullopt;
    }
    if (!doc.contains("schema") || !doc["schema"].is_string() || doc["schema"] != kSchema)
        v.error("/schema", std::string("'schema' must be \"") + kSchema + "\"");
    RuleSet set;
    if (!doc.contains("rules") || !doc["rules"].is_array()) {
        v.error("/rules", "'rules' must be an array of rules");
    } else {
        std::set<std::string> ids;
        const json& rules = doc["rules"];
        for (size_t i = 0; i < rules.size(); ++i) {
            const std::string ptr = "/rules/" + std::to_string(i);
            auto r = v.rule(rules[i], ptr);
            if (!r)
                continue;
            if (!r->id.empty() && !ids.insert(r->id).second)
                v.error(ptr + "/id", "duplicate rule id '" + r->id + "'");
            set.m_rules.push_back(std::move(*r));
        }
    }
    for (auto it = doc.begin(); it != doc.end(); ++it)
        if (it.key() != "schema" && it.key() != "rules" && it.key() != "description")
            v.error("/" + it.key(), "unknown key '" + it.key() + "'");
    if (v.failed())
        return std::nullopt;
    set.sortByPriority();
    return set;
}

const RuleSet& RuleSet::defaults()
{
    static const RuleSet set = [] {
        Diagnostics diags;
        auto parsed = fromJson(defaultRulesJson(), "default.json", diags);
        return parsed ? *parsed : RuleSet();
    }();
    return set;
}

void RuleSet::merge(const RuleSet& other)
{
    std::vector<Rule> added;
    for (const Rule& r : other.m_rules) {
        auto it = std::find_if(m_rules.begin(), m_rules.end(),
                               [&](const Rule& x) { return x.id == r.id; });
        if (it != m_rules.end())
            *it = r;
        else
            added.push_back(r);
    }
    m_rules.insert(m_rules.begin(), added.begin(), added.end());
    sortByPriority();
}

const Rule* RuleSet::find(const std::string& id) const
{
    for (const Rule& r : m_rules)
        if (r.id == id)
            return &r;
    return nullptr;
}

void RuleSet::sortByPriority()
{
    std::stable_sort(m_rules.begin(), m_rules.end(),
                     [](const Rule& a, const Rule& b) { return a.priority > b.priority; });
}

} // namespace tilelens::diff
