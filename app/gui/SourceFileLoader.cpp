#include "SourceFileLoader.h"

#include "PreparedDocument.h"
#include "common/FileReader.h"
#include "pair/PairAnalysis.h"
#include "pair/SideReader.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <cstring>

namespace tilelens::gui {

// The messages below are translated here, in the worker thread (QCoreApplication::translate is
// thread-safe), each call spelled out: lupdate takes the context from the literal, where a
// file-local tr() would put them in "tilelens::gui".
namespace {

QString missingMessage(SourceRole role)
{
    switch (role) {
    case SourceRole::ReferencePython:
        return QCoreApplication::translate("tilelens::gui::SourceFileLoader",
                                           "No reference Python file was found for this kernel "
                                           "(analysis.json names it in \"source\").");
    case SourceRole::GeneratedRust:
        return QCoreApplication::translate("tilelens::gui::SourceFileLoader",
                                           "This kernel directory has no kernel.rs.");
    case SourceRole::ReferenceIr:
        return QCoreApplication::translate("tilelens::gui::SourceFileLoader",
                                           "No reference IR was found (reference/reference.mlir).");
    case SourceRole::GeneratedIr:
        return QCoreApplication::translate("tilelens::gui::SourceFileLoader",
                                           "No generated IR was found (generated/generated.mlir); "
                                           "stage B has not produced it yet.");
    }
    return {};
}

// Why a file that exists as a name could not be read (or that it does not exist).
QString unreadableMessage(const QString& path, const Diagnostics& diags)
{
    const QFileInfo info(path);
    if (!info.exists())
        return QCoreApplication::translate("tilelens::gui::SourceFileLoader",
                                           "The file %1 does not exist.")
            .arg(path);
    if (!info.isFile())
        return QCoreApplication::translate("tilelens::gui::SourceFileLoader",
                                           "%1 is not a regular file.")
            .arg(path);
    const QString reason =
        diags.empty()
            ? QCoreApplication::translate("tilelens::gui::SourceFileLoader", "unknown error")
            : QString::fromStdString(diags.front().message);
    return QCoreApplication::translate("tilelens::gui::SourceFileLoader",
                                       "The file %1 could not be read: %2")
        .arg(path, reason);
}

// The bytes of a text file as a pane takes them, or why not: a NUL byte means binary (bytecode
// starts with "\x7fTileIR\0"); the editor also takes the text NUL-terminated.
void takeText(LoadedSource& out, std::string_view bytes)
{
    if (std::memchr(bytes.data(), '\0', bytes.size()) != nullptr) {
        out.error = QCoreApplication::translate(
                        "tilelens::gui::SourceFileLoader",
                        "%1 is a binary file (for example Tile IR bytecode) and cannot be shown "
                        "as text.")
                        .arg(out.path);
        return;
    }
    out.utf8 = QByteArray(bytes.data(), static_cast<qsizetype>(bytes.size()));
    out.hidden = scanHiddenText(bytes);
    out.lookalikeNames = scanLookalikeNames(bytes);
}

Side sideOf(SourceRole role)
{
    return role == SourceRole::ReferenceIr ? Side::Reference : Side::Generated;
}

bool isIr(SourceRole role)
{
    return role == SourceRole::ReferenceIr || role == SourceRole::GeneratedIr;
}

} // namespace

QString decodedBytecodeHeader()
{
    return QCoreApplication::translate(
        "tilelens::gui::SourceFileLoader",
        "// Decoded from Tile IR bytecode by TileLens; line numbers are "
        "those of this text, not of the file.");
}

LoadedSource loadSourceFile(SourceRole role, const QString& path, int64_t maxBytes)
{
    LoadedSource out;
    out.role = role;
    out.path = path;
    if (path.isEmpty()) {
        out.error = missingMessage(role);
        return out;
    }
    const QFileInfo info(path);
    if (!info.exists() || !info.isFile()) {
        out.error = unreadableMessage(path, {});
        return out;
    }
    Diagnostics diags;
    const auto contents = readFile(path.toStdString(), diags, maxBytes);
    if (!contents) {
        out.error = unreadableMessage(path, diags);
        return out;
    }
    takeText(out, contents->bytes);
    return out;
}

LoadedSource irPaneSource(SourceRole role, const QString& path, const IrSideRead& side,
                          int64_t maxBytes)
{
    LoadedSource out;
    out.role = role;
    out.path = path;
    if (path.isEmpty()) {
        out.error = missingMessage(role);
        return out;
    }
    if (!side.read) {
        out.error = unreadableMessage(path, side.diagnostics);
        return out;
    }
    if (side.bytecode) {
        // Tile IR bytecode is shown as the text the IR printer makes of it.
        if (!side.text) {
            const QString reason = side.diagnostics.empty()
                                       ? QCoreApplication::translate(
                                             "tilelens::gui::SourceFileLoader", "unknown error")
                                       : QString::fromStdString(side.diagnostics.front().format());
            out.error =
                QCoreApplication::translate("tilelens::gui::SourceFileLoader",
                                            "The Tile IR bytecode file %1 could not be decoded: %2")
                    .arg(path, reason);
            return out;
        }
        out.decodedFromBytecode = true;
        const std::string_view text = side.text->view();
        out.utf8 = QByteArray(text.data(), static_cast<qsizetype>(text.size()));
        out.hidden = scanHiddenText(text);
        out.lookalikeNames = scanLookalikeNames(text);
        return out;
    }
    const std::string_view bytes = side.text ? side.text->view() : std::string_view();
    if (int64_t(bytes.size()) > maxBytes) {
        const QString reason =
            QString::fromStdString("file is too large (" + formatByteSize(int64_t(bytes.size())) +
                                   "; the limit is " + formatByteSize(maxBytes) + ")");
        out.error = QCoreApplication::translate("tilelens::gui::SourceFileLoader",
                                                "The file %1 could not be read: %2")
                        .arg(path, reason);
        return out;
    }
    takeText(out, bytes);
    return out;
}

IrSideRead readLoneIrSide(const QString& path)
{
    pair::SideReadOptions options;
    options.keepText = true;
    options.printBytecode = true;
    options.decodedHeader = decodedBytecodeHeader().toStdString();
    const pair::SideRead read = pair::readSide({path.toStdString(), nullptr}, options);
    return {read.side.text, read.side.diagnostics, read.side.read, read.side.bytecode};
}

KernelSources loadKernelSources(const std::array<QString, kSourceRoleCount>& paths,
                                const PreparedDocuments& documents,
                                const PerSide<IrSideFuture>& irSides)
{
    KernelSources result;
    for (size_t i = 0; i < size_t(kSourceRoleCount); ++i) {
        const auto role = static_cast<SourceRole>(i);
        LoadedSource& file = result.files[i];
        if (!isIr(role) || paths[i].isEmpty()) {
            file = loadSourceFile(role, paths[i]);
        } else {
            const IrSideFuture& future = irSides[sideOf(role)];
            IrSideRead side;
            try {
                side = future.valid() ? future.get() : readLoneIrSide(paths[i]);
            } catch (const std::future_error&) {
                // The analysis was dropped unrun (the application is closing): nothing read.
            }
            file = irPaneSource(role, paths[i], side);
        }
        if (file.ok() && documents[i] && documents[i]->fill(file.utf8)) {
            file.document = documents[i];
            file.utf8 = QByteArray(); // the document holds the text now
        }
    }
    return result;
}

} // namespace tilelens::gui
