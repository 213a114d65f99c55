#pragma once
// Why a finding matters, in one sentence, for each checklist id the rules give (C-IDENT, M8,
// ...; resources/rules/default.json): the details pane shows it beside the id, so a reviewer
// need not look the id up (issue 31 item 9).

#include <QCoreApplication>
#include <QString>
#include <string>

namespace tilelens::gui {

class ChecklistText
{
    Q_DECLARE_TR_FUNCTIONS(ChecklistText)
public:
    // The sentence for checklist id `id`; empty for an id it does not know (a user's rules).
    static QString whyItMatters(const std::string& id);
};

} // namespace tilelens::gui
