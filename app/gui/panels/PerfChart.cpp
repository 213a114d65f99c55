#include "panels/PerfChart.h"

#include "panels/StatusStyle.h"

#include <QAreaSeries>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QFontMetrics>
#include <QImage>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPainter>
#include <QSvgGenerator>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

namespace tilelens::gui::panels {
namespace {

// Without an owner the series is for QChart::addSeries, which takes it.
QLineSeries* horizontal(double y, double x0, double x1, QObject* owner = nullptr)
{
    auto* s = new QLineSeries(owner);
    s->append(x0, y);
    s->append(x1, y);
    return s;
}

QAreaSeries* band(double y0, double y1, double x0, double x1, const QColor& color,
                  const QString& name)
{
    // An area series does not own its boundary lines (the chart owns only
    // the series added to it): they are the area's children, deleted with it.
    auto* area = new QAreaSeries;
    area->setUpperSeries(horizontal(y1, x0, x1, area));
    area->setLowerSeries(horizontal(y0, x0, x1, area));
    area->setName(name);
    area->setColor(color);
    area->setBorderColor(Qt::transparent);
    return area;
}

} // namespace

PerfChart::PerfChart(QWidget* parent) : QWidget(parent), m_view(new QChartView(this))
{
    m_view->setRenderHint(QPainter::Antialiasing);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    rebuild();
}

void PerfChart::setComparison(const perf::PerfComparison& comparison,
                              const perf::PerfThresholds& thresholds)
{
    m_comparison = comparison;
    m_thresholds = thresholds;
    rebuild();
}

void PerfChart::setTitle(const QString& title)
{
    m_title = title;
    rebuild();
}

void PerfChart::setDark(bool dark)
{
    if (dark == m_dark)
        return;
    m_dark = dark;
    rebuild();
}

void PerfChart::rebuild()
{
    QChart* old = m_view->chart();
    m_view->setChart(buildChart());
    delete old; // setChart does not delete the previous chart
    m_bars = 0;
    for (const perf::PairedConfig& r : m_comparison.rows)
        if (r.ratio)
            ++m_bars;
}

QChart* PerfChart::buildChart() const
{
    auto* chart = new QChart;
    chart->setTheme(m_dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    chart->setAnimationOptions(QChart::NoAnimation);
    // Beside the plot: the dock is wide and short, height is what the plot lacks.
    chart->legend()->setAlignment(Qt::AlignRight);
    if (m_dark)
        chart->setBackgroundBrush(QColor(0x23, 0x26, 0x2b));

    QStringList categories;
    auto* set = new QBarSet(tr("ratio"));
    QList<int> over;
    double lo = 1.0, hi = 1.0;
    for (const perf::PairedConfig& r : m_comparison.rows) {
        if (!r.ratio)
            continue;
        // Qt Charts draws titles and axis labels as HTML: a configuration named in a log or
        // profile ("<img src=...>") is shown as written.
        categories << r.configId.toHtmlEscaped();
        if (*r.ratio > m_thresholds.done)
            over << int(set->count());
        set->append(*r.ratio);
        // An infinite ratio (a time overflowed) has no place on the axis.
        if (std::isfinite(*r.ratio)) {
            lo = std::min(lo, *r.ratio);
            hi = std::max(hi, *r.ratio);
        }
    }
    const int n = int(categories.size());
    QString title = m_title.isEmpty() ? tr("Ratio per configuration") : m_title;
    if (n == 0)
        title += tr(" — no matched configuration");
    chart->setTitle(title.toHtmlEscaped()); // it names the kernel: input text

    // Y range: bars start at the axis minimum, so the differences near 1.0 stay visible;
    // the 1.50 band is always in view.
    if (m_comparison.interval) {
        lo = std::min(lo, m_comparison.interval->low);
        hi = std::max(hi, m_comparison.interval->high);
    }
    const double yMin = std::max(0.0, std::floor((std::min(lo, 0.95) - 0.05) * 20.0) / 20.0);
    const double yMax = std::ceil((std::max(hi * 1.05, m_thresholds.moderate + 0.1)) * 20.0) / 20.0;
    const double x0 = -0.5, x1 = std::max(n, 1) - 0.5;

    auto* axisY = new QValueAxis;
    axisY->setRange(yMin, yMax);
    axisY->setTitleText(tr("ratio"));
    axisY->setLabelFormat(QStringLiteral("%.2f"));
    // Counted in double: a ratio from hostile times (1e300 ms over 1e-300 ms) is no int.
    const double steps = std::round((yMax - yMin) / 0.1);
    const int ticks = steps >= 0.0 && steps < 8.0 ? int(steps) + 1 : 9;
    axisY->setTickCount(ticks);
    auto* axisBars = new QBarCategoryAxis;
    axisBars->append(categories.isEmpty() ? QStringList{QStringLiteral(" ")} : categories);
    QString longest;
    for (const QString& c : categories)
        if (c.size() > longest.size())
            longest = c;
    // Fit the labels to the plot as laid out: Qt Charts elides a value label to "…" when
    // the ticks are closer than a line, and a category label when wider than its bar's slot.
    const QFontMetrics labelMetrics(axisBars->labelsFont());
    QObject::connect(chart, &QChart::plotAreaChanged, chart, [=](const QRectF& plot) {
        const int fit = std::max(2, int(plot.height() / (labelMetrics.height() * 1.6)) + 1);
        if (axisY->tickCount() != std::min(ticks, fit))
            axisY->setTickCount(std::min(ticks, fit));
        const bool slant = n > 0 && labelMetrics.horizontalAdvance(longest) + 32 > plot.width() / n;
        if ((axisBars->labelsAngle() != 0) != slant)
            axisBars->setLabelsAngle(slant ? -30 : 0);
    });
    auto* axisX = new QValueAxis; // hidden twin of the category axis for lines and bands
    axisX->setRange(x0, x1);
    axisX->setVisible(false);
    chart->addAxis(axisY, Qt::AlignLeft);
    chart->addAxis(axisBars, Qt::AlignBottom);
    chart->addAxis(axisX, Qt::AlignBottom);

    const auto attach = [&](QAbstractSeries* s, QAbstractAxis* x) {
        chart->addSeries(s);
        s->attachAxis(x);
        s->attachAxis(axisY);
    };
    // Series are painted in the order added: bands, interval, bars, then lines.
    const int alpha = m_dark ? 45 : 50;
    QColor mild = statusColor(QStringLiteral("notes"), m_dark),
           moderate = statusColor(QStringLiteral("warn"), m_dark),
           large = statusColor(QStringLiteral("fail"), m_dark);
    mild.setAlpha(alpha);
    moderate.setAlpha(alpha);
    large.setAlpha(alpha);
    attach(band(m_thresholds.done, m_thresholds.mild, x0, x1, mild,
                tr("mild ≤%1").arg(m_thresholds.mild, 0, 'f', 2)),
           axisX);
    attach(band(m_thresholds.mild, m_thresholds.moderate, x0, x1, moderate,
                tr("moderate ≤%1").arg(m_thresholds.moderate, 0, 'f', 2)),
           axisX);
    attach(band(m_thresholds.moderate, yMax, x0, x1, large,
                tr("large >%1").arg(m_thresholds.moderate, 0, 'f', 2)),
           axisX);
    if (m_comparison.interval) {
        QColor c = m_dark ? QColor(0xb0, 0x8c, 0xff) : QColor(0x6a, 0x3d, 0xc8);
        c.setAlpha(m_dark ? 80 : 60);
        attach(band(m_comparison.interval->low, m_comparison.interval->high, x0, x1, c,
                    tr("%1% CI %2–%3")
                        .arg(int(std::round(m_comparison.interval->level * 100)))
                        .arg(m_comparison.interval->low, 0, 'f', 3)
                        .arg(m_comparison.interval->high, 0, 'f', 3)),
               axisX);
    }

    auto* bars = new QBarSeries;
    const QColor barColor = statusColor(QStringLiteral("running"), m_dark);
    set->setColor(barColor);
    set->setBorderColor(barColor.darker(120));
    set->setSelectedColor(statusColor(QStringLiteral("fail"), m_dark));
    set->selectBars(over);
    bars->append(set);
    bars->setBarWidth(0.6);
    attach(bars, axisBars);

    auto* parity = horizontal(1.0, x0, x1);
    parity->setPen(
        QPen(m_dark ? QColor(0xc0, 0xc0, 0xc0) : QColor(0x40, 0x40, 0x40), 1.0, Qt::DotLine));
    parity->setName(QStringLiteral("1.00"));
    attach(parity, axisX);
    if (m_comparison.geomean) {
        auto* g = horizontal(*m_comparison.geomean, x0, x1);
        g->setPen(
            QPen(m_dark ? QColor(0xd8, 0xb4, 0xff) : QColor(0x4b, 0x1f, 0xa0), 2.5, Qt::DashLine));
        g->setName(tr("geomean %1").arg(*m_comparison.geomean, 0, 'f', 3));
        attach(g, axisX);
    }
    // The parity line needs no legend entry.
    const QList<QLegendMarker*> markers = chart->legend()->markers(parity);
    for (QLegendMarker* m : markers)
        m->setVisible(false);
    return chart;
}

namespace {

bool ensureParent(const QString& path, QString* error)
{
    const QString dir = QFileInfo(path).absolutePath();
    if (QDir().mkpath(dir))
        return true;
    if (error)
        *error = PerfChart::tr("Cannot create the folder %1.").arg(dir);
    return false;
}

} // namespace

bool PerfChart::exportPng(const QString& path, QSize size, QString* error) const
{
    if (!ensureParent(path, error))
        return false;
    if (!size.isValid() || size.isEmpty())
        size = m_view->size().expandedTo(QSize(640, 400));
    QChartView view(buildChart());
    view.setRenderHint(QPainter::Antialiasing);
    view.setAttribute(Qt::WA_DontShowOnScreen);
    view.resize(size);
    view.show();
    QCoreApplication::processEvents(); // lets the chart lay out at the new size
    QImage image(size, QImage::Format_ARGB32);
    image.fill(m_dark ? QColor(0x23, 0x26, 0x2b) : QColor(Qt::white));
    {
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        view.render(&painter);
    }
    if (!image.save(path, "PNG")) {
        if (error)
            *error = tr("Cannot write %1.").arg(path);
        return false;
    }
    return true;
}

bool PerfChart::exportSvg(const QString& path, QSize size, QString* error) const
{
    if (!ensureParent(path, error))
        return false;
    if (!size.isValid() || size.isEmpty())
        size = m_view->size().expandedTo(QSize(640, 400));
    QChartView view(buildChart());
    view.setAttribute(Qt::WA_DontShowOnScreen);
    view.resize(size);
    view.show();
    QCoreApplication::processEvents();
    QSvgGenerator svg;
    svg.setFileName(path);
    svg.setSize(size);
    svg.setViewBox(QRect(QPoint(0, 0), size));
    // QSvgGenerator writes the title into the <title> element unescaped.
    svg.setTitle((m_title.isEmpty() ? tr("Ratio per configuration") : m_title).toHtmlEscaped());
    svg.setDescription(tr("TileLens perf comparison"));
    {
        QPainter painter;
        if (!painter.begin(&svg)) {
            if (error)
                *error = tr("Cannot write %1.").arg(path);
            return false;
        }
        view.render(&painter);
    }
    if (!QFileInfo(path).isFile() || QFileInfo(path).size() == 0) {
        if (error)
            *error = tr("Cannot write %1.").arg(path);
        return false;
    }
    return true;
}

} // namespace tilelens::gui::panels
