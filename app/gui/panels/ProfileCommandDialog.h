#pragma once
// "Profile command…": two commands (baseline and candidate) measured with
// the CUPTI injection library N times each (ProfileJob). Says up front when
// the library or a GPU is missing instead of failing silently; streams the
// commands' output; emits the profile JSON paths after every run.

#include <QDialog>

class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;

namespace tilelens::gui::panels {

class ProfileJob;

class ProfileCommandDialog : public QDialog
{
    Q_OBJECT
public:
    explicit ProfileCommandDialog(const QString& defaultOutDir, QWidget* parent = nullptr);

    // The availability line ("" when profiling can work here).
    QString availabilityText() const;
    ProfileJob* job() const { return m_job; }

    void setCommands(const QString& baseline, const QString& candidate);
    // Starts the job (what the Run button does); false with the reason shown.
    bool startProfile();

Q_SIGNALS:
    void profilesUpdated(const QString& baselineJson, const QString& candidateJson);

private:
    QLineEdit* m_baseCmd;
    QLineEdit* m_baseLabel;
    QLineEdit* m_candCmd;
    QLineEdit* m_candLabel;
    QSpinBox* m_runs;
    QLineEdit* m_outDir;
    QLabel* m_availability;
    QPlainTextEdit* m_log;
    QPushButton* m_run;
    QPushButton* m_cancel;
    ProfileJob* m_job;
    QString m_library;
};

} // namespace tilelens::gui::panels
