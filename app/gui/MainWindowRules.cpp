// The rules file of the window: `tilelens --rules FILE`, else the saved setting diff/rulesFile
// (Diff > Rules File…, Diff > Use Default Rules). One RuleSet, owned by the session, classifies
// the inspector's pair, the dashboard's rows and the IR stage, as `tilelens-cli diff --rules`.

#include "AppSettings.h"
#include "MainWindow.h"
#include "PlainText.h"
#include "pair/Rules.h"
#include "pipeline/DefaultBuiltinStages.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMessageBox>
#include <QSettings>

namespace tilelens::gui {

bool MainWindow::setRulesFile(const QString& path)
{
    Diagnostics diags;
    std::shared_ptr<const diff::RuleSet> rules = pair::loadRules(path.toStdString(), diags);
    const bool loaded = rules != nullptr;
    if (!loaded) {
        reportRulesError(path, diags);
        rules = pair::loadRules({}, diags); // the built-in rules stay in use
    }
    m_rulesFile = loaded ? path : QString();
    pipeline::registerIrDiffStage(rules); // the IR stage run from the Stages dock
    m_session.setRules(std::move(rules));
    showRulesInUse();
    return loaded;
}

void MainWindow::chooseRulesFile()
{
    const QString start =
        m_rulesFile.isEmpty() ? QDir::homePath() : QFileInfo(m_rulesFile).absolutePath();
    const QString path = QFileDialog::getOpenFileName(this, tr("Rules File"), start,
                                                      tr("TileLens rules (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    if (setRulesFile(path) && m_options.persistSettings)
        QSettings().setValue(settings::rulesFileKey, path);
}

void MainWindow::useDefaultRules()
{
    setRulesFile({});
    if (m_options.persistSettings)
        QSettings().remove(settings::rulesFileKey);
}

void MainWindow::showRulesInUse()
{
    if (m_rulesFile.isEmpty()) {
        m_rulesLabel->setText(tr("Rules: built-in"));
        m_rulesLabel->setToolTip(
            tr("The IR verdicts use the built-in rules (Diff > Rules File\u2026 adds a file)."));
    } else {
        m_rulesLabel->setText(tr("Rules: %1").arg(QFileInfo(m_rulesFile).fileName()));
        m_rulesLabel->setToolTip(
            literalText(tr("The IR verdicts use the built-in rules merged with %1, as "
                           "tilelens-cli diff --rules does.")
                            .arg(QDir::toNativeSeparators(m_rulesFile))));
    }
    m_defaultRules->setEnabled(!m_rulesFile.isEmpty());
}

void MainWindow::reportRulesError(const QString& path, const Diagnostics& diags)
{
    QStringList lines;
    for (const Diagnostic& d : diags)
        lines << QString::fromStdString(d.format());
    auto* box = new QMessageBox(QMessageBox::Warning, tr("Rules file not loaded"),
                                tr("The rules file %1 could not be loaded; the built-in rules "
                                   "are used.")
                                    .arg(QDir::toNativeSeparators(path)),
                                QMessageBox::Ok, this);
    box->setObjectName(QStringLiteral("rulesErrorDialog"));
    box->setTextFormat(Qt::PlainText);                                   // the path
    box->setInformativeText(literalText(lines.join(QLatin1Char('\n')))); // they quote the file
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

} // namespace tilelens::gui
