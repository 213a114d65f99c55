#pragma once
// Reading the four files of a kernel off the GUI thread. Each file becomes
// either its text or a sentence that tells the user why there is none; the
// main window shows that sentence in the file's pane.

#include <QMetaType>
#include <QString>
#include <array>
#include <cstdint>
#include <memory>

namespace tilelens::ir {
struct ParseResult;
} // namespace tilelens::ir

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
    // The text already in a Scintilla document (filled in the worker), when
    // the pane asked for one; utf8 is then left empty to save memory.
    std::shared_ptr<PreparedDocument> document;
    bool ok() const { return error.isEmpty(); }
};

struct KernelSources
{
    quint64 generation = 0; // request number; stale results are dropped
    std::array<LoadedSource, kSourceRoleCount> files;
};

// Largest file shown in an editor (the IR of a big kernel is a few MB).
constexpr int64_t kMaxDisplayedFileBytes = int64_t(256) << 20;

// What an IR pane shows for decoded bytecode: a header comment line, then the
// printed module. The ops of the printed text sit kDecodedHeaderLines below
// the lines of the same text parsed on its own (DiffSnapshot links them).
constexpr int kDecodedHeaderLines = 1;
QByteArray decodedBytecodeText(const ir::ParseResult& decoded);

// Reads one file; never throws. Tile IR bytecode in an IR role is decoded
// and printed as text; other binary files are refused with a message.
LoadedSource loadSourceFile(SourceRole role, const QString& path,
                            int64_t maxBytes = kMaxDisplayedFileBytes);

// Reads all four (runs in a worker thread); fills the documents given (null
// entries: none) with the texts read.
using PreparedDocuments = std::array<std::shared_ptr<PreparedDocument>, kSourceRoleCount>;
KernelSources loadKernelSources(quint64 generation,
                                const std::array<QString, kSourceRoleCount>& paths,
                                const PreparedDocuments& documents = {});

} // namespace tilelens::gui

Q_DECLARE_METATYPE(tilelens::gui::KernelSources)
