#include "SourceLinkController.h"

#include "AlignedIrView.h"
#include "EditorTheme.h"
#include "InspectorController.h"
#include "MainWindow.h"
#include "PlainText.h"
#include "QsciHeaders.h"
#include "SourceLinkNote.h"
#include "SourcePane.h"
#include "pair/PairQueries.h"

#include <QColor>
#include <QEvent>
#include <QFileInfo>
#include <QTimer>
#include <QWidget>
#include <algorithm>

// The window's texts keep their translation context (MainWindow::tr).

namespace tilelens::gui {
namespace {
constexpr int kLinkedSourceMarker = 7; // background of source lines linked to the selection
// Lines linked by inference (kernel.rs: cuTile Rust emits no locations), in another colour so
// that a guess never looks like a recorded loc().
constexpr int kInferredSourceMarker = 8;

QColor linkedLineColor(bool dark)
{
    return (dark ? EditorTheme::darkTheme() : EditorTheme::light()).linkedLine;
}

QColor inferredLineColor(bool dark)
{
    return (dark ? EditorTheme::darkTheme() : EditorTheme::light()).inferredLine;
}

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

// The side of an IR pane.
Side sideOfIrPane(SourceRole role)
{
    return role == SourceRole::ReferenceIr ? Side::Reference : Side::Generated;
}

} // namespace

SourceLinkController::SourceLinkController(QWidget& window, InspectorController& inspector,
                                           InspectorSession& session)
    : QObject(&window), m_inspector(inspector), m_session(session)
{
    // Python and Rust: a click on a line highlights the IR ops it produced; a click on an IR
    // op highlights its Python and Rust lines.
    for (SourceRole role : {SourceRole::ReferencePython, SourceRole::GeneratedRust}) {
        QsciScintilla* e = m_inspector.pane(role)->editor();
        e->markerDefine(QsciScintilla::Background, kLinkedSourceMarker);
        e->markerDefine(QsciScintilla::Background, kInferredSourceMarker);
    }
    applyTheme(EditorTheme::forPalette(window.palette()));
    for (SourcePane* p : m_inspector.panes()) {
        // Only the user's clicks and keys link: carets moved by code do not.
        p->editor()->viewport()->installEventFilter(this);
        p->editor()->installEventFilter(this);
    }
    // A divergence selected (restored) before the panes were ready.
    connect(&m_inspector, &InspectorController::diffApplied, this, [this] {
        if (m_session.currentDivergence() >= 0)
            onCurrentDivergenceChanged(m_session.currentDivergence());
    });
}

void SourceLinkController::applyTheme(const EditorTheme& theme)
{
    for (SourceRole role : {SourceRole::ReferencePython, SourceRole::GeneratedRust}) {
        QsciScintilla* e = m_inspector.pane(role)->editor();
        e->setMarkerBackgroundColor(linkedLineColor(theme.dark), kLinkedSourceMarker);
        e->setMarkerBackgroundColor(inferredLineColor(theme.dark), kInferredSourceMarker);
    }
}

bool SourceLinkController::eventFilter(QObject* watched, QEvent* event)
{
    const bool mouse = event->type() == QEvent::MouseButtonRelease;
    const bool key = event->type() == QEvent::KeyRelease;
    if (!mouse && !key)
        return false;
    for (SourceRole role : {SourceRole::ReferencePython, SourceRole::GeneratedRust,
                            SourceRole::ReferenceIr, SourceRole::GeneratedIr}) {
        QsciScintilla* e = m_inspector.pane(role)->editor();
        if (watched != (mouse ? static_cast<QObject*>(e->viewport()) : e))
            continue;
        // After Scintilla has moved the caret for this event.
        QTimer::singleShot(0, this, [this, role, e] {
            const FileLine line = caretLine(e).toFile();
            if (role == SourceRole::ReferenceIr || role == SourceRole::GeneratedIr)
                linkIrLine(sideOfIrPane(role), line);
            else
                linkSourceLine(role, line);
        });
    }
    return false;
}

void SourceLinkController::onCurrentDivergenceChanged(int index)
{
    m_inspector.alignedView()->showDivergence(index);
    const diff::DiffResult* result = m_session.diffResult();
    const ws::Kernel* kernel = m_session.currentKernel();
    const ws::Variant* variant = m_session.currentVariant();
    if (!result || !kernel || !variant || index < 0) {
        setSourceLinkNote(*m_inspector.pane(SourceRole::ReferencePython), {});
        setLinkedLines(SourceRole::ReferencePython, {}, {});
        setLinkedLines(SourceRole::GeneratedRust, {}, {});
        return;
    }
    const diff::Divergence& d = result->divergences[static_cast<size_t>(index)];
    const auto analysis = m_session.diff();
    const pair::PairSide& ref = analysis->sides.reference();
    const pair::PairSide& gen = analysis->sides.generated();

    // Python: the reference op's loc() (or its generated partner's), else the kernel function.
    const std::string pyName = fileNameOf(kernel->pythonSource);
    const pair::SourceLink* py =
        pair::linkOf(ref.links, lineOn(*analysis, d, Side::Reference), pyName);
    if (py)
        setLinkedLines(SourceRole::ReferencePython, py->sourceLine, py->sourceLine, py);
    else
        setLinkedLines(SourceRole::ReferencePython, FileLine(variant->pythonFirstLine),
                       FileLine(variant->pythonLastLine));
    setSourceLinkNote(*m_inspector.pane(SourceRole::ReferencePython),
                      py ? QString() : wholeFunctionNote(pair::hasLinksTo(ref.links, pyName)));

    // Rust: the generated op's loc() or inferred link, else the variant's entry line.
    const std::string rsName = fileNameOf(kernel->rustKernel);
    if (const pair::SourceLink* rs =
            pair::linkOf(gen.links, lineOn(*analysis, d, Side::Generated), rsName)) {
        setLinkedLines(SourceRole::GeneratedRust, rs->sourceLine, rs->sourceLine, rs);
        return;
    }
    FileLine rsLine;
    for (const ws::RustEntry& entry : kernel->entries)
        if (variant->rustEntries.contains(entry.name)) {
            rsLine = FileLine(entry.line);
            break;
        }
    setLinkedLines(SourceRole::GeneratedRust, rsLine, rsLine);
}

void SourceLinkController::linkIrLine(Side side, FileLine line)
{
    const auto analysis = m_session.diff();
    const ws::Kernel* kernel = m_session.currentKernel();
    if (!analysis || !analysis->result || !kernel)
        return;
    PerSide<FileLine> lines;
    lines[side] = line;
    lines[otherSide(side)] = pair::partnerLine(*analysis->result, side, line);
    const pair::SourceLink* py = pair::linkOf(analysis->sides.reference().links, lines.reference(),
                                              fileNameOf(kernel->pythonSource));
    const pair::SourceLink* rs = pair::linkOf(analysis->sides.generated().links, lines.generated(),
                                              fileNameOf(kernel->rustKernel));
    // A line without a link (a filler, a brace) keeps what is shown.
    if (py)
        setLinkedLines(SourceRole::ReferencePython, py->sourceLine, py->sourceLine, py);
    if (rs)
        setLinkedLines(SourceRole::GeneratedRust, rs->sourceLine, rs->sourceLine, rs);
}

void SourceLinkController::setLinkedLines(SourceRole role, FileLine first, FileLine last,
                                          const pair::SourceLink* link)
{
    SourcePane* p = m_inspector.pane(role);
    QsciScintilla* e = p->editor();
    e->markerDeleteAll(kLinkedSourceMarker);
    e->markerDeleteAll(kInferredSourceMarker);
    const bool inferred = link && link->inferred;
    QString note;
    if (inferred && first.known())
        note = link->because.empty()
                   ? MainWindow::tr(
                         "Inferred link (line %1): cuTile Rust records no source locations; this "
                         "op was placed on the statement around the ops TileLens could match.")
                         .arg(first.number())
                   : MainWindow::tr(
                         "Inferred link (line %1): cuTile Rust records no source locations; "
                         "TileLens matched the op to %2 on this line.")
                         .arg(first.number())
                         .arg(QString::fromStdString(link->because));
    e->viewport()->setToolTip(literalText(note));
    if (!first.known())
        return;
    const int marker = inferred ? kInferredSourceMarker : kLinkedSourceMarker;
    for (FileLine line = first; line <= std::max(first, last) && holdsLine(e, line);
         line = line.next())
        e->markerAdd(line.toEditor().index(), marker);
    p->revealLine(first.number());
}

std::vector<int> SourceLinkController::linkedSourceLines(SourceRole role) const
{
    return markedLines(m_inspector.pane(role)->editor(),
                       (1UL << kLinkedSourceMarker) | (1UL << kInferredSourceMarker));
}

std::vector<int> SourceLinkController::inferredSourceLines(SourceRole role) const
{
    return markedLines(m_inspector.pane(role)->editor(), 1UL << kInferredSourceMarker);
}

std::vector<int> SourceLinkController::markedLines(QsciScintilla* e, unsigned long mask)
{
    std::vector<int> lines; // 1-based
    const auto next = [e, mask](unsigned long from) {
        return EditorLine(static_cast<int>(
            e->SendScintilla(QsciScintillaBase::SCI_MARKERNEXT, from, static_cast<long>(mask))));
    };
    for (EditorLine line = next(0); line.valid(); line = next(sciLine(line.next())))
        lines.push_back(line.toFile().number());
    return lines;
}

void SourceLinkController::linkSourceLine(SourceRole role, FileLine line)
{
    const auto analysis = m_session.diff();
    const ws::Kernel* kernel = m_session.currentKernel();
    const ws::Variant* variant = m_session.currentVariant();
    if (!analysis || !analysis->result || !kernel || !variant) {
        m_inspector.alignedView()->highlightOpLines({}, {});
        return;
    }
    const diff::DiffResult& result = *analysis->result;
    const bool python = role == SourceRole::ReferencePython;
    const std::string fileName = fileNameOf(python ? kernel->pythonSource : kernel->rustKernel);
    PerSide<std::vector<FileLine>> lines;
    for (Side s : kBothSides)
        lines[s] = pair::linkedIrLines(analysis->sides[s].links, fileName, line);
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
        const int n = line.number();
        if (python) {
            inside = n >= variant->pythonFirstLine && n <= variant->pythonLastLine &&
                     variant->pythonFirstLine > 0;
        } else {
            // An entry runs from its `fn` line to the next entry (or the end).
            std::vector<ws::RustEntry> entries = kernel->entries;
            std::sort(
                entries.begin(), entries.end(),
                [](const ws::RustEntry& a, const ws::RustEntry& b) { return a.line < b.line; });
            for (size_t i = 0; i < entries.size(); ++i) {
                const int end = i + 1 < entries.size() ? entries[i + 1].line - 1 : INT32_MAX;
                if (n >= entries[i].line && n <= end)
                    inside = variant->rustEntries.contains(entries[i].name);
            }
        }
        if (inside)
            for (Side s : kBothSides)
                lines[s] = pair::opLines(result, s);
    }
    m_inspector.alignedView()->highlightOpLines(numbers(lines.reference()),
                                                numbers(lines.generated()));
}

} // namespace tilelens::gui
