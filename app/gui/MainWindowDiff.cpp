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
#include "pair/PairQueries.h"

#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <algorithm>

namespace tilelens::gui {
namespace {
using mainwindow::kInferredSourceMarker;
using mainwindow::kLinkedSourceMarker;

std::string fileNameOf(const QString& path)
{
    return QFileInfo(path).fileName().toStdString();
}

// The aligned view and the source markers count lines as ints (1-based).
std::vector<int> numbers(const std::vector<FileLine>& lines)
{
    std::vector<int> out;
    out.reserve(lines.size());
    for (FileLine l : lines)
        out.push_back(l.number());
    return out;
}

// The line of a divergence's op on one side, else its partner's on the same aligned row.
FileLine lineOn(const pair::PairAnalysis& a, const diff::Divergence& d, Side side)
{
    if (const auto& site = diff::site(d, side))
        return FileLine(site->line);
    if (const auto& other = diff::site(d, otherSide(side)))
        return pair::partnerLine(*a.result, otherSide(side), FileLine(other->line));
    return FileLine();
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
    if (const auto analysis = m_session.diff(); analysis && !analysis->result) {
        QStringList lines;
        for (Side s : kBothSides)
            for (const Diagnostic& d : analysis->sides[s].diagnostics)
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
    const auto analysis = m_session.diff();
    if (!analysis || m_diffApplied || m_sourcesPending)
        return;
    // Only the panes of the analysed files can be decorated.
    if (pane(SourceRole::ReferenceIr)->path().toStdString() != analysis->sides.reference().path ||
        pane(SourceRole::GeneratedIr)->path().toStdString() != analysis->sides.generated().path)
        return;
    m_diffApplied = true;
    m_aligned->setSnapshot(analysis);
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
    const auto analysis = m_session.diff();
    const pair::PairSide& ref = analysis->sides.reference();
    const pair::PairSide& gen = analysis->sides.generated();

    // Python: the reference op's loc() (or its generated partner's), else the kernel function.
    const std::string pyName = fileNameOf(kernel->pythonSource);
    if (const pair::SourceLink* py =
            pair::linkOf(ref.links, lineOn(*analysis, d, Side::Reference), pyName))
        setLinkedLines(SourceRole::ReferencePython, py->sourceLine.number(),
                       py->sourceLine.number(), py);
    else
        setLinkedLines(SourceRole::ReferencePython, variant->pythonFirstLine,
                       variant->pythonLastLine);

    // Rust: the generated op's loc() or inferred link, else the variant's entry line.
    const std::string rsName = fileNameOf(kernel->rustKernel);
    if (const pair::SourceLink* rs =
            pair::linkOf(gen.links, lineOn(*analysis, d, Side::Generated), rsName)) {
        setLinkedLines(SourceRole::GeneratedRust, rs->sourceLine.number(), rs->sourceLine.number(),
                       rs);
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
    const auto analysis = m_session.diff();
    const ws::Kernel* kernel = m_session.currentKernel();
    if (!analysis || !analysis->result || !kernel)
        return;
    const Side side = reference ? Side::Reference : Side::Generated;
    PerSide<FileLine> lines;
    lines[side] = FileLine(line);
    lines[otherSide(side)] = pair::partnerLine(*analysis->result, side, FileLine(line));
    const pair::SourceLink* py = pair::linkOf(analysis->sides.reference().links, lines.reference(),
                                              fileNameOf(kernel->pythonSource));
    const pair::SourceLink* rs = pair::linkOf(analysis->sides.generated().links, lines.generated(),
                                              fileNameOf(kernel->rustKernel));
    // A line without a link (a filler, a brace) keeps what is shown.
    if (py)
        setLinkedLines(SourceRole::ReferencePython, py->sourceLine.number(),
                       py->sourceLine.number(), py);
    if (rs)
        setLinkedLines(SourceRole::GeneratedRust, rs->sourceLine.number(), rs->sourceLine.number(),
                       rs);
}

void MainWindow::setLinkedLines(SourceRole role, int first, int last, const pair::SourceLink* link)
{
    SourcePane* p = pane(role);
    QsciScintilla* e = p->editor();
    e->markerDeleteAll(kLinkedSourceMarker);
    e->markerDeleteAll(kInferredSourceMarker);
    const bool inferred = link && link->inferred;
    QString note;
    if (inferred && first > 0)
        note = link->because.empty()
                   ? tr("Inferred link (line %1): cuTile Rust records no source locations; this "
                        "op was placed on the statement around the ops TileLens could match.")
                         .arg(first)
                   : tr("Inferred link (line %1): cuTile Rust records no source locations; "
                        "TileLens matched the op to %2 on this line.")
                         .arg(first)
                         .arg(QString::fromStdString(link->because));
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
    const auto analysis = m_session.diff();
    const ws::Kernel* kernel = m_session.currentKernel();
    const ws::Variant* variant = m_session.currentVariant();
    if (!analysis || !analysis->result || !kernel || !variant) {
        m_aligned->highlightOpLines({}, {});
        return;
    }
    const diff::DiffResult& result = *analysis->result;
    const bool python = role == SourceRole::ReferencePython;
    const std::string fileName = fileNameOf(python ? kernel->pythonSource : kernel->rustKernel);
    PerSide<std::vector<FileLine>> lines;
    for (Side s : kBothSides)
        lines[s] = pair::linkedIrLines(analysis->sides[s].links, fileName, FileLine(line));
    // Python links reach the reference ops, Rust links the generated ones: the other pane
    // shows their aligned partners.
    for (Side s : kBothSides)
        if (lines[s].empty())
            lines[s] = pair::partnerLines(result, otherSide(s), lines[otherSide(s)]);
    const bool anyLoc = pair::hasLinksTo(analysis->sides.reference().links, fileName) ||
                        pair::hasLinksTo(analysis->sides.generated().links, fileName);
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
        if (inside)
            for (Side s : kBothSides)
                lines[s] = pair::opLines(result, s);
    }
    m_aligned->highlightOpLines(numbers(lines.reference()), numbers(lines.generated()));
}

} // namespace tilelens::gui
