#include "DivergenceInsight.h"

#include "AlignedIrView.h"
#include "BindingDialog.h"
#include "DivergenceText.h"
#include "EditorTheme.h"
#include "EvalAction.h"
#include "MainWindow.h"
#include "PlainText.h"
#include "SourcePane.h"

#include <QAction>
#include <QDockWidget>
#include <QFile>
#include <QLabel>
#include <QMenu>
#include <QProgressBar>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTextBrowser>
#include <QToolBar>
#include <QToolButton>
#include <QUrl>
#include <algorithm>

namespace tilelens::gui {

const char* const DivergenceInsight::kFoldSettingKey = "diff/foldEquivalentAndNoise";

DivergenceInsight::DivergenceInsight(MainWindow& window, QMenu* diffMenu, QToolBar* toolbar,
                                     bool persist)
    : QObject(&window), m_window(window), m_persist(persist)
{
    // Fold: both "Hide" toggles at once; checked exactly while both are.
    m_fold = new QAction(tr("&Fold Equivalent && Noise"), this);
    m_fold->setObjectName(QStringLiteral("foldEquivalentAndNoise"));
    m_fold->setCheckable(true);
    m_fold->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_H));
    m_fold->setToolTip(tr("Hide the equivalent and noise divergences from the table and the IR "
                          "margins: only what can change a result or needs a look stays"));
    diffMenu->addAction(m_fold);
    toolbar->addAction(m_fold);
    connect(m_fold, &QAction::toggled, this, &DivergenceInsight::onFoldToggled);
    for (QAction* hide : {window.hideNoiseAction(), window.hideEquivalentAction()})
        connect(hide, &QAction::toggled, this, &DivergenceInsight::syncFoldAction);
    if (m_persist && QSettings().value(QLatin1String(kFoldSettingKey), false).toBool())
        m_fold->setChecked(true);

    m_eval = new EvalAction(window.session(), this);
    diffMenu->addSeparator();
    diffMenu->addAction(m_eval->runAction());
    diffMenu->addAction(m_eval->cancelAction());
    m_binding =
        diffMenu->addAction(tr("CPU Run &Binding\u2026"), this, &DivergenceInsight::editBinding);
    m_binding->setObjectName(QStringLiteral("cpuRunBinding"));
    m_binding->setToolTip(tr("See and edit how both kernels' parameters bind to the same "
                             "arrays, sizes and grid (tilelens.eval-binding/1), and run both "
                             "sides on the CPU with it; without one given, it is derived from "
                             "the port's launch chain, else guessed by position from the "
                             "reference's mangled entry name"));
    toolbar->addSeparator();
    toolbar->addAction(m_eval->runAction());

    // Details beside the table, in the Divergences dock (that dock is tabbed with
    // Stages and Performance, so a dock of its own would become one more tab).
    m_details = new QTextBrowser;
    m_details->setObjectName(QStringLiteral("divergenceDetails"));
    m_details->setAccessibleName(tr("Divergence details"));
    m_details->setOpenLinks(false);
    connect(m_details, &QTextBrowser::anchorClicked, this, &DivergenceInsight::activateLink);
    QDockWidget* dock = window.divergenceDock();
    auto* split = new QSplitter(Qt::Horizontal);
    split->setObjectName(QStringLiteral("divergenceSplit"));
    split->addWidget(dock->widget());
    split->addWidget(m_details);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    dock->setWidget(split);

    m_progress = new QProgressBar;
    m_progress->setObjectName(QStringLiteral("cpuRunProgress"));
    m_progress->setMaximumWidth(140);
    m_progress->setFormat(tr("CPU run %v/%m"));
    m_progress->hide();
    m_cancelButton = new QToolButton;
    m_cancelButton->setDefaultAction(m_eval->cancelAction());
    m_cancelButton->hide();
    m_status = new ElidedLabel(Qt::ElideRight);
    m_status->setObjectName(QStringLiteral("cpuRunStatus"));
    m_status->setPreferredCharacters(60); // the details pane has the whole outcome
    window.statusBar()->addPermanentWidget(m_status);
    window.statusBar()->addPermanentWidget(m_progress);
    window.statusBar()->addPermanentWidget(m_cancelButton);

    connect(m_eval, &EvalAction::started, this, [this] {
        m_progress->setRange(0, 0); // busy until the first case is done
        m_progress->show();
        m_cancelButton->show();
        m_status->setText(tr("CPU run: running both sides\u2026"));
    });
    connect(m_eval, &EvalAction::progressChanged, this, [this](int done, int total) {
        m_progress->setRange(0, total);
        m_progress->setValue(done);
    });
    connect(m_eval, &EvalAction::finished, this, &DivergenceInsight::onEvalFinished);
    InspectorSession& session = window.session();
    connect(&session, &InspectorSession::currentDivergenceChanged, this,
            &DivergenceInsight::showDetails);
    connect(&session, &InspectorSession::diffChanged, this, [this] {
        if (!m_eval->isRunning())
            m_status->setText({});
        m_withRun.reset();
        m_binding->setEnabled(m_window.session().diffResult() != nullptr);
        showDetails();
    });
    m_binding->setEnabled(session.diffResult() != nullptr);
    showDetails();
}

BindingDialog* DivergenceInsight::editBinding()
{
    const auto analysis = m_window.session().diff();
    if (!analysis || !analysis->result)
        return nullptr;
    BindingInUse use;
    if (m_eval->hasBinding()) {
        use.file = m_eval->bindingFile();
        use.text = m_eval->bindingText();
        if (use.text.isEmpty() && !use.file.isEmpty())
            if (QFile file(use.file); file.open(QIODevice::ReadOnly | QIODevice::Text))
                use.text = QString::fromUtf8(file.readAll());
        use.origin = BindingDialog::givenOrigin(use.file);
    } else {
        use = BindingDialog::derivedOrGuessed(*analysis);
    }
    auto* dialog = new BindingDialog(use, analysis, &m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog, analysis] {
        if (m_window.session().diff() != analysis)
            return; // another pair is shown now: the binding was written for this one
        m_eval->setBindingText(dialog->text(), dialog->file());
        m_eval->rerun();
    });
    dialog->open();
    return dialog;
}

void DivergenceInsight::onFoldToggled(bool on)
{
    if (m_syncing)
        return;
    m_syncing = true;
    m_window.hideNoiseAction()->setChecked(on);
    m_window.hideEquivalentAction()->setChecked(on);
    m_syncing = false;
    if (m_persist)
        QSettings().setValue(QLatin1String(kFoldSettingKey), on);
}

void DivergenceInsight::syncFoldAction()
{
    if (m_syncing)
        return;
    const bool both =
        m_window.hideNoiseAction()->isChecked() && m_window.hideEquivalentAction()->isChecked();
    if (both == m_fold->isChecked())
        return;
    m_syncing = true;
    m_fold->setChecked(both);
    m_syncing = false;
    if (m_persist)
        QSettings().setValue(QLatin1String(kFoldSettingKey), both);
}

void DivergenceInsight::onEvalFinished(const std::shared_ptr<const crosscheck::CrossCheck>& check)
{
    m_progress->hide();
    m_cancelButton->hide();
    if (!check) {
        m_status->setText(tr("CPU run: cancelled"));
        return;
    }
    m_status->setText(EvalAction::statusText(*check));
    if (!check->counterexample.empty()) // else the whole message, which may be elided
        m_status->setToolTip(literalText(QString::fromStdString(check->counterexample)));
    if (const diff::DiffResult* result = m_window.session().diffResult())
        m_withRun =
            std::make_shared<const diff::DiffResult>(crosscheck::withCpuRun(*result, *check));
    showDetails();
}

void DivergenceInsight::showDetails()
{
    const diff::DiffResult* result = m_window.session().diffResult();
    if (!result) {
        m_details->clear();
        return;
    }
    const bool dark = EditorTheme::forPalette(m_window.palette()).dark;
    const auto check = m_eval->result();
    // The divergences as the run left them (the same rows): a refuted critical carries its
    // counterexample and is no longer unproven, as in the table.
    const diff::DiffResult& shown = check && m_withRun ? *m_withRun : *result;
    const int index = m_window.session().currentDivergence();
    const bool selected = index >= 0 && size_t(index) < shown.divergences.size();
    QString html;
    bool aboutThisRow = !selected; // the run's counterexample: no row, or a row it refutes
    if (selected) {
        const diff::Divergence& d = shown.divergences[size_t(index)];
        QString note;
        if (check && d.counterexample.empty())
            note = QString::fromStdString(crosscheck::noteFor(*check, d.id));
        // An inconclusive run's word on an unproven critical is its message: translated.
        if (check && check->inconclusive && note == QString::fromStdString(check->summary))
            note = EvalAction::inconclusiveText(*check);
        html = DivergenceText::details(d, dark, note);
        if (check)
            for (const auto* ids : {&check->attachedTo, &check->refuted})
                aboutThisRow = aboutThisRow || std::count(ids->begin(), ids->end(), d.id) > 0;
    } else {
        html = tr("Select a divergence to see its proof or counterexample and all its sites.");
    }
    // An equivalent, info or other row gets the run's outcome line only, never its
    // counterexample.
    if (check)
        html += cpuRunDetails(*check, aboutThisRow, selected);
    m_details->setHtml(html);
}

QString DivergenceInsight::cpuRunDetails(const crosscheck::CrossCheck& check, bool aboutThisRow,
                                         bool rowSelected) const
{
    QString html = QStringLiteral("<hr>") + EvalAction::statusText(check).toHtmlEscaped();
    if (!aboutThisRow)
        return html;
    // An inconclusive run's case is outside a contract: what it saw, not a counterexample. A
    // row the run refutes says it above already.
    if (!check.counterexample.empty() && !rowSelected)
        html += QStringLiteral("<br>") +
                (check.inconclusive ? tr("What the run saw: %1") : tr("Counterexample: %1"))
                    .arg(QString::fromStdString(check.counterexample).toHtmlEscaped());
    // The input values that gave it: the case, its sizes and scalars, the inputs at the index.
    const std::vector<std::string> inputs = crosscheck::counterexampleInputs(check.eval);
    if (!inputs.empty()) {
        html += QStringLiteral("<br>%1<ul style=\"margin-top:0\">")
                    .arg(tr("Inputs of that case (binding: %1):")
                             .arg(QString::fromStdString(check.bindingText).toHtmlEscaped()));
        for (const std::string& line : inputs)
            html += QStringLiteral("<li><code>%1</code></li>")
                        .arg(QString::fromStdString(line).toHtmlEscaped());
        html += QStringLiteral("</ul>");
    }
    if (const auto& f = check.eval.firstDivergence)
        html += QStringLiteral("<br><a href=\"store:0\">%1</a>")
                    .arg(tr("Select the first diverging stores (ref %1 \u2194 gen %2)")
                             .arg(f->reference.line)
                             .arg(f->generated.line));
    return html;
}

void DivergenceInsight::activateLink(const QUrl& link)
{
    bool ok = false;
    const int n = link.path().toInt(&ok);
    int ref = 0, gen = 0;
    if (link.scheme() == QLatin1String("site")) {
        const diff::DiffResult* result = m_window.session().diffResult();
        const int index = m_window.session().currentDivergence();
        if (!result || index < 0 || !ok)
            return;
        const auto sites = DivergenceText::sitesOf(result->divergences[size_t(index)]);
        if (n < 0 || size_t(n) >= sites.size())
            return;
        const diff::DivergenceSite& s = sites[size_t(n)];
        ref = s.reference ? s.reference->line : 0;
        gen = s.generated ? s.generated->line : 0;
    } else if (link.scheme() == QLatin1String("store")) {
        const auto check = m_eval->result();
        if (!check || !check->eval.firstDivergence)
            return;
        ref = check->eval.firstDivergence->reference.line;
        gen = check->eval.firstDivergence->generated.line;
    } else {
        return;
    }
    m_window.alignedView()->highlightOpLines(ref > 0 ? std::vector<int>{ref} : std::vector<int>{},
                                             gen > 0 ? std::vector<int>{gen} : std::vector<int>{});
    if (ref > 0)
        m_window.pane(SourceRole::ReferenceIr)->revealLine(ref);
    else if (gen > 0)
        m_window.pane(SourceRole::GeneratedIr)->revealLine(gen);
}

} // namespace tilelens::gui
