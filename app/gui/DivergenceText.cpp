#include "DivergenceText.h"

#include "ChecklistText.h"
#include "SeverityStyle.h"
#include "diff/MessageTemplate.h"

namespace tilelens::gui {
namespace {

QString html(const std::string& s)
{
    return QString::fromStdString(s).toHtmlEscaped();
}

QString header(const diff::Divergence& d, bool dark)
{
    return QStringLiteral("<span style=\"color:%1\">\u25a0</span> <b>%2</b> %3 [%4] %5")
        .arg(severityColor(d.severity, dark).name(), html(d.id), DivergenceText::severityText(d),
             html(d.rule), DivergenceText::message(d).toHtmlEscaped());
}

} // namespace

QString DivergenceText::message(const diff::Divergence& d)
{
    if (d.messageTemplate.empty())
        return QString::fromStdString(d.message);
    const QString tmpl = QCoreApplication::translate("RuleMessage", d.messageTemplate.c_str());
    QString text = QString::fromStdString(diff::fillMessage(tmpl.toStdString(), d.messageFields));
    if (d.downstreamOps > 0)
        text += tr("; %n op(s) using its result differ only through it", nullptr, d.downstreamOps);
    if (d.sites.size() > 1)
        text += tr(" (%n sites)", nullptr, int(d.sites.size()));
    return text;
}

QString DivergenceText::severityText(const diff::Divergence& d)
{
    return d.unproven() ? tr("%1, unproven").arg(severityLabel(d.severity))
                        : severityLabel(d.severity);
}

QString DivergenceText::widestSeverityText()
{
    diff::Divergence unproven;
    unproven.severity = diff::Severity::Critical;
    return severityText(unproven);
}

std::vector<diff::DivergenceSite> DivergenceText::sitesOf(const diff::Divergence& d)
{
    if (!d.sites.empty())
        return d.sites;
    if (!d.reference && !d.generated)
        return {};
    return {diff::DivergenceSite{d.reference, d.generated}};
}

QString DivergenceText::siteLabel(const diff::DivergenceSite& s)
{
    auto side = [](const std::optional<diff::OpSite>& site) {
        if (!site || site->line <= 0)
            return QStringLiteral("\u2013");
        return QStringLiteral("%1 %2").arg(site->line).arg(QString::fromStdString(site->op));
    };
    return tr("ref %1 \u2194 gen %2").arg(side(s.reference), side(s.generated));
}

QString DivergenceText::tooltip(const diff::Divergence& d, bool dark)
{
    QStringList parts{header(d, dark)};
    if (!d.proof.empty())
        parts << tr("<b>Proof:</b> %1").arg(html(d.proof));
    if (!d.counterexample.empty())
        parts << tr("<b>Counterexample:</b> %1").arg(html(d.counterexample));
    if (d.sites.size() > 1)
        parts << tr("%n site(s); all of them in the details pane", nullptr, int(d.sites.size()));
    return parts.join(QStringLiteral("<br>"));
}

QString DivergenceText::details(const diff::Divergence& d, bool dark, const QString& cpuNote)
{
    QStringList parts{header(d, dark)};
    QStringList facts;
    facts << tr("owner: %1").arg(ownerLabel(d.owner));
    if (!d.checklistItem.empty())
        facts << tr("checklist item %1").arg(html(d.checklistItem));
    if (!d.attribute.empty())
        facts << tr("attribute: %1").arg(html(d.attribute));
    parts << facts.join(QStringLiteral(" \u00b7 "));
    // Why it matters, beside the checklist id (issue 31 item 9).
    if (const QString why = ChecklistText::whyItMatters(d.checklistItem); !why.isEmpty())
        parts << tr("<b>Why it matters:</b> %1").arg(why.toHtmlEscaped());
    if (!d.refValue.empty() || !d.genValue.empty())
        parts << tr("reference: <code>%1</code> \u00b7 generated: <code>%2</code>")
                     .arg(html(d.refValue), html(d.genValue));
    if (!d.proof.empty())
        parts << tr("<b>Proof:</b> %1").arg(html(d.proof));
    if (!d.counterexample.empty())
        parts << tr("<b>Counterexample:</b> %1").arg(html(d.counterexample));
    if (d.unproven())
        parts << tr("<b>Unproven:</b> no counterexample found: the differ could not show the two "
                    "sides equal, nor find an input on which they differ");
    if (!cpuNote.isEmpty())
        parts << tr("<b>CPU run:</b> %1").arg(cpuNote.toHtmlEscaped());
    const std::vector<diff::DivergenceSite> sites = sitesOf(d);
    if (!sites.empty()) {
        QStringList links;
        for (size_t i = 0; i < sites.size(); ++i)
            links << QStringLiteral("<a href=\"site:%1\">%2</a>")
                         .arg(i)
                         .arg(siteLabel(sites[i]).toHtmlEscaped());
        parts << tr("<b>Sites (%1):</b> %2")
                     .arg(sites.size())
                     .arg(links.join(QStringLiteral(" \u00b7 ")));
    }
    return parts.join(QStringLiteral("<br>"));
}

} // namespace tilelens::gui
