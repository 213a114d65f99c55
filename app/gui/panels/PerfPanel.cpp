#include "panels/PerfPanel.h"

#include "InspectorSession.h"
#include "RunMessageText.h"
#include "panels/AdaptiveSplitter.h"
#include "panels/PerfChart.h"
#include "panels/PerfTreeModel.h"
#include "panels/ProfileCommandDialog.h"
#include "panels/ProfileJob.h"
#include "panels/StatusStyle.h"
#include "perf/cupti/ProfileJson.h"
#include "workspace/KernelPerf.h"

#include <QComboBox>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSplitter>
#include <QTreeView>
#include <QVBoxLayout>

namespace tilelens::gui::panels {
namespace {

// Sides are paired by role, whatever the profiles' labels are (two profiles
// of the same backend must still pair).
perf::PerfData asSide(perf::PerfData data, const QString& side)
{
    for (perf::PerfRecord& r : data.records)
        r.backend = side;
    return data;
}

} // namespace

PerfPanel::PerfPanel(InspectorSession* session, QWidget* parent)
    : QWidget(parent), m_session(session), m_model(new PerfTreeModel(this))
{
    m_sourceBox = new QComboBox(this);
    m_sourceBox->addItem(tr("Kernel perf logs"));
    m_sourceBox->addItem(tr("CUPTI profiles"));
    m_sourceBox->setToolTip(tr("Compare the kernel's tilegym logs or two profile JSON files"));
    m_openProfiles = new QPushButton(tr("Open profiles…"), this);
    m_profileCmd = new QPushButton(tr("Profile command…"), this);
    m_profileCmd->setToolTip(
        tr("Measure a baseline and a candidate command with CUPTI device time"));
    m_exportPng = new QPushButton(tr("Export PNG…"), this);
    m_exportSvg = new QPushButton(tr("Export SVG…"), this);

    m_summary = new QLabel(this);
    m_summary->setTextFormat(Qt::PlainText);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_tree = new QTreeView(this);
    m_tree->setModel(m_model);
    m_tree->setRootIsDecorated(true);
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_tree->header()->setStretchLastSection(true);

    m_chart = new PerfChart(this);

    auto* bar = new QHBoxLayout;
    bar->addWidget(m_sourceBox);
    bar->addWidget(m_openProfiles);
    bar->addWidget(m_profileCmd);
    bar->addStretch(1);
    bar->addWidget(m_exportPng);
    bar->addWidget(m_exportSvg);

    // Table above the chart in a tall dock (long config ids, a readable
    // legend), beside it in a short wide one so the axes keep their labels.
    auto* split = new AdaptiveSplitter(35, this);
    split->addWidget(m_tree);
    split->addWidget(m_chart);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    m_tree->setMinimumSize(160, 60);
    // Title, legend and axis labels take ~110 px: below ~240 the plot shrinks to a strip and
    // Qt Charts elides every axis label to "…".
    m_chart->setMinimumSize(240, 240);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(m_summary);
    layout->addWidget(split, 1);

    const bool dark = isDarkPalette(palette());
    m_model->setDark(dark);
    m_chart->setDark(dark);

    connect(m_sourceBox, qOverload<int>(&QComboBox::activated), this, [this](int i) {
        if (i == 0)
            showKernelLogs();
        else if (m_profiledRun)
            showProfiledRun(*m_profiledRun);
        else if (!m_baselineJson.isEmpty() || !m_candidateJson.isEmpty())
            loadProfiles(m_baselineJson, m_candidateJson);
        else
            openProfiles();
    });
    connect(m_openProfiles, &QPushButton::clicked, this, &PerfPanel::openProfiles);
    connect(m_profileCmd, &QPushButton::clicked, this, [this] {
        ProfileCommandDialog* d = profileDialog();
        d->show();
        d->raise();
    });
    connect(m_exportPng, &QPushButton::clicked, this, [this] { exportChart(false); });
    connect(m_exportSvg, &QPushButton::clicked, this, [this] { exportChart(true); });
    if (m_session) {
        connect(m_session, &InspectorSession::workspaceChanged, this, &PerfPanel::followSession);
        connect(m_session, &InspectorSession::selectionChanged, this, &PerfPanel::followSession);
    }
    showKernelLogs();
}

const perf::PerfComparison& PerfPanel::comparison() const
{
    return m_model->comparison();
}

QString PerfPanel::summaryText() const
{
    return m_summary->text();
}

void PerfPanel::followSession()
{
    if (m_source == Source::KernelLogs)
        showKernelLogs();
}

void PerfPanel::showKernelLogs()
{
    m_source = Source::KernelLogs;
    m_sourceBox->setCurrentIndex(0);
    const ws::Kernel* k = m_session ? m_session->currentKernel() : nullptr;
    if (!k) {
        m_model->setComparison(perf::PerfComparison());
        m_chart->setTitle(tr("No kernel selected"));
        m_chart->setComparison(perf::PerfComparison());
        m_summary->setText(tr("No kernel selected."));
        return;
    }
    const ws::KernelPerf kp = ws::compareKernelPerf(*k);
    m_model->setComparison(kp.comparison);
    for (int c = 0; c < PerfTreeModel::ColumnCount; ++c)
        m_tree->resizeColumnToContents(c);
    m_chart->setTitle(tr("%1: candidate / baseline per configuration").arg(k->name));
    m_chart->setComparison(kp.comparison);
    QStringList problems;
    for (const Diagnostic& d : kp.diagnostics)
        problems << QString::fromStdString(d.format());
    if (kp.inputError) {
        m_summary->setText(tr("%1: no baseline or no candidate perf log.").arg(k->name) +
                           (problems.isEmpty()
                                ? QString()
                                : QLatin1Char('\n') + problems.join(QLatin1Char('\n'))));
        return;
    }
    // Say where the numbers come from: the logs read on each side.
    const auto names = [](const QStringList& paths) {
        QStringList out;
        for (const QString& p : paths)
            out << QFileInfo(p).fileName();
        return out.join(QStringLiteral(", "));
    };
    setSummary(
        kp.comparison,
        tr("%1 (%2 vs %3)").arg(k->name, names(kp.candidate.sources), names(kp.baseline.sources)),
        problems);
}

bool PerfPanel::loadProfiles(const QString& baselineJson, const QString& candidateJson)
{
    std::optional<perf::Profile> base, cand;
    QStringList problems;
    const auto read = [&problems](const QString& path) -> std::optional<perf::Profile> {
        if (path.isEmpty())
            return std::nullopt;
        Diagnostics diags;
        std::optional<perf::Profile> p = perf::readProfileJson(path, diags);
        for (const Diagnostic& d : diags)
            problems << QString::fromStdString(d.format());
        return p;
    };
    base = read(baselineJson);
    cand = read(candidateJson);
    if (!base && !cand) {
        m_summary->setText(tr("No profile could be read.") + QLatin1Char('\n') +
                           problems.join(QLatin1Char('\n')));
        return false;
    }
    m_source = Source::Profiles;
    m_sourceBox->setCurrentIndex(1);
    m_profiledRun.reset();
    m_baselineJson = baselineJson;
    m_candidateJson = candidateJson;
    const perf::PerfData b =
        base ? asSide(perf::profileToPerfData(*base, baselineJson), QStringLiteral("baseline"))
             : perf::PerfData();
    const perf::PerfData c =
        cand ? asSide(perf::profileToPerfData(*cand, candidateJson), QStringLiteral("candidate"))
             : perf::PerfData();
    perf::PairingOptions options;
    options.candidateBackends = {QStringLiteral("candidate")};
    const perf::PerfComparison cmp = perf::comparePerf(b, c, options);
    m_model->setComparison(cmp, base, cand);
    for (int c = 0; c < PerfTreeModel::ColumnCount; ++c)
        m_tree->resizeColumnToContents(c);
    const QString bl =
        base ? (base->label.isEmpty() ? tr("baseline") : base->label) : tr("(not measured yet)");
    const QString cl =
        cand ? (cand->label.isEmpty() ? tr("candidate") : cand->label) : tr("(not measured yet)");
    m_chart->setTitle(tr("%1 / %2 per configuration (CUPTI device time)").arg(cl, bl));
    m_chart->setComparison(cmp);
    setSummary(cmp, tr("%1 vs %2").arg(cl, bl), problems);
    return true;
}

void PerfPanel::showProfiledRun(const pipeline::ProfiledRunUpdate& u)
{
    m_source = Source::Profiles;
    m_sourceBox->setCurrentIndex(1);
    m_profiledRun = u;
    QStringList problems;
    Diagnostics diags;
    std::optional<perf::Profile> cand = perf::readProfileJson(u.profilePath, diags);
    for (const Diagnostic& d : diags)
        problems << QString::fromStdString(d.format());
    // The baseline's kernels can be listed only when it is one profile.
    std::optional<perf::Profile> base;
    if (u.baseline.size() == 1) {
        Diagnostics ignored;
        base = perf::readProfileJson(u.baseline.first(), ignored);
    }
    bool paired = false;
    const perf::PerfComparison cmp = pipeline::pairWithBaseline(
        cand ? perf::profileToPerfData(*cand, u.profilePath) : perf::PerfData(), u.baseline,
        &problems, &paired);
    m_baselineJson = base ? u.baseline.first() : QString();
    m_candidateJson = u.profilePath;
    m_model->setComparison(cmp, base, cand);
    for (int c = 0; c < PerfTreeModel::ColumnCount; ++c)
        m_tree->resizeColumnToContents(c);
    const QString bl = !paired ? tr("(no baseline)")
                       : base  ? (base->label.isEmpty() ? tr("baseline") : base->label)
                               : tr("baseline logs");
    const QString cl = cand && !cand->label.isEmpty() ? cand->label : tr("candidate");
    m_chart->setTitle(tr("%1 / %2 per configuration (CUPTI device time)").arg(cl, bl));
    m_chart->setComparison(cmp);
    if (!u.noDeviceTimes.isEmpty())
        problems.prepend(tr("No device times from run %1: %2")
                             .arg(u.run + 1)
                             .arg(translatedRunMessage(u.noDeviceTimes)));
    setSummary(cmp,
               tr("Stage %1, run %2 of %3%4: %5 vs %6")
                   .arg(u.stageId)
                   .arg(u.run + 1)
                   .arg(u.runs)
                   .arg(u.last ? tr(" (final)") : QString())
                   .arg(cl, bl),
               problems);
}

void PerfPanel::setSummary(const perf::PerfComparison& c, const QString& what,
                           const QStringList& problems)
{
    QString text =
        tr("%1 — geomean %2")
            .arg(what, c.geomean ? QString::number(*c.geomean, 'f', 4) : QStringLiteral("NA"));
    if (c.interval)
        text += tr(" [%1, %2] (%3% bootstrap interval)")
                    .arg(c.interval->low, 0, 'f', 3)
                    .arg(c.interval->high, 0, 'f', 3)
                    .arg(qRound(c.interval->level * 100));
    // DONE is both a severity and the verdict: say it once.
    const QString severity = perf::severityName(c.severity);
    text += (severity == c.verdict() ? tr(" — %1").arg(severity)
                                     : tr(" — %1 — %2").arg(severity, c.verdict())) +
            tr("; %1 of %2 configurations matched").arg(c.matched).arg(c.rows.size());
    if (c.missingCandidate > 0)
        text += tr(", %1 without a candidate median").arg(c.missingCandidate);
    if (c.missingBaseline > 0)
        text += tr(", %1 without a baseline (NA)").arg(c.missingBaseline);
    if (!problems.isEmpty())
        text += QLatin1Char('\n') + problems.mid(0, 5).join(QLatin1Char('\n'));
    m_summary->setText(text);
    const QString key = c.severity == perf::PerfSeverity::Done       ? QStringLiteral("pass")
                        : c.severity == perf::PerfSeverity::MildGap  ? QStringLiteral("notes")
                        : c.severity == perf::PerfSeverity::LargeGap ? QStringLiteral("fail")
                                                                     : QStringLiteral("warn");
    QPalette pal = m_summary->palette();
    pal.setColor(QPalette::WindowText, statusColor(key, isDarkPalette(palette())));
    m_summary->setPalette(pal);
}

void PerfPanel::openProfiles()
{
    const QString base = QFileDialog::getOpenFileName(this, tr("Baseline profile"), QString(),
                                                      tr("Profile JSON (*.json);;All files (*)"));
    if (base.isEmpty())
        return;
    const QString cand =
        QFileDialog::getOpenFileName(this, tr("Candidate profile"), QFileInfo(base).absolutePath(),
                                     tr("Profile JSON (*.json);;All files (*)"));
    if (cand.isEmpty())
        return;
    loadProfiles(base, cand);
}

ProfileCommandDialog* PerfPanel::profileDialog()
{
    if (!m_dialog) {
        const ws::Kernel* k = m_session ? m_session->currentKernel() : nullptr;
        const QString out = k ? QDir(k->dir).filePath(QStringLiteral(".tilelens/profiles"))
                              : QDir::temp().filePath(QStringLiteral("tilelens-profiles"));
        m_dialog = new ProfileCommandDialog(out, this);
        if (k)
            m_dialog->job()->setWorkingDirectory(k->dir);
        connect(m_dialog, &ProfileCommandDialog::profilesUpdated, this,
                [this](const QString& b, const QString& c) { loadProfiles(b, c); });
    }
    return m_dialog;
}

void PerfPanel::exportChart(bool svg)
{
    const QString filter = svg ? tr("SVG image (*.svg)") : tr("PNG image (*.png)");
    QString path = QFileDialog::getSaveFileName(
        this, svg ? tr("Export chart as SVG") : tr("Export chart as PNG"), QString(), filter);
    if (path.isEmpty())
        return;
    const QString suffix = svg ? QStringLiteral(".svg") : QStringLiteral(".png");
    if (!path.endsWith(suffix, Qt::CaseInsensitive))
        path += suffix;
    QString error;
    const bool ok =
        svg ? m_chart->exportSvg(path, QSize(), &error) : m_chart->exportPng(path, QSize(), &error);
    if (!ok) {
        QMessageBox box(QMessageBox::Warning, tr("Export failed"), error, QMessageBox::Ok, this);
        box.setTextFormat(Qt::PlainText); // names the path
        box.exec();
    }
}

void PerfPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange) {
        const bool dark = isDarkPalette(palette());
        m_model->setDark(dark);
        m_chart->setDark(dark);
    }
    QWidget::changeEvent(event);
}

} // namespace tilelens::gui::panels
