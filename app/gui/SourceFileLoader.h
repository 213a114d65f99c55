#pragma once
// Reading the four files of a kernel off the GUI thread. Each file becomes
// either its text or a sentence that tells the user why there is none; the
// main window shows that sentence in the file's pane. The Python and Rust
// files are read here; the two IR files are read once, by the pair's
// analysis (InspectorSession), whose read the IR panes show.

#include "common/Diagnostic.h"
#include "common/HiddenText.h"
#include "common/Side.h"

#include <QMetaType>
#include <QString>
#include <array>
#include <cstdint>
#include <future>
#include <memory>

namespace tilelens::pair {
struct SideText;
} // namespace tilelens::pair

namespace tilelens::gui {

class PreparedDocument;

// The four panes of the main window, in display order.
enum class SourceRole
{
    ReferencePython = 0,
    GeneratedRust = 1,
    ReferenceIr = 2,
    GeneratedIr = 3
};
constexpr int kSourceRoleCount = 4;

struct LoadedSource
{
    SourceRole role = SourceRole::ReferencePython;
    QString path;    // absolute path, empty when the workspace has none
    QByteArray utf8; // the file's bytes, valid when error is empty (handed to Scintilla as is)
    QString error;   // user-facing reason the text is missing
    bool decodedFromBytecode = false; // utf8 is printed from a .tileirbc file
    HiddenTextScan hidden; // hidden and bidirectional characters of the text (in the worker)
    LookalikeNameScan lookalikeNames; // names that read as other names (in the worker)
    // The text already in a Scintilla document (filled in the worker), when
    // the pane asked for one; utf8 is then left empty to save memory.
    std::shared_ptr<PreparedDocument> document;
    bool ok() const { return error.isEmpty(); }
};

struct KernelSources
{
    std::array<LoadedSource, kSourceRoleCount> files;
};

// What an IR pane shows of one side, from the pair's one read of it: the text (the file's
// bytes, or a bytecode side's printed module), or why there is none.
struct IrSideRead
{
    std::shared_ptr<const pair::SideText> text; // null: not read, not decoded
    Diagnostics diagnostics;                    // why, when there is no text
    bool read = false;                          // the file's bytes were read
    bool bytecode = false;                      // they are Tile IR bytecode
};
using IrSideFuture = std::shared_future<IrSideRead>;

// Largest file shown in an editor (the IR of a big kernel is a few MB).
constexpr int64_t kMaxDisplayedFileBytes = int64_t(256) << 20;

// The comment line above a bytecode side's printed module in its pane
// (translated): its line numbers are those of the printed text.
QString decodedBytecodeHeader();

// Reads a Python or Rust file; never throws.
LoadedSource loadSourceFile(SourceRole role, const QString& path,
                            int64_t maxBytes = kMaxDisplayedFileBytes);

// What an IR pane shows of a side the pair read (\a path as the variant names it).
LoadedSource irPaneSource(SourceRole role, const QString& path, const IrSideRead& side,
                          int64_t maxBytes = kMaxDisplayedFileBytes);

// The IR file of a variant that has no pair to compare (the other side is missing): read by
// the pair's side reader, as the analysis would.
IrSideRead readLoneIrSide(const QString& path);

// Reads all four (runs in a worker thread): the Python and Rust files here, each IR side from
// \a irSides (waiting for the analysis to have read it), or read alone where there is none.
// Fills the documents given (null entries: none) with the texts read.
using PreparedDocuments = std::array<std::shared_ptr<PreparedDocument>, kSourceRoleCount>;
KernelSources loadKernelSources(const std::array<QString, kSourceRoleCount>& paths,
                                const PreparedDocuments& documents = {},
                                const PerSide<IrSideFuture>& irSides = {});

} // namespace tilelens::gui

Q_DECLARE_METATYPE(tilelens::gui::KernelSources)
