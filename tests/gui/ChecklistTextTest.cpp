// Issue 31 item 9: a finding's explanation says in one sentence why it matters beside its
// checklist id (C-IDENT, M8, ...), for every checklist id of the default rules.

#include "ChecklistText.h"

#include "DivergenceText.h"
#include "TestPaths.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <gtest/gtest.h>
#include <set>

using namespace tilelens;
using namespace tilelens::gui;

TEST(ChecklistText, TheDetailsSayWhyAFindingMattersBesideItsChecklistId)
{
    diff::Divergence d;
    d.id = "D3";
    d.severity = diff::Severity::Critical;
    d.message = "reduce: identities [0.0 : f32] in reference, [-inf : f32] in generated";
    d.checklistItem = "C-IDENT";
    const QString details = DivergenceText::details(d, false);
    EXPECT_TRUE(details.contains(QLatin1String("checklist item C-IDENT"))) << details.toStdString();
    EXPECT_TRUE(details.contains(QLatin1String("Why it matters:"))) << details.toStdString();
    EXPECT_TRUE(details.contains(QLatin1String("changes every reduced value")))
        << details.toStdString();

    d.checklistItem = "M8";
    EXPECT_TRUE(DivergenceText::details(d, false).contains(QLatin1String("wrong places")));
    // A user's own id has no sentence, and no empty "Why" line.
    d.checklistItem = "MY-OWN";
    EXPECT_FALSE(DivergenceText::details(d, false).contains(QLatin1String("Why it matters")));
}

TEST(ChecklistText, EveryChecklistIdOfTheDefaultRulesHasItsSentence)
{
    QFile f(QStringLiteral(TILELENS_SOURCE_DIR) + QStringLiteral("/resources/rules/default.json"));
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll());
    std::set<std::string> ids;
    for (const QJsonValue& rule : doc.object().value(QStringLiteral("rules")).toArray())
        if (const QString id = rule.toObject().value(QStringLiteral("checklist")).toString();
            !id.isEmpty())
            ids.insert(id.toStdString());
    EXPECT_GT(ids.size(), 20u);
    for (const std::string& id : ids) {
        const QString why = ChecklistText::whyItMatters(id);
        EXPECT_FALSE(why.isEmpty()) << id;
        EXPECT_TRUE(why.endsWith(QLatin1Char('.'))) << id; // one sentence
        EXPECT_EQ(why.count(QLatin1String(". ")), 0) << id << ": " << why.toStdString();
    }
}
