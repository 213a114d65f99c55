#pragma once
// The words shown for one divergence outside the table cells: the hover tooltip
// (table row and marked IR line) with its proof or counterexample, and the
// details pane's full text with every site as a link ("site:N"). Shared so the
// table, the IR panes and the details pane say the same thing.

#include "diff/DiffResult.h"

#include <QCoreApplication>
#include <QString>

namespace tilelens::gui {

class DivergenceText
{
    Q_DECLARE_TR_FUNCTIONS(DivergenceText)
public:
    // The finding's message in the UI language: its rule's template translated
    // (context "RuleMessage", see RuleMessages.cpp) and filled with the values the
    // CLI's English message was filled with; the English message when there is no
    // template (a finding made up outside the rules).
    static QString message(const diff::Divergence& d);
    // Rich text: severity, rule, message; then the proof (a finding that says it cannot
    // change a result) or the counterexample (a critical one), and the site count.
    static QString tooltip(const diff::Divergence& d, bool dark);
    // Rich text for the details pane: everything of the tooltip in full, owner,
    // checklist item, both values, then every site as a link "site:N" (N: 0-based index
    // into sitesOf(d)), and `cpuNote` (what a CPU run of both sides says) when given.
    static QString details(const diff::Divergence& d, bool dark, const QString& cpuNote = {});
    // The severity word, "critical, unproven" for a critical without counterexample
    // (Divergence::unproven): the table's severity cell and the tooltip's header.
    static QString severityText(const diff::Divergence& d);
    // The widest severityText() in the UI language, for the table's column width.
    static QString widestSeverityText();
    // The places of a finding: d.sites, or its primary place when it has one.
    static std::vector<diff::DivergenceSite> sitesOf(const diff::Divergence& d);
    // "ref 12 ↔ gen 14", "ref 12 ↔ –".
    static QString siteLabel(const diff::DivergenceSite& s);
};

} // namespace tilelens::gui
