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
using mainwindow::kInferredSourceMarker;
using mainwindow::kLinkedSourceMarker;

// IR op lines linked to \a sourceLine of \a fileName.
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

// The link of the op on 1-based \a irLine into \a fileName, or nullptr.
const OpSourceLink* linkOf(const std::vector<OpSourceLink>& links, int irLine,
                           const QString& fileName)
{
    for (const OpSourceLink& link : links)
        if (link.irLine == irLine && link.fileName == fileName)
            return &link;
    return nullptr;
}

// The other side's op lines on the same aligned rows as \a lines.
std::vector<int> partnerLines(const DiffSnapshot& snapshot, const std::vector<int>& lines,
                              bool fromReference)
{
    std::vector<int> out;
    if (!snapshot.result || lines.empty())
        return out;
    for (const diff::FunctionDiff& f : snapshot.result->functions)
        for (const diff::AlignedRow& row : f.rows) {
            const auto& from = fromReference ? row.reference : row.generated;
            const auto& to = fromReference ? row.generated : row.reference;
            if (from && to && to->line > 0 &&
                std::find(lines.begin(), lines.end(), from->line) != lines.end())
                out.push_back(to->line);
        }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

int partnerLine(const DiffSnapshot& snapshot, int line, bool fromReference)
{
    const std::vector<int> partners = partnerLines(snapshot, {line}, fromReference);
    return partners.empty() ? 0 : partners.front();
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

    // Python: the reference op's loc() (or its generated partner's), else the kernel function.
    const int refLine = d.reference   ? d.reference->line
                        : d.generated ? partnerLine(*snapshot, d.generated->line, false)
                                      : 0;
    const QString pyName = QFileInfo(kernel->pythonSource).fileName();
    if (const OpSourceLink* py = linkOf(snapshot->referenceLinks, refLine, pyName))
        setLinkedLines(SourceRole::ReferencePython, py->sourceLine, py->sourceLine, py);
    else
        setLinkedLines(SourceRole::ReferencePython, variant->pythonFirstLine,
                       variant->pythonLastLine);

    // Rust: the generated op's loc() or inferred link, else the variant's entry line.
    const int genLine = d.generated   ? d.generated->line
                        : d.reference ? partnerLine(*snapshot, d.reference->line, true)
                                      : 0;
    const QString rsName = QFileInfo(kernel->rustKernel).fileName();
    if (const OpSourceLink* rs = linkOf(snapshot->generatedLinks, genLine, rsName)) {
        setLinkedLines(SourceRole::GeneratedRust, rs->sourceLine, rs->sourceLine, rs);
        return;
    }
    int rsLine = 0;
    for (const ws::RustEntry& entry : kernel->entries)
        if (variant->rustEntries.contains(entry.name)) {
            rsLine = entry.line;
            break;
        }
    setLinkedLines(SourceRole::GeneratedRust, rsLine, rsLine);
}

void MainWindow::linkIrLine(bool reference, int line)
{
    const auto snapshot = m_session.diff();
    const ws::Kernel* kernel = m_session.currentKernel();
    if (!snapshot || !snapshot->result || !kernel)
        return;
    const int refLine = reference ? line : partnerLine(*snapshot, line, false);
    const int genLine = reference ? partnerLine(*snapshot, line, true) : line;
    const OpSourceLink* py =
        linkOf(snapshot->referenceLinks, refLine, QFileInfo(kernel->pythonSource).fileName());
    const OpSourceLink* rs =
        linkOf(snapshot->generatedLinks, genLine, QFileInfo(kernel->rustKernel).fileName());
    // A line without a link (a filler, a brace) keeps what is shown.
    if (py)
        setLinkedLines(SourceRole::ReferencePython, py->sourceLine, py->sourceLine, py);
    if (rs)
        setLinkedLines(SourceRole::GeneratedRust, rs->sourceLine, rs->sourceLine, rs);
}

void MainWindow::setLinkedLines(SourceRole role, int first, int last, const OpSourceLink* link)
{
    SourcePane* p = pane(role);
    QsciScintilla* e = p->editor();
    e->markerDeleteAll(kLinkedSourceMarker);
    e->markerDeleteAll(kInferredSourceMarker);
    const bool inferred = link && link->inferred;
    QString note;
    if (inferred && first > 0)
        note = link->because.isEmpty()
                   ? tr("Inferred link (line %1): cuTile Rust records no source locations; this "
                        "op was placed on the statement around the ops TileLens could match.")
                         .arg(first)
                   : tr("Inferred link (line %1): cuTile Rust records no source locations; "
                        "TileLens matched the op to %2 on this line.")
                         .arg(first)
                         .arg(link->because);
    e->viewport()->setToolTip(note);
    if (first <= 0)
        return;
    const int marker = inferred ? kInferredSourceMarker : kLinkedSourceMarker;
    for (int line = first; line <= std::max(first, last) && line <= e->lines(); ++line)
        e->markerAdd(line - 1, marker);
    p->revealLine(first);
}

std::vector<int> MainWindow::linkedSourceLines(SourceRole role) const
{
    return markedLines(pane(role)->editor(),
                       (1UL << kLinkedSourceMarker) | (1UL << kInferredSourceMarker));
}

std::vector<int> MainWindow::inferredSourceLines(SourceRole role) const
{
    return markedLines(pane(role)->editor(), 1UL << kInferredSourceMarker);
}

std::vector<int> MainWindow::markedLines(QsciScintilla* e, unsigned long mask)
{
    std::vector<int> lines;
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
    // Python links reach the reference ops, Rust links the generated ones:
    // the other pane shows their aligned partners.
    if (ref.empty())
        ref = partnerLines(*snapshot, gen, false);
    if (gen.empty())
        gen = partnerLines(*snapshot, ref, true);
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
