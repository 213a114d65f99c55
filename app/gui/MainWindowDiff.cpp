// MainWindow: the IR diff side — applying the session's diff to the IR
// panes, the verdict in the status bar, divergence selection and the links
// between IR ops and Python / Rust lines. (Split from MainWindow.cpp to keep
// files short.)

#include "AlignedIrView.h"
#include "DivergenceFilterModel.h"
#include "DivergenceNavigator.h"
#include "MainWindow.h"
#include "MainWindowPrivate.h"
#include "QsciHeaders.h"
#include "SeverityStyle.h"
#include "SourcePane.h"

#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <algorithm>

namespace tilelens::gui {
namespace {
using mainwindow::kLinkedSourceMarker;

// Python line range of an op's loc() link, when the snapshot has one.
std::vector<int> linkedIrLines(const std::vector<OpSourceLink>& links, const QString& fileName,
                               int sourceLine)
{
    std::vector<int> lines;
    for (const OpSourceLink& link : links)
        if (link.sourceLine == sourceLine && link.fileName == fileName)
            lines.push_back(link.irLine);
    return lines;
}

bool hasLinksTo(const std::vector<OpSourceLink>& links, const QString& fileName)
{
    return std::any_of(links.begin(), links.end(),
                       [&](const OpSourceLink& l) { return l.fileName == fileName; });
}

} // namespace

void MainWindow::onDiffChanged()
{
    const diff::DiffResult* result = m_session.diffResult();
    const QString summary = DivergenceNavigator::summaryText(m_session).toHtmlEscaped();
    if (!result) {
        m_verdictLabel->setText(summary);
        m_verdictLabel->setToolTip({});
    } else {
        const bool dark = EditorTheme::forPalette(palette()).dark;
        const QString verdict = gui::verdictLabel(result->verdict);
        m_verdictLabel->setText(QStringLiteral("<b style=\"color:%1\">%2</b>%3")
                                    .arg(verdictColor(result->verdict, dark).name(), verdict,
                                         summary.mid(verdict.size())));
        const ws::Variant* variant = m_session.currentVariant();
        m_verdictLabel->setToolTip(
            variant ? tr("IR verdict of the selected variant, computed by TileLens when it was "
                         "opened from\n%1\n%2")
                          .arg(QDir::toNativeSeparators(variant->referenceIr),
                               QDir::toNativeSeparators(variant->generatedIr))
                    : tr("IR verdict of the selected variant and its divergences"));
    }
    if (const auto snapshot = m_session.diff(); snapshot && !snapshot->result) {
        QStringList lines;
        for (const Diagnostic& d : snapshot->diagnostics)
            lines << QString::fromStdString(d.format());
        m_verdictLabel->setToolTip(lines.join(QLatin1Char('\n')));
    }
    if (result && !m_restoreDivergence.isEmpty()) {
        const std::string id = m_restoreDivergence.toStdString();
        m_restoreDivergence.clear();
        for (size_t i = 0; i < result->divergences.size(); ++i)
            if (result->divergences[i].id == id)
                m_session.selectDivergence(static_cast<int>(i));
    }
    applyDiffIfReady();
    finishIfIdle();
}

void MainWindow::applyDiffIfReady()
{
    const auto snapshot = m_session.diff();
    if (!snapshot || m_diffApplied || m_sourcesPending)
        return;
    // Only the panes of the snapshot's files can be decorated.
    if (pane(SourceRole::ReferenceIr)->path() != snapshot->referencePath ||
        pane(SourceRole::GeneratedIr)->path() != snapshot->generatedPath)
        return;
    m_diffApplied = true;
    m_aligned->setSnapshot(snapshot);
    if (m_session.currentDivergence() >= 0) // selected (restored) before the panes were ready
        onCurrentDivergenceChanged(m_session.currentDivergence());
}

void MainWindow::setSeverityHidden(int severity, bool hidden)
{
    m_navigator->filter()->setSeverityHidden(severity, hidden);
    m_aligned->setSeverityHidden(severity, hidden);
    // The selection may now be filtered out: keep it only while visible.
    if (m_navigator->filter()->rowOf(m_session.currentDivergence()) < 0)
        m_session.selectDivergence(-1);
}

void MainWindow::onCurrentDivergenceChanged(int index)
{
    m_aligned->showDivergence(index);
    const diff::DiffResult* result = m_session.diffResult();
    const ws::Kernel* kernel = m_session.currentKernel();
    const ws::Variant* variant = m_session.currentVariant();
    if (!result || !kernel || !variant || index < 0) {
        setLinkedLines(SourceRole::ReferencePython, 0, 0);
        setLinkedLines(SourceRole::GeneratedRust, 0, 0);
        return;
    }
    const diff::Divergence& d = result->divergences[static_cast<size_t>(index)];
    const auto snapshot = m_session.diff();

    // Python: the reference op's loc() when it has one, else the kernel function.
    int pyFirst = variant->pythonFirstLine;
    int pyLast = variant->pythonLastLine;
    const QString pyName = QFileInfo(kernel->pythonSource).fileName();
    if (d.reference)
        for (const OpSourceLink& link : snapshot->referenceLinks)
            if (link.irLine == d.reference->line && link.fileName == pyName)
                pyFirst = pyLast = link.sourceLine;
    setLinkedLines(SourceRole::ReferencePython, pyFirst, pyLast);

    // Rust: the generated op's loc() in kernel.rs, else the variant's entry line.
    int rsLine = 0;
    const QString rsName = QFileInfo(kernel->rustKernel).fileName();
    if (d.generated)
        for (const OpSourceLink& link : snapshot->generatedLinks)
            if (link.irLine == d.generated->line && link.fileName == rsName)
                rsLine = link.sourceLine;
    if (rsLine == 0)
        for (const ws::RustEntry& entry : kernel->entries)
            if (variant->rustEntries.contains(entry.name)) {
                rsLine = entry.line;
                break;
            }
    setLinkedLines(SourceRole::GeneratedRust, rsLine, rsLine);
}

void MainWindow::setLinkedLines(SourceRole role, int first, int last)
{
    SourcePane* p = pane(role);
    QsciScintilla* e = p->editor();
    e->markerDeleteAll(kLinkedSourceMarker);
    if (first <= 0)
        return;
    for (int line = first; line <= std::max(first, last) && line <= e->lines(); ++line)
        e->markerAdd(line - 1, kLinkedSourceMarker);
    p->revealLine(first);
}

std::vector<int> MainWindow::linkedSourceLines(SourceRole role) const
{
    std::vector<int> lines;
    QsciScintilla* e = pane(role)->editor();
    const unsigned long mask = 1UL << kLinkedSourceMarker;
    long line = e->SendScintilla(QsciScintillaBase::SCI_MARKERNEXT, 0UL, static_cast<long>(mask));
    while (line >= 0) {
        lines.push_back(static_cast<int>(line) + 1);
        line = e->SendScintilla(QsciScintillaBase::SCI_MARKERNEXT,
                                static_cast<unsigned long>(line + 1), static_cast<long>(mask));
    }
    return lines;
}

void MainWindow::linkSourceLine(SourceRole role, int line)
{
    const auto snapshot = m_session.diff();
    const ws::Kernel* kernel = m_session.currentKernel();
    const ws::Variant* variant = m_session.currentVariant();
    if (!snapshot || !snapshot->result || !kernel || !variant) {
        m_aligned->highlightOpLines({}, {});
        return;
    }
    const bool python = role == SourceRole::ReferencePython;
    const QString fileName =
        QFileInfo(python ? kernel->pythonSource : kernel->rustKernel).fileName();
    std::vector<int> ref = linkedIrLines(snapshot->referenceLinks, fileName, line);
    std::vector<int> gen = linkedIrLines(snapshot->generatedLinks, fileName, line);
    const bool anyLoc = hasLinksTo(snapshot->referenceLinks, fileName) ||
                        hasLinksTo(snapshot->generatedLinks, fileName);
    if (!anyLoc) {
        // No loc() to this file: a line of the variant's kernel function (or
        // Rust entry) stands for every op of the compared entry functions.
        bool inside = false;
        if (python) {
            inside = line >= variant->pythonFirstLine && line <= variant->pythonLastLine &&
                     variant->pythonFirstLine > 0;
        } else {
            // An entry runs from its `fn` line to the next entry (or the end).
            std::vector<ws::RustEntry> entries = kernel->entries;
            std::sort(
                entries.begin(), entries.end(),
                [](const ws::RustEntry& a, const ws::RustEntry& b) { return a.line < b.line; });
            for (size_t i = 0; i < entries.size(); ++i) {
                const int end = i + 1 < entries.size() ? entries[i + 1].line - 1 : INT32_MAX;
                if (line >= entries[i].line && line <= end)
                    inside = variant->rustEntries.contains(entries[i].name);
            }
        }
        if (inside) {
            ref = snapshot->opLines(true);
            gen = snapshot->opLines(false);
        }
    }
    m_aligned->highlightOpLines(ref, gen);
}

} // namespace tilelens::gui
