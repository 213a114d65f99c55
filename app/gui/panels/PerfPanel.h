#pragma once
// The perf panel: per-configuration comparison (baseline ms, candidate ms,
// ratio, verdict; NA for unmatched) of the current kernel's tilegym logs
// (KernelPerf) or of two CUPTI profile JSON files, with the profile's
// kernels per configuration as child rows, a summary line (geomean,
// interval, severity, verdict) and a bar chart of the ratios (PerfChart).
// "Profile command…" measures two commands live (ProfileCommandDialog).

#include "perf/PerfComparison.h"
#include "pipeline/ProfiledRun.h"

#include <QWidget>
#include <optional>

class QComboBox;
class QLabel;
class QPushButton;
class QTreeView;

namespace tilelens::gui {
class InspectorSession;
}

namespace tilelens::gui::panels {

class PerfChart;
class PerfTreeModel;
class ProfileCommandDialog;

class PerfPanel : public QWidget
{
    Q_OBJECT
public:
    enum class Source
    {
        KernelLogs,
        Profiles
    };

    PerfPanel(InspectorSession* session, QWidget* parent = nullptr);

    // Shows the current kernel's tilegym logs (the default; follows the session).
    void showKernelLogs();
    // Pairs two profile JSON files (either may be empty while a live profile
    // has measured one side only). False when neither could be read.
    bool loadProfiles(const QString& baselineJson, const QString& candidateJson);
    // A profiled stage run (stage E through the stage runner, StagePanel's
    // profiledRunUpdated): its profile so far against its baseline (profile
    // JSON or tilegym logs), with the run count and why no device time came.
    void showProfiledRun(const tilelens::pipeline::ProfiledRunUpdate& update);

    Source source() const { return m_source; }
    const perf::PerfComparison& comparison() const;
    PerfTreeModel* model() const { return m_model; }
    QTreeView* tree() const { return m_tree; }
    PerfChart* chart() const { return m_chart; }
    QString summaryText() const;

    // The "Profile command…" dialog (created on first use, non-modal).
    ProfileCommandDialog* profileDialog();

protected:
    void changeEvent(QEvent* event) override;

private:
    void followSession();
    void setSummary(const perf::PerfComparison& c, const QString& what,
                    const QStringList& problems);
    void openProfiles();
    void exportChart(bool svg);

    InspectorSession* m_session;
    Source m_source = Source::KernelLogs;
    QComboBox* m_sourceBox;
    QLabel* m_summary;
    QTreeView* m_tree;
    PerfTreeModel* m_model;
    PerfChart* m_chart;
    QPushButton* m_openProfiles;
    QPushButton* m_profileCmd;
    QPushButton* m_exportPng;
    QPushButton* m_exportSvg;
    ProfileCommandDialog* m_dialog = nullptr;
    QString m_baselineJson;
    QString m_candidateJson;
    std::optional<pipeline::ProfiledRunUpdate> m_profiledRun; // the last one shown
};

} // namespace tilelens::gui::panels
