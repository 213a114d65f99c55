#include "workspace/KernelValidator.h"

#include "common/FileReader.h"
#include "common/HiddenText.h"
#include "perf/TilegymLogParser.h"
#include "workspace/AnalysisJson.h"
#include "workspace/Reports.h"
#include "workspace/StageState.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

namespace tilelens::ws {

namespace {

// kernel.rs and ffi.rs are a few hundred lines; anything past this is not read.
constexpr int64_t kMaxSourceBytes = int64_t(8) << 20;

bool nonEmptyFile(const QString& path)
{
    const QFileInfo fi(path);
    return fi.isFile() && fi.size() > 0;
}

class KernelChecker
{
public:
    KernelChecker(const QString& kernelDir, const QString& tilegymRoot, ValidationResult& r)
        : dir_(kernelDir), tg_(tilegymRoot), r_(r)
    {
    }

    void run()
    {
        files();
        kernelRsContent();
        ffiContent();
        if (!tg_.isEmpty())
            inTree();
        else
            r_.ok(QStringLiteral("in-tree checks skipped (no TileGym checkout given)"));
        r_.ok(QStringLiteral(
            "libcutile_kernels.so and its exported symbols not checked (needs cargo)"));
    }

    QString name;

private:
    QString path(const QString& rel) const { return dir_.filePath(rel); }

    void require(const QString& rel, const QString& what)
    {
        if (nonEmptyFile(path(rel)))
            r_.ok(QStringLiteral("%1 present").arg(rel));
        else
            r_.error(QStringLiteral("%1 missing or empty (%2)").arg(rel, what), std::string(),
                     path(rel));
    }

    bool agentLog(char x) const
    {
        return nonEmptyFile(
                   path(QStringLiteral("reports/agent_logs/agent_%1.md").arg(QLatin1Char(x)))) ||
               nonEmptyFile(path(QStringLiteral("reports/agent_%1.md").arg(QLatin1Char(x))));
    }

    void requireAgentLog(char x)
    {
        if (agentLog(x))
            r_.ok(QStringLiteral("agent_%1 log present").arg(QLatin1Char(x)));
        else
            r_.error(QStringLiteral("reports/agent_logs/agent_%1.md missing or empty")
                         .arg(QLatin1Char(x)));
    }

    void perfLog(const QString& rel, const QString& label, bool required)
    {
        if (!QFileInfo(path(rel)).isFile()) {
            if (required)
                r_.error(QStringLiteral("%1 missing (required perf log)").arg(rel), std::string(),
                         path(rel));
            else
                r_.warn(QStringLiteral("%1 not present (optional log)").arg(rel));
            return;
        }
        for (const Diagnostic& d : perf::checkPerfLog(path(rel), label)) {
            if (d.severity == Severity::Error)
                r_.error(QString::fromStdString(d.message), std::string(), path(rel));
            else
                r_.warn(QString::fromStdString(d.message), std::string(), path(rel));
        }
    }

    void files()
    {
        require(QStringLiteral("kernel.rs"), QStringLiteral("stage B"));
        require(QStringLiteral("ffi.rs"), QStringLiteral("stage D"));
        Diagnostics diags;
        if (QFileInfo(path(QStringLiteral("reference/analysis.json"))).isFile())
            analysis_ = loadAnalysisJson(path(QStringLiteral("reference/analysis.json")), diags);
        if (!analysis_) {
            r_.error(QStringLiteral("reference/analysis.json missing or unreadable (stage A)"),
                     std::string(), path(QStringLiteral("reference/analysis.json")));
            for (const Diagnostic& d : diags)
                r_.messages.push_back(d);
        }
        name =
            analysis_ && !analysis_->kernelName.isEmpty() ? analysis_->kernelName : dir_.dirName();
        const bool multi = analysis_ && analysis_->multiVariant();
        if (!multi) {
            require(QStringLiteral("reference/reference.mlir"),
                    QStringLiteral("single-variant reference IR"));
            require(QStringLiteral("generated/generated.mlir"),
                    QStringLiteral("single-variant generated IR"));
        } else {
            for (const AnalysisVariant& v : analysis_->variants)
                require(v.referenceIr.isEmpty()
                            ? QStringLiteral("reference/reference_%1.mlir").arg(v.name)
                            : v.referenceIr,
                        QStringLiteral("reference IR of variant %1").arg(v.name));
            const QStringList gen =
                QDir(path(QStringLiteral("generated")))
                    .entryList({QStringLiteral("generated_*.mlir")}, QDir::Files);
            if (gen.isEmpty())
                r_.error(
                    QStringLiteral("no generated/generated_*.mlir (multi-variant generated IR)"));
            else
                r_.ok(QStringLiteral("%1 generated/generated_*.mlir file(s)").arg(gen.size()));
        }
        const bool cRan =
            nonEmptyFile(path(QStringLiteral("generated/diff_report.md"))) || agentLog('c');
        if (cRan) {
            require(QStringLiteral("generated/diff_report.md"), QStringLiteral("stage C ran"));
            requireAgentLog('c');
        }
        require(QStringLiteral("reports/correctness.md"), QStringLiteral("stage D"));
        require(QStringLiteral("reports/performance.md"), QStringLiteral("stage E"));
        for (char x : {'a', 'b', 'd', 'e'})
            requireAgentLog(x);
        const bool fRan = !QDir(path(QStringLiteral("reports")))
                               .entryList({QStringLiteral("perf_investigation_*.md")}, QDir::Files)
                               .isEmpty() ||
                          agentLog('f');
        if (fRan)
            requireAgentLog('f');
        perfLog(QStringLiteral("baseline_perf_cutile.txt"), QStringLiteral("baseline_cutile"),
                true);
        perfLog(QStringLiteral("perf_cutile_rs.txt"), QStringLiteral("perf_cutile_rs"), true);
        perfLog(QStringLiteral("baseline_perf_triton_tileir.txt"),
                QStringLiteral("baseline_triton_tileir"), false);
        perfLog(QStringLiteral("baseline_perf.txt"), QStringLiteral("baseline"), false);
        perfLog(QStringLiteral("perf_cutile_py.txt"), QStringLiteral("perf_cutile_py"), false);
        if (!QFileInfo(path(name + QStringLiteral("_pipeline.rs"))).isFile())
            r_.warn(QStringLiteral("%1_pipeline.rs not found (stage B's in-Rust compile test)")
                        .arg(name));
    }

    void kernelRsContent()
    {
        const auto text = readSource(QStringLiteral("kernel.rs"));
        if (!text)
            return;
        if (!text->contains(QLatin1String("E: ElementType")))
            r_.error(QStringLiteral("kernel.rs has no generic element type 'E: ElementType'"),
                     std::string(), path(QStringLiteral("kernel.rs")));
        // Raw typed output pointers in entry parameters; statistics outputs may be *mut f32.
        static const QRegularExpression rawPtr(
            QStringLiteral(R"((\w+)\s*:\s*\*mut\s+(f16|f32|bf16)\b)"));
        static const QStringList statNames = {QStringLiteral("rstd"), QStringLiteral("mean"),
                                              QStringLiteral("var"), QStringLiteral("inv_std")};
        auto it = rawPtr.globalMatch(*text);
        while (it.hasNext()) {
            const auto m = it.next();
            if (m.captured(2) == QLatin1String("f32") && statNames.contains(m.captured(1)))
                continue;
            r_.error(
                QStringLiteral(
                    "kernel.rs entry parameter '%1: *mut %2' hard-codes the element type (use E)")
                    .arg(m.captured(1), m.captured(2)),
                std::string(), path(QStringLiteral("kernel.rs")));
        }
    }

    // The text of kernel.rs or ffi.rs, read once; nullopt when missing or unreadable (the file
    // checks say so). Its hidden characters are warned about on the way.
    std::optional<QString> readSource(const QString& rel)
    {
        Diagnostics unread;
        const auto contents = readFile(path(rel).toStdString(), unread, kMaxSourceBytes);
        if (!contents)
            return std::nullopt;
        hiddenText(rel, contents->bytes);
        lookalikeNames(rel, contents->bytes);
        return QString::fromUtf8(contents->bytes.data(), qsizetype(contents->bytes.size()));
    }

    // A warning at a place of the file `rel`.
    void warnAt(const QString& rel, FileLine line, int column, std::string message)
    {
        Diagnostic d;
        d.severity = Severity::Warning;
        d.place = {path(rel).toStdString(), line.number(), column, -1};
        d.message = std::move(message);
        r_.messages.push_back(std::move(d));
    }

    // Hidden and bidirectional Unicode (common/HiddenText.h): code that reads as one thing in a
    // review and compiles as another. A warning at the first one, naming the lines of the rest.
    void hiddenText(const QString& rel, const std::string& bytes)
    {
        const HiddenTextScan scan = scanHiddenText(bytes);
        if (!scan.found())
            return;
        const HiddenCharacter& first = scan.listed.front();
        const std::string lines = hiddenTextLines(scan);
        warnAt(rel, first.line, first.column,
               rel.toStdString() + " has " + std::to_string(scan.count) +
                   " hidden or bidirectional Unicode character(s), the first " +
                   describeHiddenCharacter(first.codePoint) +
                   (lines.find(',') == std::string::npos ? " (line " : " (lines ") + lines +
                   "): it may read differently than it compiles");
    }

    // A name with a letter of a lookalike script (a Cyrillic a in `data`), or in lookalikes
    // of Latin letters only, is another name that reads the same: a warning at the first one.
    void lookalikeNames(const QString& rel, const std::string& bytes)
    {
        const LookalikeNameScan scan = scanLookalikeNames(bytes);
        if (!scan.found())
            return;
        const LookalikeName& first = scan.listed.front();
        const std::string what =
            first.mixesScripts()
                ? "mixing " + first.scriptList() + " letters"
                : "in " + first.scriptList() + " letters that read as '" + first.readsAs + "'";
        warnAt(rel, first.line, first.column,
               rel.toStdString() + " has " + std::to_string(scan.count) +
                   " name(s) that may read as other names, the first '" + first.name + "' " + what +
                   " (" + first.odd + ")");
    }

    void ffiContent()
    {
        const auto text = readSource(QStringLiteral("ffi.rs"));
        if (!text)
            return;
        const QString file = path(QStringLiteral("ffi.rs"));
        const auto need = [&](bool ok, const QString& what) {
            if (!ok)
                r_.error(QStringLiteral("ffi.rs: %1").arg(what), std::string(), file);
        };
        need(text->contains(QLatin1String("\"f16\"")) || text->contains(QLatin1String("\"f32\"")) ||
                 text->contains(QLatin1String("\"bf16\"")) ||
                 text->contains(QLatin1String("dtype")),
             QStringLiteral("no dtype dispatch (\"f16\", \"f32\", \"bf16\" or dtype)"));
        static const QRegularExpression externFn(
            QStringLiteral(R"(pub\s+(?:unsafe\s+)?extern\s+"C"\s+fn\s+(\w+)\s*\()"));
        const auto m = externFn.match(*text);
        need(m.hasMatch(), QStringLiteral("no `pub extern \"C\" fn NAME(` launcher"));
        if (m.hasMatch())
            ffiSymbol_ = m.captured(1);
        need(text->contains(QLatin1String("*const TensorDesc")),
             QStringLiteral("no `*const TensorDesc` parameter"));
        need(text->contains(QLatin1String("borrow_tensor")) ||
                 text->contains(QLatin1String("DevicePointer::from_cu_deviceptr")),
             QStringLiteral(
                 "tensors are not borrowed (borrow_tensor or DevicePointer::from_cu_deviceptr)"));
        for (const char* bad : {"from_raw_parts", "mem::forget", "transmute"})
            need(!text->contains(QLatin1String(bad)),
                 QStringLiteral("uses %1").arg(QLatin1String(bad)));
        need(text->contains(QLatin1String("#[unsafe(no_mangle)]")),
             QStringLiteral("no #[unsafe(no_mangle)]"));
    }

    void inTree()
    {
        const QDir ops(QDir(tg_).filePath(QStringLiteral("src/tilegym/ops/cutile_rs")));
        const auto text = [&](const QString& rel) {
            return readSmallText(ops.filePath(rel)).value_or(QString());
        };
        const QString lib = text(QStringLiteral("cutile_kernels/src/lib.rs"));
        if (!lib.contains(QStringLiteral("mod %1").arg(name)) &&
            !lib.contains(QStringLiteral("%1_kernel/").arg(name)))
            r_.error(QStringLiteral(
                         "cutile_kernels/src/lib.rs has no `mod %1` or include! of %1_kernel/")
                         .arg(name));
        const QString cargo = text(QStringLiteral("cutile_kernels/Cargo.toml"));
        if (!cargo.contains(QLatin1String("cutile = \"=0.2.0\"")))
            r_.error(QStringLiteral("cutile_kernels/Cargo.toml does not pin cutile = \"=0.2.0\""));
        if (cargo.contains(QLatin1String("path =")))
            r_.error(QStringLiteral("cutile_kernels/Cargo.toml has a path dependency"));
        if (!QFileInfo(ops.filePath(QStringLiteral("ffi_util.rs"))).isFile())
            r_.warn(QStringLiteral("ops/cutile_rs/ffi_util.rs not found"));
        QString wrapperModule;
        for (const QFileInfo& fi :
             ops.entryInfoList({QStringLiteral("*.py")}, QDir::Files, QDir::Name)) {
            const QString body = readSmallText(fi.absoluteFilePath()).value_or(QString());
            if (fi.fileName() != QLatin1String("__init__.py") && !ffiSymbol_.isEmpty() &&
                body.contains(ffiSymbol_)) {
                wrapperModule = fi.completeBaseName();
                if (!body.contains(
                        QRegularExpression(QStringLiteral(R"(register_impl.*cutile-rs)"))))
                    r_.error(QStringLiteral(
                                 "wrapper %1 does not register_impl(..., backend=\"cutile-rs\")")
                                 .arg(fi.fileName()));
                break;
            }
        }
        if (wrapperModule.isEmpty())
            r_.error(QStringLiteral("no ops/cutile_rs/*.py wrapper mentions %1").arg(ffiSymbol_));
        else if (!text(QStringLiteral("__init__.py"))
                      .contains(QStringLiteral("import %1").arg(wrapperModule)))
            r_.error(
                QStringLiteral("ops/cutile_rs/__init__.py does not import %1").arg(wrapperModule));
        const QString test =
            readSmallText(QDir(tg_).filePath(QStringLiteral("tests/ops/test_%1.py").arg(name)))
                .value_or(QString());
        if (!test.contains(QRegularExpression(QStringLiteral("cutile.rs"))))
            r_.error(QStringLiteral("tests/ops/test_%1.py does not mention cutile-rs").arg(name));
    }

    QDir dir_;
    QString tg_;
    ValidationResult& r_;
    std::optional<AnalysisJson> analysis_;
    QString ffiSymbol_;
};

} // namespace

ValidationResult validateKernelDir(const QString& kernelDir, const QString& tilegymRoot)
{
    ValidationResult r;
    r.scope = QStringLiteral("kernel");
    r.target = kernelDir;
    if (!QFileInfo(kernelDir).isDir()) {
        r.inputError = true;
        r.error(QStringLiteral("kernel directory %1 does not exist").arg(kernelDir));
        r.summary << QStringLiteral("FAIL");
        return r;
    }
    KernelChecker checker(kernelDir, tilegymRoot, r);
    checker.run();
    // Pipeline state alongside, as TileLens shows it (informational).
    const PipelineState ps = derivePipelineState(kernelDir);
    QStringList stages;
    for (const StageState& s : ps.stages) {
        if (s.ran)
            stages << QStringLiteral("%1 %2")
                          .arg(QLatin1Char(s.letter))
                          .arg(s.verdict.isEmpty() ? QStringLiteral("?") : s.verdict);
    }
    r.summary << QStringLiteral("---") << QStringLiteral("kernel: %1").arg(checker.name)
              << QStringLiteral("stages: %1")
                     .arg(stages.isEmpty() ? QStringLiteral("none")
                                           : stages.join(QStringLiteral(", ")))
              << QStringLiteral("next: %1").arg(ps.next)
              << QStringLiteral("Result: %1 fail, %2 warn").arg(r.errors()).arg(r.warnings())
              << (r.passed() ? QStringLiteral("PASS") : QStringLiteral("FAIL"));
    return r;
}

} // namespace tilelens::ws
