#include "SourceFileLoader.h"

#include "PreparedDocument.h"
#include "common/FileReader.h"
#include "ir/Printer.h"
#include "ir/bytecode/BytecodeReader.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <cstring>

namespace tilelens::gui {
// Messages are translated here, in the worker thread (QCoreApplication::translate is thread-safe).
QByteArray decodedBytecodeText(const ir::ParseResult& decoded)
{
    QByteArray text = QCoreApplication::translate(
                          "tilelens::gui::SourceFileLoader",
                          "// Decoded from Tile IR bytecode by TileLens; line numbers are "
                          "those of this text, not of the file.")
                          .toUtf8();
    text += '\n'; // kDecodedHeaderLines
    text += QByteArray::fromStdString(ir::printResult(decoded, ir::PrintStyle::Custom));
    return text;
}

LoadedSource loadSourceFile(SourceRole role, const QString& path, int64_t maxBytes)
{
    LoadedSource out;
    out.role = role;
    out.path = path;
    if (path.isEmpty()) {
        switch (role) {
        case SourceRole::ReferencePython:
            out.error =
                QCoreApplication::translate("tilelens::gui::SourceFileLoader",
                                            "No reference Python file was found for this kernel "
                                            "(analysis.json names it in \"source\").");
            break;
        case SourceRole::GeneratedRust:
            out.error = QCoreApplication::translate("tilelens::gui::SourceFileLoader",
                                                    "This kernel directory has no kernel.rs.");
            break;
        case SourceRole::ReferenceIr:
            out.error = QCoreApplication::translate(
                "tilelens::gui::SourceFileLoader",
                "No reference IR was found (reference/reference.mlir).");
            break;
        case SourceRole::GeneratedIr:
            out.error =
                QCoreApplication::translate("tilelens::gui::SourceFileLoader",
                                            "No generated IR was found (generated/generated.mlir); "
                                            "stage B has not produced it yet.");
            break;
        }
        return out;
    }
    const QFileInfo info(path);
    if (!info.exists()) {
        out.error = QCoreApplication::translate("tilelens::gui::SourceFileLoader",
                                                "The file %1 does not exist.")
                        .arg(path);
        return out;
    }
    if (!info.isFile()) {
        out.error = QCoreApplication::translate("tilelens::gui::SourceFileLoader",
                                                "%1 is not a regular file.")
                        .arg(path);
        return out;
    }
    Diagnostics diags;
    const auto contents = readFile(path.toStdString(), diags, maxBytes);
    if (!contents) {
        const QString reason =
            diags.empty()
                ? QCoreApplication::translate("tilelens::gui::SourceFileLoader", "unknown error")
                : QString::fromStdString(diags.front().message);
        out.error = QCoreApplication::translate("tilelens::gui::SourceFileLoader",
                                                "The file %1 could not be read: %2")
                        .arg(path, reason);
        return out;
    }
    const std::string& bytes = contents->bytes;
    // Tile IR bytecode is shown as the text the IR printer makes of it.
    if ((role == SourceRole::ReferenceIr || role == SourceRole::GeneratedIr) &&
        ir::isBytecode(bytes)) {
        Diagnostics bcDiags;
        const ir::ParseResult module = ir::readBytecode(bytes, path.toStdString(), bcDiags);
        if (!module.ok() || module.modules.empty()) {
            const QString reason =
                bcDiags.empty() ? QCoreApplication::translate("tilelens::gui::SourceFileLoader",
                                                              "unknown error")
                                : QString::fromStdString(bcDiags.front().format());
            out.error =
                QCoreApplication::translate("tilelens::gui::SourceFileLoader",
                                            "The Tile IR bytecode file %1 could not be decoded: %2")
                    .arg(path, reason);
            return out;
        }
        out.decodedFromBytecode = true;
        out.utf8 = decodedBytecodeText(module);
        return out;
    }
    // A NUL byte means binary (bytecode starts with "\x7fTileIR\0"); the editor
    // also takes the text NUL-terminated.
    if (std::memchr(bytes.data(), '\0', bytes.size()) != nullptr) {
        out.error =
            QCoreApplication::translate(
                "tilelens::gui::SourceFileLoader",
                "%1 is a binary file (for example Tile IR bytecode) and cannot be shown as text.")
                .arg(path);
        return out;
    }
    out.utf8 = QByteArray(bytes.data(), static_cast<qsizetype>(bytes.size()));
    return out;
}

KernelSources loadKernelSources(quint64 generation,
                                const std::array<QString, kSourceRoleCount>& paths,
                                const PreparedDocuments& documents)
{
    KernelSources result;
    result.generation = generation;
    for (size_t i = 0; i < size_t(kSourceRoleCount); ++i) {
        LoadedSource& file = result.files[i];
        file = loadSourceFile(static_cast<SourceRole>(i), paths[i]);
        if (file.ok() && documents[i] && documents[i]->fill(file.utf8)) {
            file.document = documents[i];
            file.utf8 = QByteArray(); // the document holds the text now
        }
    }
    return result;
}

} // namespace tilelens::gui
