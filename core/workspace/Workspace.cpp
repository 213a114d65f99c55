#include "workspace/Workspace.h"

#include "workspace/AttachedIr.h"
#include "workspace/CheckoutPorts.h"
#include "workspace/Reports.h"

#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QRegularExpression>
#include <algorithm>
#include <memory>
#include <set>

namespace tilelens::ws {
namespace {

// A kernel-out root with more entries than this is not scanned further.
constexpr int kMaxKernelDirs = 5000;

// Only reference/ and generated/ IR (no analysis.json, no kernel.rs) is enough
// to open: e.g. the IR a reviewer dumped by hand.
bool hasIrOnly(const QDir& dir)
{
    return !QDir(dir.filePath(QStringLiteral("reference")))
                .entryList(
                    {QStringLiteral("reference*.mlir"), QStringLiteral("reference*.tileirbc")},
                    QDir::Files)
                .isEmpty() ||
           !QDir(dir.filePath(QStringLiteral("generated")))
                .entryList(
                    {QStringLiteral("generated*.mlir"), QStringLiteral("generated*.tileirbc")},
                    QDir::Files)
                .isEmpty();
}

bool looksLikeKernelDir(const QDir& dir)
{
    return QFileInfo::exists(dir.filePath(QStringLiteral("reference/analysis.json"))) ||
           QFileInfo::exists(dir.filePath(QStringLiteral("kernel.rs"))) || hasIrOnly(dir);
}

QString existingFile(const QDir& dir, const QString& rel)
{
    if (rel.isEmpty())
        return {};
    QFileInfo fi(dir.filePath(rel));
    return fi.isFile() ? fi.absoluteFilePath() : QString();
}

QString firstExisting(const QDir& dir, const QStringList& rels)
{
    for (const QString& rel : rels) {
        if (QString path = existingFile(dir, rel); !path.isEmpty())
            return path;
    }
    return {};
}

Diagnostic kernelDiag(const QString& file, const QString& message, Severity sev = Severity::Warning,
                      int line = 0)
{
    Diagnostic d;
    d.severity = sev;
    d.place.file = file.toStdString();
    d.place.line = line;
    d.message = message.toStdString();
    return d;
}

QStringList kernelSubdirs(const QDir& root)
{
    QStringList out;
    const auto entries = root.entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    for (const QFileInfo& sub : entries) {
        if (out.size() >= kMaxKernelDirs)
            break;
        if (looksLikeKernelDir(QDir(sub.absoluteFilePath())))
            out.push_back(sub.absoluteFilePath());
    }
    return out;
}

QString inTreeRoot(const QString& tg)
{
    return QDir(tg).filePath(QStringLiteral("src/tilegym/ops/cutile_rs"));
}

// Compares the working-dir and in-tree copies of a twin file (§1.5).
void checkTwin(Kernel& k, const QString& wsCopy, const QString& treeCopy, const char* what)
{
    if (wsCopy.isEmpty() || treeCopy.isEmpty())
        return;
    const auto a = readSmallText(wsCopy);
    const auto b = readSmallText(treeCopy);
    if (!a || !b || *a == *b)
        return;
    const QStringList la = a->split(QLatin1Char('\n'));
    const QStringList lb = b->split(QLatin1Char('\n'));
    int line = 0;
    while (line < la.size() && line < lb.size() && la.at(line) == lb.at(line))
        ++line;
    k.diagnostics.push_back(kernelDiag(
        wsCopy,
        QStringLiteral("%1 differs from the in-tree copy %2 (first difference at line %3); "
                       "validators read this copy, the library is built from the other")
            .arg(QLatin1String(what), treeCopy)
            .arg(line + 1),
        Severity::Warning, line + 1));
}

QString findPythonSource(const QDir& dir, const QString& tg, const QString& source,
                         const QString& kernelName)
{
    QStringList candidates;
    if (!source.isEmpty()) {
        if (!tg.isEmpty())
            candidates << QDir(tg).filePath(source);
        candidates << dir.filePath(source)
                   << dir.filePath(QStringLiteral("reference/") + QFileInfo(source).fileName());
    } else if (!tg.isEmpty()) {
        candidates << QDir(tg).filePath(
            QStringLiteral("src/tilegym/ops/cutile/%1.py").arg(kernelName));
    }
    for (const QString& c : candidates) {
        if (QFileInfo(c).isFile())
            return QFileInfo(c).absoluteFilePath();
    }
    if (!source.isEmpty())
        return {};
    // No analysis.json: the reference kernel beside the reference IR, by the
    // kernel's name or as the only Python file there (tests left out).
    const QDir reference(dir.filePath(QStringLiteral("reference")));
    if (const QString named = reference.filePath(kernelName + QStringLiteral(".py"));
        QFileInfo(named).isFile())
        return QFileInfo(named).absoluteFilePath();
    QStringList python = reference.entryList({QStringLiteral("*.py")}, QDir::Files, QDir::Name);
    python.erase(
        std::remove_if(python.begin(), python.end(),
                       [](const QString& f) { return f.startsWith(QLatin1String("test_")); }),
        python.end());
    return python.size() == 1 ? QFileInfo(reference.filePath(python.front())).absoluteFilePath()
                              : QString();
}

void mapVariantsToSources(Kernel& k)
{
    std::unique_ptr<PythonSource> py; // indexed once for every variant's lookup
    if (!k.pythonSource.isEmpty())
        if (const auto text = readSmallText(k.pythonSource))
            py = std::make_unique<PythonSource>(*text);
    std::set<QString> mapped;
    for (Variant& v : k.variants) {
        if (py && !v.kernelFunction.isEmpty()) {
            const PythonFunctionRange r = py->find(v.kernelFunction);
            v.pythonFirstLine = r.firstLine;
            v.pythonLastLine = r.lastLine;
            if (!r.found())
                k.diagnostics.push_back(
                    kernelDiag(k.pythonSource,
                               QStringLiteral("kernel_function %1 is not defined in the Python "
                                              "reference")
                                   .arg(v.kernelFunction)));
            else if (!r.isCtKernel)
                k.diagnostics.push_back(kernelDiag(
                    k.pythonSource,
                    QStringLiteral("%1 is not decorated with @ct.kernel").arg(v.kernelFunction),
                    Severity::Note, r.defLine));
        }
        for (const RustEntry& e : k.entries) {
            if (!k.multiVariant || entryMatchesVariant(e.name, v.name)) {
                v.rustEntries.push_back(e.name);
                mapped.insert(e.name);
            }
        }
        if (k.multiVariant && v.rustEntries.isEmpty() && !k.rustKernel.isEmpty())
            k.diagnostics.push_back(kernelDiag(
                k.rustKernel,
                QStringLiteral("no #[cutile::entry] function in kernel.rs matches variant "
                               "'%1' (NOT_FOUND in validate_entry_pattern.sh)")
                    .arg(v.name)));
    }
    for (const RustEntry& e : k.entries) {
        if (!mapped.count(e.name))
            k.diagnostics.push_back(kernelDiag(
                k.rustKernel, QStringLiteral("entry %1 matches no variant name").arg(e.name),
                Severity::Note, e.line));
    }
}

// §1.5 supplement rules plus reference/supplements/*.mlir.
void findSupplements(Kernel& k, const QDir& dir)
{
    std::set<QString> found;
    const QDir supp(dir.filePath(QStringLiteral("reference/supplements")));
    for (const QFileInfo& fi :
         supp.entryInfoList({QStringLiteral("*.mlir")}, QDir::Files, QDir::Name))
        found.insert(fi.absoluteFilePath());
    if (k.analysis) {
        for (const AnalysisVariant& v : k.analysis->variants) {
            for (const QString& s : v.supplements) {
                if (QString path = existingFile(dir, s); !path.isEmpty())
                    found.insert(path);
            }
        }
    }
    static const QRegularExpression dtypeSuffix(
        QStringLiteral(R"(^reference_(.+)_(f16|f32|bf16|fp8|tf32|float16|float32)\.mlir$)"));
    std::set<QString> variantRefs;
    for (const Variant& v : k.variants)
        variantRefs.insert(v.referenceIr);
    const QDir ref(dir.filePath(QStringLiteral("reference")));
    for (const QFileInfo& fi :
         ref.entryInfoList({QStringLiteral("reference_*.mlir")}, QDir::Files, QDir::Name)) {
        const auto m = dtypeSuffix.match(fi.fileName());
        if (m.hasMatch() && ref.exists(QStringLiteral("reference_%1.mlir").arg(m.captured(1))))
            found.insert(fi.absoluteFilePath());
        else if (!variantRefs.count(fi.absoluteFilePath()) && !found.count(fi.absoluteFilePath()))
            k.diagnostics.push_back(kernelDiag(
                fi.absoluteFilePath(),
                QStringLiteral("reference IR %1 is neither a variant of analysis.json nor "
                               "a supplement")
                    .arg(fi.fileName()),
                Severity::Note));
    }
    for (const QString& s : found)
        k.supplements.push_back(s);
}

} // namespace

bool isTilegymCheckout(const QString& dir)
{
    return QFileInfo(QDir(dir).filePath(QStringLiteral("src/tilegym"))).isDir();
}

Kernel loadKernel(const QString& kernelDir, const QString& tilegymRoot)
{
    const QDir dir(kernelDir);
    Kernel k;
    k.name = dir.dirName();
    k.dir = dir.absolutePath();
    std::optional<size_t> irOnlyNote; // "no reference/analysis.json: ..." (says what is shown)
    k.analysisJson = existingFile(dir, QStringLiteral("reference/analysis.json"));
    if (!k.analysisJson.isEmpty()) {
        k.analysis = loadAnalysisJson(k.analysisJson, k.diagnostics);
    } else if (!QFileInfo::exists(dir.filePath(QStringLiteral("kernel.rs"))) && hasIrOnly(dir)) {
        irOnlyNote = k.diagnostics.size();
        k.diagnostics.push_back(
            kernelDiag(k.dir, QStringLiteral("no reference/analysis.json: only the IR is shown"),
                       Severity::Note));
    } else {
        k.diagnostics.push_back(
            kernelDiag(k.dir, QStringLiteral("reference/analysis.json is missing")));
    }
    if (k.analysis && !k.analysis->kernelName.isEmpty())
        k.name = k.analysis->kernelName;
    k.multiVariant = k.analysis && k.analysis->multiVariant();

    if (!tilegymRoot.isEmpty()) {
        const QString tree =
            QDir(inTreeRoot(tilegymRoot)).filePath(k.name + QStringLiteral("_kernel"));
        if (QFileInfo(tree).isDir()) {
            k.inTreeDir = QFileInfo(tree).absoluteFilePath();
            k.inTreeKernelRs = existingFile(QDir(tree), QStringLiteral("kernel.rs"));
            k.inTreeFfiRs = existingFile(QDir(tree), QStringLiteral("ffi.rs"));
        }
    }
    k.rustKernel = existingFile(dir, QStringLiteral("kernel.rs"));
    k.rustFfi = existingFile(dir, QStringLiteral("ffi.rs"));
    checkTwin(k, k.rustKernel, k.inTreeKernelRs, "kernel.rs");
    checkTwin(k, k.rustFfi, k.inTreeFfiRs, "ffi.rs");
    if (k.rustKernel.isEmpty())
        k.rustKernel = k.inTreeKernelRs;
    if (k.rustFfi.isEmpty())
        k.rustFfi = k.inTreeFfiRs;
    if (!k.rustKernel.isEmpty()) {
        if (const auto text = readSmallText(k.rustKernel, &k.diagnostics))
            k.entries = findRustEntries(*text);
    }

    k.pythonSource =
        findPythonSource(dir, tilegymRoot, k.analysis ? k.analysis->source : QString(), k.name);
    if (k.pythonSource.isEmpty() && k.analysis && !k.analysis->source.isEmpty())
        k.diagnostics.push_back(
            kernelDiag(k.analysisJson,
                       QStringLiteral("Python reference %1 not found (open the TileGym checkout "
                                      "too, or set TILEGYM_PATH)")
                           .arg(k.analysis->source),
                       Severity::Note));
    if (irOnlyNote && !k.pythonSource.isEmpty()) // the panes and `kernels` show the .py too
        k.diagnostics[*irOnlyNote].message =
            QStringLiteral(
                "no reference/analysis.json: the IR and %1 are shown, no function paired")
                .arg(dir.relativeFilePath(k.pythonSource))
                .toStdString();
    const QString testRel = QStringLiteral("tests/ops/test_%1.py").arg(k.name);
    if (!tilegymRoot.isEmpty())
        k.testFile = existingFile(QDir(tilegymRoot), testRel);
    if (k.testFile.isEmpty())
        k.testFile =
            firstExisting(dir, {testRel, QStringLiteral("reference/test_%1.py").arg(k.name)});

    if (k.multiVariant) {
        for (const AnalysisVariant& av : k.analysis->variants) {
            Variant v;
            v.name = av.name;
            v.analysisName = av.name;
            v.kernelFunction = av.kernelFunction;
            v.baselineBackend = k.analysis->winnerFor(av.name);
            v.referenceIr = firstExisting(
                dir, {av.referenceIr, QStringLiteral("reference/reference_%1.mlir").arg(av.name),
                      QStringLiteral("reference/reference_%1.tileirbc").arg(av.name)});
            v.generatedIr = firstExisting(
                dir, {QStringLiteral("generated/generated_%1_canon.mlir").arg(av.name),
                      QStringLiteral("generated/generated_%1.mlir").arg(av.name),
                      QStringLiteral("generated/generated_%1.tileirbc").arg(av.name)});
            v.perfLog = existingFile(dir, QStringLiteral("perf_cutile_rs_%1.txt").arg(av.name));
            k.variants.push_back(v);
        }
    } else {
        Variant v;
        if (k.analysis && !k.analysis->variants.empty()) {
            v.kernelFunction = k.analysis->variants.front().kernelFunction;
            v.analysisName = k.analysis->variants.front().name;
        }
        v.baselineBackend = k.analysis ? k.analysis->winnerFor(v.analysisName) : QString();
        v.referenceIr = firstExisting(dir, {QStringLiteral("reference/reference.mlir"),
                                            QStringLiteral("reference/reference.tileirbc")});
        v.generatedIr = firstExisting(dir, {QStringLiteral("generated/generated_canon.mlir"),
                                            QStringLiteral("generated/generated.mlir"),
                                            QStringLiteral("generated/generated.tileirbc")});
        k.variants.push_back(v);
    }
    for (const Variant& v : k.variants) {
        const QString label =
            v.name.isEmpty() ? QString() : QStringLiteral(" of variant '%1'").arg(v.name);
        if (v.referenceIr.isEmpty() && !k.analysisJson.isEmpty())
            k.diagnostics.push_back(
                kernelDiag(k.dir, QStringLiteral("reference IR%1 not found").arg(label)));
        if (v.generatedIr.isEmpty() && !k.rustKernel.isEmpty())
            k.diagnostics.push_back(
                kernelDiag(k.dir, QStringLiteral("generated IR%1 not found").arg(label)));
    }
    mapVariantsToSources(k);
    findSupplements(k, dir);

    const QString winner = k.variants.front().baselineBackend;
    QStringList baselines;
    if (!k.multiVariant)
        baselines << QStringLiteral("baseline_perf.txt");
    baselines << (winner == QLatin1String("triton")
                      ? QStringLiteral("baseline_perf_triton_tileir.txt")
                      : QStringLiteral("baseline_perf_cutile.txt"))
              << QStringLiteral("baseline_perf_cutile.txt");
    k.baselineLog = firstExisting(dir, baselines);
    k.candidateLog = existingFile(dir, QStringLiteral("perf_cutile_rs.txt"));
    return k;
}

Workspace discoverWorkspace(const QString& path)
{
    return discoverWorkspace(path, DiscoveryOptions());
}

namespace {

Workspace discoverFiles(const QString& path, const DiscoveryOptions& options)
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
    const QDir root(ws.root);
    // One landed port of a checkout (src/tilegym/ops/cutile_rs/<op>_kernel).
    if (const QString checkout = enclosingCheckout(ws.root);
        !checkout.isEmpty() && root.dirName().endsWith(QLatin1String("_kernel")) &&
        QFileInfo(ws.root).dir() == QDir(inTreeRoot(checkout))) {
        ws.tilegymRoot = checkout;
        const CheckoutPairings pairings = readCheckoutPairings(checkout, ws.diagnostics);
        const auto manual = pairings.find(root.dirName().chopped(7));
        ws.kernels.push_back(loadCheckoutPort(
            checkout, ws.root, manual == pairings.end() ? ManualPairings() : manual->second));
        return ws;
    }
    if (!options.tilegymRoot.isEmpty() && isTilegymCheckout(options.tilegymRoot))
        ws.tilegymRoot = QFileInfo(options.tilegymRoot).absoluteFilePath();
    else if (isTilegymCheckout(ws.root))
        ws.tilegymRoot = ws.root;

    QStringList kernelDirs;
    if (looksLikeKernelDir(root)) {
        kernelDirs << ws.root;
    } else {
        QStringList outRoots;
        if (!options.kernelOutRoot.isEmpty())
            outRoots << options.kernelOutRoot;
        outRoots << ws.root;
        // "Both roots" in one directory: a checkout and a kernel-out root side by side.
        for (const QFileInfo& sub :
             root.entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
            if (ws.tilegymRoot.isEmpty() && isTilegymCheckout(sub.absoluteFilePath()))
                ws.tilegymRoot = sub.absoluteFilePath();
            else if (!looksLikeKernelDir(QDir(sub.absoluteFilePath())))
                outRoots << sub.absoluteFilePath();
        }
        for (const QString& out : outRoots) {
            const QStringList found = kernelSubdirs(QDir(out));
            if (!found.isEmpty()) {
                ws.kernelOutRoot = QFileInfo(out).absoluteFilePath();
                kernelDirs = found;
                break;
            }
        }
    }
    std::set<QString> names;
    for (const QString& d : kernelDirs) {
        ws.kernels.push_back(loadKernel(d, ws.tilegymRoot));
        names.insert(ws.kernels.back().name);
    }
    // Ports committed in the checkout without a working directory here.
    if (!ws.tilegymRoot.isEmpty()) {
        const QDir tree(inTreeRoot(ws.tilegymRoot));
        const CheckoutPairings pairings = readCheckoutPairings(ws.tilegymRoot, ws.diagnostics);
        for (const QFileInfo& sub :
             tree.entryInfoList({QStringLiteral("*_kernel")}, QDir::Dirs, QDir::Name)) {
            const QString name = sub.fileName().chopped(7);
            if (names.count(name))
                continue;
            const auto manual = pairings.find(name);
            ws.kernels.push_back(
                loadCheckoutPort(ws.tilegymRoot, sub.absoluteFilePath(),
                                 manual == pairings.end() ? ManualPairings() : manual->second));
        }
    }
    if (ws.kernels.empty()) {
        Diagnostic d;
        d.severity = Severity::Warning;
        d.place.file = path.toStdString();
        d.message = "no kernel directories found (a kernel directory holds reference/analysis.json "
                    "or kernel.rs)";
        ws.diagnostics.push_back(d);
    }
    return ws;
}

} // namespace

Workspace discoverWorkspace(const QString& path, const DiscoveryOptions& options)
{
    Workspace ws = discoverFiles(path, options);
    applyAttachedIr(ws); // File > Attach IR… wins over the discovered IR
    return ws;
}

} // namespace tilelens::ws
