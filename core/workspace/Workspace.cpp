#include "workspace/Workspace.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace tilelens::ws {
namespace {

bool looksLikeKernelDir(const QDir& dir)
{
    return QFileInfo::exists(dir.filePath(QStringLiteral("reference/analysis.json"))) ||
           QFileInfo::exists(dir.filePath(QStringLiteral("kernel.rs")));
}

QString existing(const QDir& dir, const QString& rel)
{
    if (rel.isEmpty())
        return {};
    QFileInfo fi(dir.filePath(rel));
    return fi.exists() ? fi.absoluteFilePath() : QString();
}

Diagnostic kernelDiag(const QString& file, const QString& message, Severity sev = Severity::Warning)
{
    Diagnostic d;
    d.severity = sev;
    d.place.file = file.toStdString();
    d.message = message.toStdString();
    return d;
}

Kernel loadKernel(const QDir& dir)
{
    Kernel k;
    k.name = dir.dirName();
    k.dir = dir.absolutePath();
    k.analysisJson = existing(dir, QStringLiteral("reference/analysis.json"));
    k.rustKernel = existing(dir, QStringLiteral("kernel.rs"));
    k.rustFfi = existing(dir, QStringLiteral("ffi.rs"));

    QJsonObject analysis;
    if (!k.analysisJson.isEmpty()) {
        QFile f(k.analysisJson);
        if (f.open(QIODevice::ReadOnly)) {
            QJsonParseError err{};
            const auto doc = QJsonDocument::fromJson(f.readAll(), &err);
            if (err.error == QJsonParseError::NoError && doc.isObject())
                analysis = doc.object();
            else
                k.diagnostics.push_back(kernelDiag(k.analysisJson, err.errorString(), Severity::Error));
        }
    } else {
        k.diagnostics.push_back(kernelDiag(dir.absolutePath(), QStringLiteral("reference/analysis.json is missing")));
    }
    if (const QString kn = analysis.value(QStringLiteral("kernel_name")).toString(); !kn.isEmpty())
        k.name = kn;

    // Python reference: analysis "source" is relative to the tilegym checkout; the
    // example workspaces keep a copy under reference/.
    const QString source = analysis.value(QStringLiteral("source")).toString();
    for (const QString& candidate : {dir.filePath(source), dir.filePath(QStringLiteral("reference/") + QFileInfo(source).fileName())}) {
        if (!source.isEmpty() && QFileInfo(candidate).isFile()) {
            k.pythonSource = QFileInfo(candidate).absoluteFilePath();
            break;
        }
    }

    const QJsonArray variants = analysis.value(QStringLiteral("kernel_variants")).toArray();
    if (variants.size() > 1) {
        for (const auto& v : variants) {
            const QJsonObject o = v.toObject();
            Variant var;
            var.name = o.value(QStringLiteral("name")).toString();
            var.kernelFunction = o.value(QStringLiteral("kernel_function")).toString();
            var.referenceIr = existing(dir, o.value(QStringLiteral("reference_ir")).toString());
            for (const QString& rel : {QStringLiteral("generated/generated_%1_canon.mlir"),
                                       QStringLiteral("generated/generated_%1.mlir")}) {
                var.generatedIr = existing(dir, rel.arg(var.name));
                if (!var.generatedIr.isEmpty())
                    break;
            }
            k.variants.push_back(var);
        }
    } else {
        Variant var;
        if (!variants.isEmpty())
            var.kernelFunction = variants.first().toObject().value(QStringLiteral("kernel_function")).toString();
        var.referenceIr = existing(dir, QStringLiteral("reference/reference.mlir"));
        for (const char* rel : {"generated/generated_canon.mlir", "generated/generated.mlir"}) {
            var.generatedIr = existing(dir, QString::fromLatin1(rel));
            if (!var.generatedIr.isEmpty())
                break;
        }
        k.variants.push_back(var);
    }
    return k;
}

} // namespace

Workspace discoverWorkspace(const QString& path)
{
    Workspace ws;
    QFileInfo info(path);
    ws.root = info.absoluteFilePath();
    if (!info.exists() || !info.isDir()) {
        Diagnostic d;
        d.place.file = path.toStdString();
        d.message = info.exists() ? "not a directory" : "no such directory";
        ws.diagnostics.push_back(d);
        return ws;
    }
    QDir root(ws.root);
    if (looksLikeKernelDir(root)) {
        ws.kernels.push_back(loadKernel(root));
        return ws;
    }
    const auto entries = root.entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    for (const QFileInfo& sub : entries) {
        QDir d(sub.absoluteFilePath());
        if (looksLikeKernelDir(d))
            ws.kernels.push_back(loadKernel(d));
    }
    if (ws.kernels.empty()) {
        Diagnostic d;
        d.severity = Severity::Warning;
        d.place.file = path.toStdString();
        d.message = "no kernel directories found (a kernel directory holds reference/analysis.json or kernel.rs)";
        ws.diagnostics.push_back(d);
    }
    return ws;
}

} // namespace tilelens::ws
