#pragma once
// Bar chart of the per-configuration ratios (candidate / baseline) with the
// geomean as a line, the severity bands (1.05 / 1.10 / 1.50) and the
// bootstrap interval of the geomean as a shaded strip. Bars above the "done"
// threshold are drawn in the warning colour. Exports as PNG and SVG.

#include "perf/PerfComparison.h"

#include <QWidget>

class QLabel;

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
QT_END_NAMESPACE

namespace tilelens::gui::panels {

class PerfChart : public QWidget
{
    Q_OBJECT
public:
    explicit PerfChart(QWidget* parent = nullptr);

    void setComparison(const perf::PerfComparison& comparison,
                       const perf::PerfThresholds& thresholds = perf::PerfThresholds());
    void setTitle(const QString& title);
    void setDark(bool dark);

    // Number of bars (matched configurations) currently drawn.
    int barCount() const { return m_bars; }

    // Renders the chart at `size` (default: its current size). False + message on error.
    bool exportPng(const QString& path, QSize size = QSize(), QString* error = nullptr) const;
    bool exportSvg(const QString& path, QSize size = QSize(), QString* error = nullptr) const;

    QChartView* view() const { return m_view; }

private:
    void rebuild();
    QChart* buildChart() const; // a new chart of the current data (caller owns it)

    QChartView* m_view;
    perf::PerfComparison m_comparison;
    perf::PerfThresholds m_thresholds;
    QString m_title;
    bool m_dark = false;
    int m_bars = 0;
};

} // namespace tilelens::gui::panels
