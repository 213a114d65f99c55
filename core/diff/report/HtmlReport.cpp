// `tilelens-cli diff --format html` and the GUI's File > Export: one page a
// reviewer can open offline. Everything is inline (CSS, a few lines of JS for
// the table filters); every text that comes from an input is escaped, and no
// attribute or script names another file or host.

#include "common/PrintableText.h"
#include "diff/EntryNames.h"
#include "diff/ReportWriters.h"
#include "diff/SideBySide.h"

#include <algorithm>
#include <map>

namespace tilelens::diff {

namespace {

// The app's marker colours (app/gui/SeverityStyle.cpp; a GUI test keeps them equal).
constexpr std::uint32_t kLight[kSeverityCount] = {0xd01c1c, 0xd97a00, 0x1f6fd0,
                                                  0x1e8e3e, 0x9aa0a6, 0x863bc9};
constexpr std::uint32_t kDark[kSeverityCount] = {0xff5c5c, 0xffb03b, 0x5ca8ff,
                                                 0x5fd07a, 0x8a939e, 0xc68cf5};

} // namespace

std::uint32_t htmlSeverityRgb(Severity s, bool dark)
{
    const auto i = size_t(s);
    return i < size_t(kSeverityCount) ? (dark ? kDark : kLight)[i] : 0;
}

namespace {

std::string hexColor(std::uint32_t rgb)
{
    static const char* digits = "0123456789abcdef";
    std::string s = "#";
    for (int shift = 20; shift >= 0; shift -= 4)
        s += digits[(rgb >> shift) & 15];
    return s;
}

std::vector<std::string_view> splitLines(std::string_view text)
{
    std::vector<std::string_view> lines;
    size_t start = 0;
    while (start < text.size()) {
        size_t end = text.find('\n', start);
        if (end == std::string_view::npos)
            end = text.size();
        std::string_view line = text.substr(start, end - start);
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        lines.push_back(line);
        start = end + 1;
    }
    return lines;
}

// Per line of one side: the most severe divergence there and the ids of all of them.
struct LineMarks
{
    std::map<int, Severity> worst;
    std::map<int, std::vector<std::string>> ids;

    void add(const std::optional<OpSite>& site, const Divergence& d)
    {
        if (!site || site->line <= 0)
            return;
        auto [it, added] = worst.emplace(site->line, d.severity);
        if (!added && int(d.severity) < int(it->second))
            it->second = d.severity;
        auto& list = ids[site->line];
        if (std::find(list.begin(), list.end(), d.id) == list.end())
            list.push_back(d.id);
    }
};

class Page
{
public:
    std::string out;

    Page& operator<<(std::string_view s)
    {
        out += s;
        return *this;
    }
    // A text of an input: no control or bidirectional-text character (an IR line with U+202E
    // would show reordered, "Trojan Source"), then HTML-escaped.
    Page& text(std::string_view s, LineBreaks breaks = LineBreaks::Escape)
    {
        out += htmlEscape(printableText(s, breaks));
        return *this;
    }

    // One half of an aligned row: line number and code, or an empty filler.
    void cell(char side, int line, const std::vector<std::string_view>& lines,
              const LineMarks& marks)
    {
        if (line <= 0 || line > int(lines.size())) {
            *this << "<td class=\"n\"></td><td class=\"c fill\"></td>";
            return;
        }
        const std::string id = std::string(1, side) + std::to_string(line);
        const auto worst = marks.worst.find(line);
        std::string cls = "c";
        std::string title;
        if (worst != marks.worst.end()) {
            cls += " m " + std::string(severityName(worst->second));
            for (const auto& d : marks.ids.at(line))
                title += (title.empty() ? "" : " ") + d;
        }
        *this << "<td class=\"n\" id=\"" << id << "\">" << std::to_string(line)
              << "</td><td class=\"" << cls << "\"";
        if (!title.empty())
            (*this << " title=\"").text(title) << "\"";
        (*this << ">").text(lines[size_t(line - 1)], LineBreaks::Keep) << "</td>"; // tabs stay
    }
};

constexpr const char* kStyle = R"CSS(
:root{--bg:#fff;--fg:#1f2328;--muted:#59636e;--line:#d1d9e0;--fill:#f3f4f6;--head:#f6f8fa;
CSS_LIGHT}
@media (prefers-color-scheme:dark){:root{--bg:#16191d;--fg:#e6e8eb;--muted:#9aa4ae;
--line:#333a42;--fill:#1f2328;--head:#1c2127;CSS_DARK}}
body{background:var(--bg);color:var(--fg);font:14px/1.45 system-ui,sans-serif;margin:16px 24px}
h1{font-size:20px;margin:0 0 4px}h2{font-size:16px;margin:20px 0 6px}
.muted{color:var(--muted)}code,.ir{font-family:ui-monospace,"DejaVu Sans Mono",monospace}
.verdict{display:inline-block;padding:2px 10px;border-radius:4px;color:#fff;font-weight:600}
.chip{display:inline-block;width:10px;height:10px;border-radius:3px;margin-right:4px}
table{border-collapse:collapse}th,td{border:1px solid var(--line);padding:2px 6px;
text-align:left;vertical-align:top}th{background:var(--head)}
#divs td.sev{white-space:nowrap}#divs td.msg{max-width:70ch}
.filters label{margin-right:12px;white-space:nowrap}.filters input[type=search]{width:28ch}
table.ir{width:100%;table-layout:fixed;font-size:12.5px}table.ir td{border:none;padding:0 6px}
table.ir td.n{width:4ch;text-align:right;color:var(--muted);user-select:none}
table.ir td.c{white-space:pre-wrap;word-break:break-all;border-left:3px solid transparent}
table.ir td.fill{background:var(--fill)}table.ir col.n{width:5ch}
table.ir tr:target td,table.ir td:target{outline:2px solid var(--muted)}
)CSS";

constexpr const char* kScript = R"JS(
function applyFilters(){
  var q=document.getElementById('search').value.toLowerCase(),on={},shown=0;
  document.querySelectorAll('input[data-sev]').forEach(function(c){on[c.dataset.sev]=c.checked;});
  document.querySelectorAll('#divs tbody tr').forEach(function(r){
    var v=on[r.dataset.sev]&&(!q||r.textContent.toLowerCase().indexOf(q)>=0);
    r.hidden=!v;if(v)shown++;});
  document.getElementById('shown').textContent=shown;
}
document.querySelectorAll('.filters input').forEach(function(i){i.addEventListener('input',applyFilters);});
applyFilters();
)JS";

std::string styleSheet()
{
    std::string light, dark;
    for (int s = 0; s < kSeverityCount; ++s) {
        const std::string name = severityName(Severity(s));
        // The marked line's background: the marker colour at 14% opacity.
        light += "--" + name + ":" + hexColor(kLight[s]) + ";--" + name +
                 "-bg:" + hexColor(kLight[s]) + "24;";
        dark += "--" + name + ":" + hexColor(kDark[s]) + ";--" + name +
                "-bg:" + hexColor(kDark[s]) + "30;";
    }
    std::string css = kStyle;
    css.replace(css.find("CSS_LIGHT"), 9, light);
    css.replace(css.find("CSS_DARK"), 8, dark);
    for (int s = 0; s < kSeverityCount; ++s) {
        const std::string name = severityName(Severity(s));
        css += "table.ir td.m." + name + "{border-left-color:var(--" + name +
               ");background:var(--" + name + "-bg)}";
        css += ".chip." + name + "{background:var(--" + name + ")}";
    }
    return css;
}

std::string siteLink(char side, const std::optional<OpSite>& s)
{
    if (!s)
        return "&ndash;";
    std::string op = htmlEscape(printableText(s->op));
    if (s->line <= 0)
        return op;
    const std::string line = std::to_string(s->line);
    return "<a href=\"#" + std::string(1, side) + line + "\">" + line + "</a> " + op;
}

} // namespace

std::string htmlEscape(std::string_view s)
{
    std::string out;
    out.reserve(s.size());
    for (char c : s) {
        switch (c) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        case '\'':
            out += "&#39;";
            break;
        default:
            out += c;
        }
    }
    return out;
}

std::string writeHtmlReport(const DiffResult& r, std::string_view referenceText,
                            std::string_view generatedText, const std::string& title,
                            const std::string& writer)
{
    Page p;
    std::string kernel = title;
    if (kernel.empty() && !r.functions.empty() && !r.functions[0].reference.empty())
        kernel = demangleEntryName(r.functions[0].reference).base;
    const std::string heading = kernel.empty() ? "TileLens IR diff" : "TileLens IR diff: " + kernel;
    p << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      << "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>";
    p.text(heading) << "</title>\n<style>" << styleSheet() << "</style>\n</head>\n<body>\n<h1>";
    p.text(heading) << "</h1>\n";

    const Severity verdictSeverity = r.verdict == Verdict::FailFixable     ? Severity::Critical
                                     : r.verdict == Verdict::PassWithNotes ? Severity::Warn
                                                                           : Severity::Equivalent;
    p << "<p><span class=\"verdict\" style=\"background:var(--" << severityName(verdictSeverity)
      << ")\">" << verdictName(r.verdict) << "</span> ";
    for (int s = 0; s < kSeverityCount; ++s)
        p << "&nbsp; <span class=\"chip " << severityName(Severity(s)) << "\"></span>"
          << severityName(Severity(s)) << " " << std::to_string(r.counts[size_t(s)])
          << (Severity(s) == Severity::Critical ? criticalEvidence(r) : std::string());
    p << "</p>\n<p class=\"muted\">Reference IR <code>";
    p.text(r.referencePath) << "</code> &middot; generated IR <code>";
    p.text(r.generatedPath) << "</code> &middot; written by ";
    p.text(writer) << " " << TILELENS_VERSION << "</p>\n";

    p << "<h2>Functions</h2>\n<table><thead><tr><th>Reference</th><th>Generated</th>"
      << "<th>Reference ops</th><th>Generated ops</th><th>Matched</th></tr></thead><tbody>\n";
    for (const FunctionDiff& f : r.functions) {
        p << "<tr><td><code>";
        p.text(f.reference) << "</code></td><td><code>";
        p.text(f.generated) << "</code></td><td>" << std::to_string(f.refOps) << "</td><td>"
                            << std::to_string(f.genOps) << "</td><td>"
                            << std::to_string(f.matchedOps) << "</td></tr>\n";
    }
    p << "</tbody></table>\n";

    p << "<h2>Divergences</h2>\n<div class=\"filters\">";
    for (int s = 0; s < kSeverityCount; ++s)
        p << "<label><input type=\"checkbox\" checked data-sev=\"" << severityName(Severity(s))
          << "\"><span class=\"chip " << severityName(Severity(s)) << "\"></span>"
          << severityName(Severity(s)) << "</label>";
    p << "<input type=\"search\" id=\"search\" placeholder=\"Search rule, message, op\"> "
      << "<span class=\"muted\"><span id=\"shown\">" << std::to_string(r.divergences.size())
      << "</span> of " << std::to_string(r.divergences.size()) << " shown</span></div>\n";
    p << "<table id=\"divs\"><thead><tr><th>Id</th><th>Severity</th><th>Rule</th><th>Owner</th>"
      << "<th>Message</th><th>Reference</th><th>Generated</th></tr></thead><tbody>\n";
    LineMarks refMarks, genMarks;
    for (const Divergence& d : r.divergences) {
        refMarks.add(d.reference, d);
        genMarks.add(d.generated, d);
        for (const DivergenceSite& s : d.sites) {
            refMarks.add(s.reference, d);
            genMarks.add(s.generated, d);
        }
        p << "<tr data-sev=\"" << severityName(d.severity) << "\"><td>";
        p.text(d.id) << "</td><td class=\"sev\"><span class=\"chip " << severityName(d.severity)
                     << "\"></span>" << severityName(d.severity)
                     << (d.unproven() ? " <i>unproven</i>" : "") << "</td><td><code>";
        p.text(d.rule) << "</code></td><td>" << ownerName(d.owner) << "</td><td class=\"msg\">";
        p.text(d.message);
        if (!d.proof.empty())
            (p << "<br><i>Proof:</i> ").text(d.proof);
        if (!d.counterexample.empty())
            (p << "<br><i>Counterexample:</i> ").text(d.counterexample);
        if (d.unproven())
            (p << "<br><i>Unproven:</i> ").text(unprovenText(d));
        p << "</td><td>" << siteLink('r', d.reference) << "</td><td>" << siteLink('g', d.generated)
          << "</td></tr>\n";
    }
    p << "</tbody></table>\n";

    p << "<h2>Reference IR | generated IR</h2>\n";
    const auto refLines = splitLines(referenceText);
    const auto genLines = splitLines(generatedText);
    if (refLines.empty() || genLines.empty())
        p << "<p class=\"muted\">A side given as bytecode has no text to show.</p>\n";
    p << "<table class=\"ir\"><colgroup><col class=\"n\"><col><col class=\"n\"><col>"
      << "</colgroup><tbody>\n";
    // Between two anchors each side shows its own lines; the shorter side is
    // padded so that the anchor pair shares a row.
    int curRef = 0, curGen = 0;
    auto emitGap = [&](int refEnd, int genEnd) {
        const int n = std::max(refEnd - curRef, genEnd - curGen);
        for (int i = 1; i <= n; ++i) {
            p << "<tr>";
            p.cell('r', curRef + i <= refEnd ? curRef + i : 0, refLines, refMarks);
            p.cell('g', curGen + i <= genEnd ? curGen + i : 0, genLines, genMarks);
            p << "</tr>\n";
        }
        curRef = refEnd;
        curGen = genEnd;
    };
    for (const auto& [ref, gen] : sideBySideAnchors(r)) {
        if (ref > int(refLines.size()) || gen > int(genLines.size()))
            break; // a side's text is shorter than its ops' lines (bytecode: no text)
        emitGap(ref - 1, gen - 1);
        emitGap(ref, gen);
    }
    emitGap(int(refLines.size()), int(genLines.size()));
    p << "</tbody></table>\n<script>" << kScript << "</script>\n</body>\n</html>\n";
    return p.out;
}

} // namespace tilelens::diff
