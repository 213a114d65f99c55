#include "workspace/AttachedIr.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

namespace tilelens::ws {
namespace {

QString attachmentFile(const QString& root)
{
    return QDir(root).filePath(QStringLiteral(".tilelens/attached-ir.json"));
}

// The attachments of `root`; an absent file is no attachment, a malformed one an error.
QJsonObject readPorts(const QString& root, QString& error)
{
    QFile f(attachmentFile(root));
    if (!f.exists())
        return {};
    if (!f.open(QIODevice::ReadOnly) || f.size() > (qint64(1) << 20)) {
        error = QStringLiteral("cannot read it (or it is over 1 MiB)");
        return {};
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &parseError);
    if (doc.isNull()) {
        error = QStringLiteral("byte %1: %2").arg(parseError.offset).arg(parseError.errorString());
        return {};
    }
    return doc.object().value(QStringLiteral("ports")).toObject();
}

QString stored(const QDir& root, const QString& path)
{
    const QString rel = root.relativeFilePath(path);
    return rel.startsWith(QLatin1String("..")) ? QFileInfo(path).absoluteFilePath() : rel;
}

void addDiagnostic(Workspace& ws, const QString& message)
{
    Diagnostic d;
    d.severity = Severity::Warning;
    d.place.file = attachmentFile(ws.root).toStdString();
    d.message = message.toStdString();
    ws.diagnostics.push_back(d);
}

} // namespace

QString attachedIrKey(const Kernel& kernel, const Variant& variant)
{
    return kernel.variants.size() > 1 && !variant.name.isEmpty()
               ? kernel.name + QLatin1Char('/') + variant.name
               : kernel.name;
}

bool saveAttachedIr(const QString& root, const QString& key, const AttachedIr& ir, QString& error)
{
    QString readError;
    QJsonObject ports = readPorts(root, readError);
    if (!readError.isEmpty()) {
        error = QStringLiteral("%1: %2").arg(attachmentFile(root), readError);
        return false;
    }
    const QDir dir(root);
    QJsonObject port;
    port.insert(QStringLiteral("reference"), stored(dir, ir.reference));
    port.insert(QStringLiteral("generated"), stored(dir, ir.generated));
    ports.insert(key, port);
    QJsonObject doc;
    doc.insert(QStringLiteral("ports"), ports);
    QDir().mkpath(dir.filePath(QStringLiteral(".tilelens")));
    QSaveFile f(attachmentFile(root));
    if (!f.open(QIODevice::WriteOnly) || f.write(QJsonDocument(doc).toJson()) < 0 || !f.commit()) {
        error = QStringLiteral("%1: %2").arg(attachmentFile(root), f.errorString());
        return false;
    }
    return true;
}

void applyAttachedIr(Workspace& ws)
{
    QString error;
    const QJsonObject ports = readPorts(ws.root, error);
    if (!error.isEmpty()) {
        addDiagnostic(ws, QStringLiteral("the attached IR files are ignored: ") + error);
        return;
    }
    if (ports.isEmpty())
        return;
    const QDir root(ws.root);
    for (Kernel& k : ws.kernels) {
        for (Variant& v : k.variants) {
            const QJsonObject port = ports.value(attachedIrKey(k, v)).toObject();
            if (port.isEmpty())
                continue;
            const QString reference =
                root.absoluteFilePath(port.value(QStringLiteral("reference")).toString());
            const QString generated =
                root.absoluteFilePath(port.value(QStringLiteral("generated")).toString());
            bool ok = true;
            for (const QString& file : {reference, generated}) {
                if (!QFileInfo(file).isFile()) {
                    addDiagnostic(ws, QStringLiteral("the IR attached to %1 is missing: %2")
                                          .arg(attachedIrKey(k, v), file));
                    ok = false;
                }
            }
            if (ok) {
                v.referenceIr = reference;
                v.generatedIr = generated;
            }
        }
    }
}

} // namespace tilelens::ws
