#include "panels/ProfileCommandDialog.h"

#include "panels/ProfileJob.h"

#include <QDialogButtonBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace tilelens::gui::panels {

ProfileCommandDialog::ProfileCommandDialog(const QString& defaultOutDir, QWidget* parent)
    : QDialog(parent), m_job(new ProfileJob(this)), m_library(ProfileJob::findCuptiLibrary())
{
    setWindowTitle(tr("Profile command"));
    m_baseCmd = new QLineEdit(this);
    m_baseCmd->setPlaceholderText(tr("e.g. python3 bench.py --backend torch"));
    m_baseLabel = new QLineEdit(QStringLiteral("baseline"), this);
    m_candCmd = new QLineEdit(this);
    m_candCmd->setPlaceholderText(tr("e.g. python3 bench.py --backend triton"));
    m_candLabel = new QLineEdit(QStringLiteral("candidate"), this);
    m_runs = new QSpinBox(this);
    m_runs->setRange(1, 100);
    m_runs->setValue(4);
    m_runs->setToolTip(tr("Runs per command; the best run's median counts (best of N)."));
    m_outDir = new QLineEdit(defaultOutDir, this);
    m_availability = new QLabel(this);
    m_availability->setWordWrap(true);
    m_availability->setTextFormat(Qt::PlainText);
    m_log = new QPlainTextEdit(this);
    m_log->setReadOnly(true);
    m_log->setMaximumBlockCount(5000);

    auto* form = new QFormLayout;
    form->addRow(tr("Baseline command:"), m_baseCmd);
    form->addRow(tr("Baseline label:"), m_baseLabel);
    form->addRow(tr("Candidate command:"), m_candCmd);
    form->addRow(tr("Candidate label:"), m_candLabel);
    form->addRow(tr("Runs:"), m_runs);
    form->addRow(tr("Output folder:"), m_outDir);

    auto* buttons = new QDialogButtonBox(this);
    m_run = buttons->addButton(tr("&Run"), QDialogButtonBox::ActionRole);
    m_cancel = buttons->addButton(tr("&Cancel run"), QDialogButtonBox::ActionRole);
    m_cancel->setEnabled(false);
    buttons->addButton(QDialogButtonBox::Close);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_availability);
    layout->addWidget(m_log, 1);
    layout->addWidget(buttons);

    const QString reason = ProfileJob::unavailableReason(m_library);
    if (reason.isEmpty()) {
        m_availability->setText(tr("Injection library: %1").arg(m_library));
    } else {
        m_availability->setText(tr("Profiling is not possible here: %1").arg(reason));
        m_availability->setStyleSheet(QStringLiteral("color: #c62828;"));
        m_run->setEnabled(false);
    }

    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_run, &QPushButton::clicked, this, [this] { startProfile(); });
    connect(m_cancel, &QPushButton::clicked, m_job, &ProfileJob::cancel);
    connect(m_job, &ProfileJob::logLine, m_log, &QPlainTextEdit::appendPlainText);
    connect(m_job, &ProfileJob::sideUpdated, this, [this] {
        const QString b = m_job->profilePath(0), c = m_job->profilePath(1);
        Q_EMIT profilesUpdated(QFileInfo::exists(b) ? b : QString(),
                               QFileInfo::exists(c) ? c : QString());
    });
    connect(m_job, &ProfileJob::finished, this, [this](bool, const QString& message) {
        m_log->appendPlainText(message);
        m_run->setEnabled(true);
        m_cancel->setEnabled(false);
    });
}

QString ProfileCommandDialog::availabilityText() const
{
    return m_availability->text();
}

void ProfileCommandDialog::setCommands(const QString& baseline, const QString& candidate)
{
    m_baseCmd->setText(baseline);
    m_candCmd->setText(candidate);
}

bool ProfileCommandDialog::startProfile()
{
    const QString reason = ProfileJob::unavailableReason(m_library);
    if (!reason.isEmpty()) {
        m_log->appendPlainText(tr("Not started: %1").arg(reason));
        return false;
    }
    ProfileJob::Side base{m_baseLabel->text().trimmed(), QProcess::splitCommand(m_baseCmd->text())};
    ProfileJob::Side cand{m_candLabel->text().trimmed(), QProcess::splitCommand(m_candCmd->text())};
    QString error;
    if (!m_job->start(base, cand, m_runs->value(), m_outDir->text(), m_library, &error)) {
        m_log->appendPlainText(tr("Not started: %1").arg(error));
        return false;
    }
    m_run->setEnabled(false);
    m_cancel->setEnabled(true);
    return true;
}

} // namespace tilelens::gui::panels
