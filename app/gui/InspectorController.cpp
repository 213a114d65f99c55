#include "InspectorController.h"

#include "AlignedIrView.h"
#include "AppSettings.h"
#include "DivergenceNavigator.h"
#include "FindBar.h"
#include "MainWindow.h"
#include "OverviewRuler.h"
#include "PlainText.h"
#include "QsciHeaders.h"
#include "SeverityStyle.h"
#include "SourcePane.h"
#include "common/WorkerPool.h"
#include "diff/ReportWriters.h"
#include "pair/HtmlExport.h"
#include "pair/VariantPair.h"
#include "pipeline/CheckoutIrStages.h"

#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QMainWindow>
#include <QMessageBox>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QVBoxLayout>
#include <algorithm>

// The window's texts keep their translation context (MainWindow::tr).

namespace tilelens::gui {
namespace {

// What a landed port of a checkout shows where its IR is not produced yet: the stage that
// makes it and where it goes.
QString checkoutIrHint(const ws::Kernel& kernel, const ws::Variant& variant, SourceRole role)
{
    const QString entry =
        variant.rustEntries.isEmpty() ? variant.name : variant.rustEntries.front();
    const QString folder = QStringLiteral(".tilelens/ir/%1/%2/").arg(kernel.name, entry);
    if (role == SourceRole::ReferenceIr) {
        if (variant.kernelFunction.isEmpty())
            return MainWindow::tr("No reference IR: %1 has no paired Python kernel. Pair it "
                                  "with tilelens-cli kernels --pair %2/%1=FUNCTION.")
                .arg(entry, kernel.name);
        return MainWindow::tr("No reference IR yet. The stage %1 (Stages dock, Rerun) runs the "
                              "op's test with cuTile Python and CUDA_TILE_DUMP_BYTECODE and keeps "
                              "the bytecode of %2 in %3.")
            .arg(pipeline::checkoutRefStageId(kernel.name, entry), variant.kernelFunction, folder);
    }
    return MainWindow::tr("No generated IR yet. The stage %1 (Stages dock, Rerun) compiles %2 "
                          "with the cuTile Rust compiler into %3.")
        .arg(pipeline::checkoutGenStageId(kernel.name, entry), entry, folder);
}

QWidget* rowOf(QWidget* content, int trailingSpace, QWidget* trailing = nullptr)
{
    auto* row = new QWidget;
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(content, 1);
    if (trailing)
        layout->addWidget(trailing);
    else
        layout->addSpacing(trailingSpace);
    return row;
}

} // namespace

InspectorController::InspectorController(QMainWindow& window, InspectorSession& session)
    : QObject(&window), m_window(window), m_session(session), m_sources(this, workerPool()),
      m_export(this, workerPool(), JobPolicy::Parallel)
{
    buildPanes();
    m_findBar = new FindBar;
    m_page = new QWidget;
    auto* pageLayout = new QVBoxLayout(m_page);
    pageLayout->setContentsMargins(0, 0, 0, 0);
    pageLayout->setSpacing(0);
    pageLayout->addWidget(buildRows(), 1);
    pageLayout->addWidget(m_findBar);
    m_lastEditor = pane(SourceRole::ReferenceIr)->editor();
    for (SourcePane* p : m_panes) {
        p->editor()->setAccessibleName(SourcePane::roleName(p->role()));
        showEditorFocus(p->editor(), false);
    }
    m_ruler->setAccessibleName(MainWindow::tr("Divergence overview"));
    connect(qApp, &QApplication::focusChanged, this, [this](QWidget* old, QWidget* now) {
        for (SourcePane* p : m_panes) {
            if (now == p->editor())
                m_lastEditor = p->editor();
            if (now == p->editor() || old == p->editor())
                showEditorFocus(p->editor(), now == p->editor());
        }
    });
    m_verdictLabel = new QLabel(&window);
    m_verdictLabel->setObjectName(QStringLiteral("verdictLabel"));
    m_verdictLabel->setTextFormat(Qt::RichText);
}

void InspectorController::buildPanes()
{
    for (int i = 0; i < kSourceRoleCount; ++i) {
        m_panes[static_cast<size_t>(i)] = new SourcePane(static_cast<SourceRole>(i));
        connect(m_panes[static_cast<size_t>(i)], &SourcePane::sourceShown, this,
                &InspectorController::onPaneShown);
    }
    // The overview ruler sits right of the IR pair.
    m_ruler = new OverviewRuler;
    m_aligned = new AlignedIrView(pane(SourceRole::ReferenceIr), pane(SourceRole::GeneratedIr),
                                  m_ruler, this);
    connect(m_aligned, &AlignedIrView::divergenceClicked, &m_session,
            &InspectorSession::selectDivergence);
    connect(m_aligned, &AlignedIrView::decorated, this, &InspectorController::busyChanged);
}

QWidget* InspectorController::buildRows()
{
    m_topSplitter = new QSplitter(Qt::Horizontal);
    m_topSplitter->setObjectName(QStringLiteral("topSplitter"));
    m_topSplitter->addWidget(pane(SourceRole::ReferencePython));
    m_topSplitter->addWidget(pane(SourceRole::GeneratedRust));
    m_bottomSplitter = new QSplitter(Qt::Horizontal);
    m_bottomSplitter->setObjectName(QStringLiteral("bottomSplitter"));
    m_bottomSplitter->addWidget(pane(SourceRole::ReferenceIr));
    m_bottomSplitter->addWidget(pane(SourceRole::GeneratedIr));
    // An equally wide spacer right of the source pair keeps the two rows' columns aligned.
    QWidget* bottomRow = rowOf(m_bottomSplitter, 0, m_ruler);
    QWidget* topRow = rowOf(m_topSplitter, m_ruler->width());

    // Keep the two pairs' columns aligned: moving one handle moves the other.
    connect(m_topSplitter, &QSplitter::splitterMoved, this,
            [this] { m_bottomSplitter->setSizes(m_topSplitter->sizes()); });
    connect(m_bottomSplitter, &QSplitter::splitterMoved, this,
            [this] { m_topSplitter->setSizes(m_bottomSplitter->sizes()); });

    m_sourceSplitter = new QSplitter(Qt::Vertical);
    m_sourceSplitter->setObjectName(QStringLiteral("sourceSplitter"));
    m_sourceSplitter->addWidget(topRow);
    m_sourceSplitter->addWidget(bottomRow);
    for (QSplitter* s : {m_topSplitter, m_bottomSplitter, m_sourceSplitter}) {
        s->setChildrenCollapsible(false);
        s->setHandleWidth(5);
    }
    // Equal columns; the IR pair (long files) gets a little more height.
    m_topSplitter->setSizes({1, 1});
    m_bottomSplitter->setSizes({1, 1});
    m_sourceSplitter->setStretchFactor(0, 4);
    m_sourceSplitter->setStretchFactor(1, 5);
    return m_sourceSplitter;
}

bool InspectorController::isBusy() const
{
    return m_sourcesPending || m_session.isDiffPending() || (m_session.diff() && !m_diffApplied) ||
           m_aligned->isDecorating();
}

void InspectorController::onWorkspaceOpening()
{
    m_sources.cancel(); // whatever is loading belongs to the old workspace
    m_sourcesPending = false;
}

void InspectorController::setIrPairOnly(bool irPairOnly)
{
    m_irPairOnly = irPairOnly;
    m_sourceSplitter->widget(0)->setVisible(!irPairOnly);
}

void InspectorController::showMessageInPanes(const QString& message)
{
    m_aligned->setSnapshot(nullptr); // no diff: the overview ruler's ticks go too
    for (SourcePane* p : m_panes)
        p->showMessage({}, message);
}

void InspectorController::onSelectionChanged()
{
    const ws::Kernel* k = m_session.currentKernel();
    if (!k)
        return;
    const ws::Variant* v = m_session.currentVariant();
    // The Python and IR files `tilelens-cli kernels` reports for this variant (pair::variantPair).
    pair::VariantPair vp;
    vp.pythonFile = k->pythonSource; // a kernel without variants: its Python file still shows
    if (v)
        vp = pair::variantPair(*k, *v);
    const std::array<QString, kSourceRoleCount> paths = {vp.pythonFile, k->rustKernel,
                                                         vp.referenceIr, vp.generatedIr};
    m_diffApplied = false;
    m_aligned->setSnapshot(nullptr);
    Q_EMIT selectionLoading();
    for (int i = 0; i < kSourceRoleCount; ++i)
        m_panes[static_cast<size_t>(i)]->showLoading(paths[static_cast<size_t>(i)]);

    m_sourcesPending = true;
    PreparedDocuments documents;
    for (size_t i = 0; i < size_t(kSourceRoleCount); ++i)
        documents[i] = m_panes[i]->prepareDocument();
    // The IR panes show the text the session's analysis reads (queued before this task, so it
    // has started when this one waits for it).
    const PerSide<IrSideFuture> irSides = m_session.irSides();
    m_sources.start(
        [paths, documents, irSides](JobContext&) {
            return std::make_shared<const KernelSources>(
                loadKernelSources(paths, documents, irSides));
        },
        [this](const std::shared_ptr<const KernelSources>& sources) { applySources(*sources); });
}

void InspectorController::applySources(const KernelSources& sources)
{
    m_applyingSources = true;
    const ws::Kernel* kernel = m_session.currentKernel();
    const ws::Variant* variant = m_session.currentVariant();
    for (const LoadedSource& file : sources.files) {
        const bool ir =
            file.role == SourceRole::ReferenceIr || file.role == SourceRole::GeneratedIr;
        if (m_irPairOnly && !ir)
            pane(file.role)->showMessage({}, MainWindow::tr("No source for a two-file comparison"));
        else if (ir && file.path.isEmpty() && kernel && kernel->checkoutPort && variant)
            pane(file.role)->showMessage({}, checkoutIrHint(*kernel, *variant, file.role));
        else
            pane(file.role)->showSource(file);
    }
    m_applyingSources = false;
    onPaneShown();
}

void InspectorController::onPaneShown()
{
    // Done when every pane holds its whole text (big files fill in chunks).
    if (m_applyingSources || !m_sourcesPending)
        return;
    for (SourcePane* p : m_panes)
        if (p->isFilling())
            return;
    revealVariantSources();
    m_sourcesPending = false;
    Q_EMIT sourcesShown();
    applyDiffIfReady();
    Q_EMIT busyChanged();
}

void InspectorController::revealVariantSources()
{
    const ws::Kernel* kernel = m_session.currentKernel();
    const ws::Variant* variant = m_session.currentVariant();
    if (!kernel || !variant)
        return;
    pane(SourceRole::ReferencePython)->revealLine(pair::variantPair(*kernel, *variant).pythonLine);
    for (const ws::RustEntry& entry : kernel->entries) {
        if (variant->rustEntries.contains(entry.name)) {
            pane(SourceRole::GeneratedRust)->revealLine(entry.line);
            break;
        }
    }
}

void InspectorController::showVerdict(const diff::DiffResult* shown)
{
    const diff::DiffResult* result = m_session.diffResult();
    if (result && shown)
        result = shown;
    const QString summary = DivergenceNavigator::summaryText(m_session, result).toHtmlEscaped();
    if (!result) {
        m_verdictLabel->setText(summary);
        m_verdictLabel->setToolTip({});
    } else {
        const bool dark = EditorTheme::forPalette(m_window.palette()).dark;
        const QString verdict = gui::verdictLabel(result->verdict);
        m_verdictLabel->setText(QStringLiteral("<b style=\"color:%1\">%2</b>%3")
                                    .arg(verdictColor(result->verdict, dark).name(), verdict,
                                         summary.mid(verdict.size())));
        const ws::Variant* variant = m_session.currentVariant();
        m_verdictLabel->setToolTip(literalText(
            variant ? MainWindow::tr("IR verdict of the selected variant, computed by TileLens "
                                     "when it was opened from\n%1\n%2")
                          .arg(QDir::toNativeSeparators(variant->referenceIr),
                               QDir::toNativeSeparators(variant->generatedIr))
                    : MainWindow::tr("IR verdict of the selected variant and its divergences")));
    }
    if (const auto analysis = m_session.diff(); analysis && !analysis->result) {
        QStringList lines;
        for (Side s : kBothSides)
            for (const Diagnostic& d : analysis->sides[s].diagnostics)
                lines << QString::fromStdString(d.format());
        m_verdictLabel->setToolTip(literalText(lines.join(QLatin1Char('\n'))));
    }
}

void InspectorController::onDiffChanged()
{
    const diff::DiffResult* result = m_session.diffResult();
    showVerdict();
    if (result && !m_restoreDivergence.isEmpty()) {
        const std::string id = m_restoreDivergence.toStdString();
        m_restoreDivergence.clear();
        for (size_t i = 0; i < result->divergences.size(); ++i)
            if (result->divergences[i].id == id)
                m_session.selectDivergence(static_cast<int>(i));
    }
    applyDiffIfReady();
    Q_EMIT busyChanged();
}

void InspectorController::applyDiffIfReady()
{
    const auto analysis = m_session.diff();
    if (!analysis || m_diffApplied || m_sourcesPending)
        return;
    // Only the panes of the analysed files can be decorated.
    if (pane(SourceRole::ReferenceIr)->path().toStdString() != analysis->sides.reference().path ||
        pane(SourceRole::GeneratedIr)->path().toStdString() != analysis->sides.generated().path)
        return;
    m_diffApplied = true;
    m_aligned->setSnapshot(analysis);
    Q_EMIT diffApplied();
}

void InspectorController::exportDiffAsHtml(const QString& path)
{
    // The snapshot is shared, so a new diff replacing it meanwhile does not free it.
    const std::shared_ptr<const pair::PairAnalysis> snapshot = m_session.diff();
    m_export.start(
        [snapshot, path](JobContext&) {
            if (!snapshot || !snapshot->result)
                return MainWindow::tr("There is no IR diff to export yet.");
            // The page of the text the analysis read: nothing is read again.
            return QString::fromStdString(
                pair::exportHtml(*snapshot, path.toStdString(), {}, diff::kHtmlWriterApp));
        },
        [this, path](const QString& error) {
            if (!error.isEmpty()) {
                auto* box = new QMessageBox(QMessageBox::Warning, MainWindow::tr("Export failed"),
                                            error, QMessageBox::Ok, &m_window);
                box->setObjectName(QStringLiteral("exportErrorDialog"));
                box->setTextFormat(Qt::PlainText); // names the path
                box->setAttribute(Qt::WA_DeleteOnClose);
                box->open();
            } else {
                m_window.statusBar()->showMessage(MainWindow::tr("Diff exported as HTML to %1")
                                                      .arg(QDir::toNativeSeparators(path)));
            }
            Q_EMIT exportFinished(path, error);
        });
}

void InspectorController::askGoToLine()
{
    QsciScintilla* e = activeEditor();
    if (!e)
        return;
    bool ok = false;
    const int target =
        QInputDialog::getInt(&m_window, MainWindow::tr("Go to Line"),
                             MainWindow::tr("Line (1\u2013%1):").arg(e->lines()),
                             caretLine(e).toFile().number(), 1, std::max(1, e->lines()), 1, &ok);
    if (ok)
        goToLine(FileLine(target));
}

void InspectorController::goToLine(FileLine line)
{
    QsciScintilla* e = activeEditor();
    if (!e || !holdsLine(e, line))
        return;
    Q_EMIT inspectorWanted();
    const EditorLine at = line.toEditor();
    e->setCursorPosition(at.index(), 0);
    e->ensureLineVisible(at.index());
    e->setFocus();
}

void InspectorController::showEditorFocus(QsciScintilla* editor, bool focused) const
{
    // A frame in the highlight colour round the editor that has the keys (Scintilla alone only
    // shows a thin caret); the same width unfocused so the text does not move.
    const QColor color =
        focused ? m_window.palette().color(QPalette::Highlight) : QColor(Qt::transparent);
    editor->setStyleSheet(
        QStringLiteral("QsciScintilla { border: 2px solid %1; }").arg(color.name(QColor::HexArgb)));
}

void InspectorController::applyTheme(const EditorTheme& theme)
{
    for (SourcePane* p : m_panes)
        p->applyTheme(theme);
    m_aligned->applyTheme(theme);
}

void InspectorController::initColumns()
{
    if (m_columnsInitialized)
        return;
    m_columnsInitialized = true;
    // Two equal columns in both pairs, so reference and generated line up vertically.
    const int half = std::max(1, m_sourceSplitter->width() / 2);
    m_topSplitter->setSizes({half, half});
    m_bottomSplitter->setSizes({half, half});
}

void InspectorController::restoreSplitters(const QSettings& settings)
{
    m_sourceSplitter->restoreState(settings.value(settings::sourceSplitterKey).toByteArray());
    if (m_topSplitter->restoreState(settings.value(settings::topSplitterKey).toByteArray()) &&
        m_bottomSplitter->restoreState(settings.value(settings::bottomSplitterKey).toByteArray()))
        m_columnsInitialized = true;
}

void InspectorController::saveSplitters(QSettings& settings) const
{
    // A two-file comparison hides the source row: the last workspace's heights stay saved.
    if (!m_irPairOnly)
        settings.setValue(settings::sourceSplitterKey, m_sourceSplitter->saveState());
    settings.setValue(settings::topSplitterKey, m_topSplitter->saveState());
    settings.setValue(settings::bottomSplitterKey, m_bottomSplitter->saveState());
}

} // namespace tilelens::gui
