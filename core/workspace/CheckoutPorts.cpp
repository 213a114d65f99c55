#include "workspace/CheckoutPorts.h"

#include "common/FileReader.h"
#include "common/JsonWrite.h"
#include "common/OwnedFiles.h"
#include "workspace/JsonFile.h"
#include "workspace/Reports.h"

#include <QDir>
#include <QFileInfo>
#include <memory>

namespace tilelens::ws {
namespace {

constexpr const char* kPairingsSchema = "tilelens.pairings/1";
constexpr int kMaxCheckoutDepth = 8; // how far up from an opened path a checkout is looked for

Diagnostic portDiag(const QString& file, const QString& message, Severity sev, int line = 0,
                    const std::string& pointer = {})
{
    Diagnostic d;
    d.severity = sev;
    d.place.file = file.toStdString();
    d.place.line = line;
    d.message = message.toStdString();
    d.jsonPointer = pointer;
    return d;
}

QString existing(const QDir& dir, const QString& rel)
{
    const QFileInfo fi(dir.filePath(rel));
    return fi.isFile() ? fi.absoluteFilePath() : QString();
}

QString firstExisting(const QDir& dir, const QStringList& rels)
{
    for (const QString& rel : rels)
        if (QString path = existing(dir, rel); !path.isEmpty())
            return path;
    return {};
}

// The pairings document of `bytes` (an empty one for an absent file, `bytes` == nullopt);
// nullopt with a diagnostic when it is malformed.
std::optional<Json> pairingsDocument(const std::optional<std::string>& bytes, const QString& path,
                                     Diagnostics& diags)
{
    if (!bytes)
        return Json{{"schema", kPairingsSchema}, {"kernels", Json::object()}};
    if (bytes->find_first_not_of(" \t\r\n") == std::string::npos) {
        diags.push_back(portDiag(path, QStringLiteral("file is empty"), Severity::Error));
        return std::nullopt;
    }
    auto doc = parseJson(*bytes, path, diags);
    if (!doc)
        return std::nullopt;
    if (!doc->is_object() || !doc->contains("kernels") || !(*doc)["kernels"].is_object()) {
        diags.push_back(portDiag(path,
                                 QStringLiteral("expected an object with a \"kernels\" object "
                                                "(schema %1)")
                                     .arg(QLatin1String(kPairingsSchema)),
                                 Severity::Error, 0, "/kernels"));
        return std::nullopt;
    }
    return doc;
}

// Reads the whole pairings document (or an empty one when the file is absent).
std::optional<Json> readPairingsDocument(const QString& checkoutRoot, Diagnostics& diags)
{
    const QString path = pairingsFile(checkoutRoot);
    if (!QFileInfo::exists(path))
        return pairingsDocument(std::nullopt, path, diags);
    auto contents = readFile(path.toStdString(), diags, kMaxJsonBytes);
    if (!contents)
        return std::nullopt;
    return pairingsDocument(std::move(contents->bytes), path, diags);
}

// The pairings a well-formed document holds; entries of the wrong type are diagnosed.
CheckoutPairings pairingsOf(const Json& doc, const QString& path, Diagnostics& diags)
{
    CheckoutPairings out;
    for (const auto& [kernel, entries] : doc["kernels"].items()) {
        const std::string at = jsonPointer({"kernels", kernel});
        if (!entries.is_object()) {
            diags.push_back(portDiag(
                path,
                QStringLiteral("kernel %1: expected an object of entry -> "
                               "Python function, found %2")
                    .arg(QString::fromStdString(kernel), QLatin1String(jsonTypeName(entries))),
                Severity::Error, 0, at));
            continue;
        }
        ManualPairings& pairs = out[QString::fromStdString(kernel)];
        for (const auto& [entry, function] : entries.items()) {
            if (function.is_null()) {
                pairs[QString::fromStdString(entry)] = QString();
            } else if (function.is_string() && !function.get<std::string>().empty()) {
                pairs[QString::fromStdString(entry)] =
                    QString::fromStdString(function.get<std::string>());
            } else {
                diags.push_back(portDiag(
                    path,
                    QStringLiteral("entry %1: expected a Python function "
                                   "name or null, found %2")
                        .arg(QString::fromStdString(entry), QLatin1String(jsonTypeName(function))),
                    Severity::Error, 0, jsonPointerAppend(at, entry)));
            }
        }
    }
    return out;
}

// The read-modify-write of pairings.json: under a lock beside it (concurrent writers, the GUI
// and an agent say, would otherwise lose each other's pairings), through OwnedDir (never
// through a symbolic link in .tilelens).
bool updatePairing(const QString& checkoutRoot, const QString& kernel, const QString& entry,
                   const std::optional<QString>& function, QString* error)
{
    const auto dir = OwnedDir::open(checkoutRoot, QStringLiteral(".tilelens"), error);
    if (!dir)
        return false;
    const auto lock =
        OwnedLock::acquire(*dir, QStringLiteral("pairings.json.lock"), kOwnedLockTimeout, error);
    if (!lock)
        return false;
    const OwnedDir::ReadResult read = dir->readFile(QStringLiteral("pairings.json"), kMaxJsonBytes);
    if (read.status == OwnedDir::ReadStatus::Failed) {
        if (error)
            *error = read.error;
        return false;
    }
    Diagnostics diags;
    const auto text = editPairingsText(read.status == OwnedDir::ReadStatus::Read
                                           ? std::optional(read.bytes.toStdString())
                                           : std::nullopt,
                                       pairingsFile(checkoutRoot), kernel, entry, function, diags);
    if (!text) {
        if (error)
            *error = diags.empty()
                         ? QStringLiteral("cannot read %1").arg(pairingsFile(checkoutRoot))
                         : QString::fromStdString(diags.front().format());
        return false;
    }
    return dir->replaceFile(QStringLiteral("pairings.json"), QByteArray::fromStdString(*text),
                            error);
}

} // namespace

QString checkoutTileLensDir(const QString& checkoutRoot)
{
    return QDir(checkoutRoot).filePath(QStringLiteral(".tilelens"));
}

QString pairingsFile(const QString& checkoutRoot)
{
    return QDir(checkoutTileLensDir(checkoutRoot)).filePath(QStringLiteral("pairings.json"));
}

QString checkoutIrDir(const QString& checkoutRoot, const QString& kernel, const QString& entry)
{
    return QDir(checkoutTileLensDir(checkoutRoot))
        .filePath(QStringLiteral("ir/%1/%2").arg(kernel, entry));
}

CheckoutPairings parseCheckoutPairings(const std::optional<std::string>& bytes, const QString& path,
                                       Diagnostics& diags)
{
    const auto doc = pairingsDocument(bytes, path, diags);
    return doc ? pairingsOf(*doc, path, diags) : CheckoutPairings();
}

CheckoutPairings readCheckoutPairings(const QString& checkoutRoot, Diagnostics& diags)
{
    const auto doc = readPairingsDocument(checkoutRoot, diags);
    return doc ? pairingsOf(*doc, pairingsFile(checkoutRoot), diags) : CheckoutPairings();
}

std::optional<std::string> editPairingsText(const std::optional<std::string>& bytes,
                                            const QString& path, const QString& kernel,
                                            const QString& entry,
                                            const std::optional<QString>& function,
                                            Diagnostics& diags)
{
    auto doc = pairingsDocument(bytes, path, diags);
    if (!doc)
        return std::nullopt;
    Json& kernels = (*doc)["kernels"];
    Json& forKernel = kernels[kernel.toStdString()];
    if (!forKernel.is_object())
        forKernel = Json::object();
    if (!function) {
        forKernel.erase(entry.toStdString());
        if (forKernel.empty())
            kernels.erase(kernel.toStdString());
    } else if (!function->isEmpty()) {
        forKernel[entry.toStdString()] = function->toStdString();
    } else {
        forKernel[entry.toStdString()] = nullptr;
    }
    (*doc)["schema"] = kPairingsSchema;
    return jsonText(*doc) + "\n";
}

bool writeCheckoutPairing(const QString& checkoutRoot, const QString& kernel, const QString& entry,
                          const QString& pythonFunction, QString* error)
{
    return updatePairing(checkoutRoot, kernel, entry, pythonFunction, error);
}

bool clearCheckoutPairing(const QString& checkoutRoot, const QString& kernel, const QString& entry,
                          QString* error)
{
    return updatePairing(checkoutRoot, kernel, entry, std::nullopt, error);
}

QString enclosingCheckout(const QString& path)
{
    QDir dir(QFileInfo(path).absoluteFilePath());
    for (int depth = 0; depth < kMaxCheckoutDepth; ++depth) {
        if (isTilegymCheckout(dir.absolutePath()))
            return dir.absolutePath();
        if (!dir.cdUp())
            break;
    }
    return {};
}

Kernel loadCheckoutPort(const QString& checkoutRoot, const QString& inTreeDir,
                        const ManualPairings& manual)
{
    const QDir tree(inTreeDir);
    const QDir ops(QDir(checkoutRoot).filePath(QStringLiteral("src/tilegym/ops")));
    Kernel k;
    k.checkoutPort = true;
    k.name = tree.dirName().endsWith(QLatin1String("_kernel")) ? tree.dirName().chopped(7)
                                                               : tree.dirName();
    k.dir = tree.absolutePath();
    k.inTreeDir = k.dir;
    k.rustKernel = existing(tree, QStringLiteral("kernel.rs"));
    k.rustFfi = existing(tree, QStringLiteral("ffi.rs"));
    k.inTreeKernelRs = k.rustKernel;
    k.inTreeFfiRs = k.rustFfi;
    k.rustWrapper = existing(ops, QStringLiteral("cutile_rs/%1.py").arg(k.name));
    k.pythonSource = existing(ops, QStringLiteral("cutile/%1.py").arg(k.name));
    k.testFile = existing(QDir(checkoutRoot), QStringLiteral("tests/ops/test_%1.py").arg(k.name));

    if (k.rustKernel.isEmpty())
        k.diagnostics.push_back(
            portDiag(k.dir, QStringLiteral("kernel.rs is missing"), Severity::Warning));
    else if (const auto text = readSmallText(k.rustKernel, &k.diagnostics))
        k.entries = findRustEntries(*text);
    if (!k.rustKernel.isEmpty() && k.entries.empty())
        k.diagnostics.push_back(portDiag(k.rustKernel,
                                         QStringLiteral("kernel.rs has no #[cutile::entry] "
                                                        "function"),
                                         Severity::Warning));

    std::vector<PythonKernel> pythonKernels;
    std::unique_ptr<PythonSource> python; // indexed once: every pairing looks up its range
    const QString pythonRel = QStringLiteral("src/tilegym/ops/cutile/%1.py").arg(k.name);
    if (k.pythonSource.isEmpty()) {
        k.diagnostics.push_back(portDiag(
            k.dir,
            QStringLiteral("no cuTile Python reference %1 in the checkout: the Rust entries stay "
                           "unpaired")
                .arg(pythonRel),
            Severity::Warning));
    } else if (const auto py = readSmallText(k.pythonSource, &k.diagnostics)) {
        python = std::make_unique<PythonSource>(*py);
        pythonKernels = findPythonKernels(*python);
    }

    for (const EntryPairing& p : pairEntries(k.entries, pythonKernels, manual)) {
        Variant v;
        v.name = p.entry.name;
        v.rustEntries << p.entry.name;
        v.pairing = QString::fromLatin1(pairingRuleWord(p.rule));
        if (p.python) {
            v.kernelFunction = p.python->name;
            v.analysisName = p.python->name;
            const auto r = python->find(p.python->name);
            v.pythonFirstLine = r.firstLine;
            v.pythonLastLine = r.lastLine;
        }
        if (!p.python && !k.pythonSource.isEmpty())
            k.diagnostics.push_back(portDiag(
                k.rustKernel,
                QStringLiteral("entry %1 is not paired with a Python kernel of %2: %3 (pair it "
                               "by hand in .tilelens/pairings.json or with tilelens-cli kernels "
                               "--pair)")
                    .arg(p.entry.name, pythonRel, p.reason),
                Severity::Warning, p.entry.line));
        else if (p.python && !p.reason.isEmpty())
            k.diagnostics.push_back(
                portDiag(pairingsFile(checkoutRoot), p.reason, Severity::Warning));
        const QDir ir(checkoutIrDir(checkoutRoot, k.name, v.name));
        v.referenceIr = firstExisting(ir, {QStringLiteral("reference_canon.mlir"),
                                           QStringLiteral("reference.mlir"),
                                           QStringLiteral("reference.tileirbc")});
        v.generatedIr = firstExisting(ir, {QStringLiteral("generated_canon.mlir"),
                                           QStringLiteral("generated.mlir"),
                                           QStringLiteral("generated.tileirbc")});
        k.variants.push_back(v);
    }
    if (k.variants.empty())
        k.variants.emplace_back();
    k.multiVariant = k.variants.size() > 1;
    return k;
}

} // namespace tilelens::ws
