// `tilelens-cli binding PATH [--kernel K] [--json] [--format text|json|sarif]`: the run binding
// derived from each port's launch chain (wrapper -> ffi.rs -> kernel.rs entry; the reference's
// ct.launch), with each item's source line, and the ABI findings of the chain.
// Exit 0: every entry bound, no finding above note; 2: a warn, or an entry not bound;
// 1: a critical finding; 3: input error (no such path, no port under it).

#include "CliRegistry.h"
#include "workspace/BindingReport.h"

#include <QCommandLineParser>
#include <QFileInfo>

using namespace tilelens;
using namespace tilelens::cli;

namespace {

struct BindingOptions
{
    QCommandLineOption json{QStringLiteral("json"),
                            QStringLiteral("One JSON object (tilelens.binding/1).")};
    QCommandLineOption format{QStringLiteral("format"),
                              QStringLiteral("text (default), json or sarif."),
                              QStringLiteral("FORMAT"), QStringLiteral("text")};
    QCommandLineOption kernel{QStringLiteral("kernel"),
                              QStringLiteral("Only this op, Rust entry or Python kernel."),
                              QStringLiteral("K")};

    void declare(QCommandLineParser& parser) const
    {
        parser.setApplicationDescription(QStringLiteral(
            "The run binding derived from each port's launch chain (wrapper, ffi.rs, "
            "kernel.rs entry; the reference's ct.launch), with its source lines and "
            "the ABI findings."));
        parser.addHelpOption();
        parser.addOption(json);
        parser.addOption(format);
        parser.addOption(kernel);
        parser.addPositionalArgument(QStringLiteral("PATH"),
                                     QStringLiteral("TileGym checkout or kernel directory."));
    }
};

int runBinding(const QStringList& args)
{
    QCommandLineParser parser;
    const BindingOptions opt;
    opt.declare(parser);
    if (const auto code = parseCommandLine(parser, args, UsageOnError::ErrorOnly))
        return *code;
    const QStringList positional = parser.positionalArguments();
    if (positional.size() != 1) {
        printErr(QStringLiteral("tilelens-cli binding: expected exactly one PATH\n"));
        return ExitInputError;
    }
    const QString format =
        parser.isSet(opt.json) ? QStringLiteral("json") : parser.value(opt.format);
    if (format != QLatin1String("text") && format != QLatin1String("json") &&
        format != QLatin1String("sarif")) {
        printErr(QStringLiteral("tilelens-cli binding: unknown format '%1' (expected text, json, "
                                "sarif)\n")
                     .arg(format));
        return ExitInputError;
    }
    const QFileInfo info(positional.first());
    if (!info.isDir()) {
        printErr(QStringLiteral("%1: error: %2\n")
                     .arg(positional.first(), info.exists() ? QStringLiteral("not a directory")
                                                            : QStringLiteral("no such directory")));
        return ExitInputError;
    }
    const std::string wanted = parser.value(opt.kernel).toStdString();
    const ws::BindingReport report =
        ws::bindingReport(ws::discoverWorkspace(info.absoluteFilePath()), wanted);
    if (report.empty()) {
        printErr(QStringLiteral("%1: error: %2\n")
                     .arg(positional.first(),
                          wanted.empty() ? QStringLiteral("no port (kernel.rs) found")
                                         : QStringLiteral("no port entry or kernel named '%1'")
                                               .arg(QString::fromStdString(wanted))));
        return ExitInputError;
    }
    if (format == QLatin1String("json"))
        printOutUtf8(ws::bindingReportJson(report, info.absoluteFilePath().toStdString()));
    else if (format == QLatin1String("sarif"))
        printOutUtf8(ws::bindingReportSarif(report));
    else
        printOutUtf8(ws::bindingReportText(report));
    return report.critical ? ExitFail : (report.warn || report.unbound) ? ExitNotes : ExitOk;
}

CliCommandRegistration reg({QStringLiteral("binding"),
                            QStringLiteral("derive the run binding of each port from its launch "
                                           "chain, with ABI findings"),
                            &runBinding});

} // namespace
