// `tilelens-cli kernels [--json] [--pair K/E=F] [--forget K/E] PATH`: what discovery found in a
// TileGym checkout, a kernel-out root or a kernel directory, as the GUI lists it: kernels,
// variants, the Rust entry and Python @ct.kernel of each and their IR. --pair / --forget edit the
// hand pairings of a checkout (.tilelens/pairings.json) before listing.
// Exit 0 all variants paired, 2 some unpaired or problems found, 1 no kernel, 3 input error.

#include "CliRegistry.h"
#include "common/BytePath.h"
#include "pair/KernelListing.h"
#include "workspace/CheckoutPorts.h"
#include "workspace/Workspace.h"

#include <QCommandLineParser>
#include <QFileInfo>

using namespace tilelens;
using namespace tilelens::cli;

namespace {

// "KERNEL/ENTRY=FUNCTION" (FUNCTION may be empty) or, for --forget, "KERNEL/ENTRY".
bool splitPairSpec(const QString& spec, bool withFunction, QString& kernel, QString& entry,
                   QString& function)
{
    const int slash = int(spec.indexOf(QLatin1Char('/')));
    const int eq = withFunction ? int(spec.indexOf(QLatin1Char('='))) : int(spec.size());
    if (slash <= 0 || eq < 0 || eq <= slash + 1)
        return false;
    kernel = spec.left(slash);
    entry = spec.mid(slash + 1, eq - slash - 1);
    function = withFunction ? spec.mid(eq + 1) : QString();
    return true;
}

struct KernelsOptions
{
    QCommandLineOption json{QStringLiteral("json"),
                            QStringLiteral("Print one tilelens.kernels/1 JSON object.")};
    QCommandLineOption pair{
        QStringLiteral("pair"),
        QStringLiteral("Pair a Rust entry with a Python function by hand in the checkout's "
                       ".tilelens/pairings.json (an empty FUNCTION leaves it unpaired)."),
        QStringLiteral("KERNEL/ENTRY=FUNCTION")};
    QCommandLineOption forget{
        QStringLiteral("forget"),
        QStringLiteral("Drop the hand pairing of an entry (the automatic rules apply again)."),
        QStringLiteral("KERNEL/ENTRY")};

    void declare(QCommandLineParser& parser) const
    {
        parser.setApplicationDescription(QStringLiteral(
            "List what TileLens finds in a TileGym checkout, a kernel-out root or a kernel "
            "directory: kernels, their variants, the Rust #[cutile::entry] and the Python "
            "@ct.kernel of each, and their reference/generated IR.\n"
            "Exit codes: 0 every variant paired, 2 some variant unpaired or problems found, 1 no "
            "kernel found, 3 usage or input error."));
        parser.addHelpOption();
        parser.addOption(json);
        parser.addOption(pair);
        parser.addOption(forget);
        parser.addPositionalArgument(QStringLiteral("PATH"),
                                     QStringLiteral("TileGym checkout, kernel-out root or kernel "
                                                    "directory."));
    }
};

// --pair / --forget: the hand pairings of the checkout \a path is in, edited before listing;
// false, said on stderr, at the first that cannot be.
bool editPairings(const QCommandLineParser& parser, const KernelsOptions& opt, const QString& given,
                  const QString& path)
{
    const QString checkout = ws::enclosingCheckout(path);
    if (checkout.isEmpty()) {
        printErr(QStringLiteral("%1: error: not in a TileGym checkout (no src/tilegym); hand "
                                "pairings are kept per checkout\n")
                     .arg(displayPath(given)));
        return false;
    }
    const auto edits = [&](const QCommandLineOption& o, bool pair) -> bool {
        for (const QString& spec : parser.values(o)) {
            QString kernel, entry, function, error;
            if (!splitPairSpec(spec, pair, kernel, entry, function)) {
                printErr(QStringLiteral("tilelens-cli kernels: --%1 expects %2, not '%3'\n")
                             .arg(o.names().constFirst(), o.valueName(), spec));
                return false;
            }
            const bool ok =
                pair ? ws::writeCheckoutPairing(checkout, kernel, entry, function, &error)
                     : ws::clearCheckoutPairing(checkout, kernel, entry, &error);
            if (!ok) {
                printErr(QStringLiteral("tilelens-cli kernels: %1\n").arg(error));
                return false;
            }
        }
        return true;
    };
    return edits(opt.pair, true) && edits(opt.forget, false);
}

int runKernels(const QStringList& args)
{
    QCommandLineParser parser;
    const KernelsOptions opt;
    opt.declare(parser);
    if (const auto code = parseCommandLine(parser, args, UsageOnError::ErrorOnly))
        return *code;
    const QStringList positional = parser.positionalArguments();
    if (positional.size() != 1) {
        printErr(QStringLiteral("tilelens-cli kernels: expected exactly one PATH\n"));
        return ExitInputError;
    }
    const QFileInfo info(qtPath(positional.first())); // byte-exact (BytePath.h)
    if (!info.isDir()) {
        printErr(QStringLiteral("%1: error: %2\n")
                     .arg(displayPath(positional.first()),
                          info.exists() ? QStringLiteral("not a directory")
                                        : QStringLiteral("no such directory")));
        return ExitInputError;
    }
    if ((parser.isSet(opt.pair) || parser.isSet(opt.forget)) &&
        !editPairings(parser, opt, positional.first(), info.absoluteFilePath()))
        return ExitInputError;

    const pair::KernelListing listing =
        pair::listKernels(ws::discoverWorkspace(info.absoluteFilePath()));
    if (parser.isSet(opt.json))
        printOutUtf8(listing.json);
    else
        printOut(pair::kernelListingText(listing));
    if (listing.noKernel)
        return ExitFail;
    return listing.unpaired || listing.problems ? ExitNotes : ExitOk;
}

CliCommandRegistration
    reg({QStringLiteral("kernels"),
         QStringLiteral("list kernels, variants and their Rust/Python pairings found under a path"),
         &runKernels});

} // namespace
