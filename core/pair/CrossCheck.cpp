#include "pair/CrossCheck.h"

#include "crosscheck/PairBinding.h"
#include "diff/IrDiff.h"
#include "diff/RuleSet.h"
#include "ir/Function.h"
#include "ir/Module.h"
#include "pair/PairAnalysis.h"
#include "pair/SideReader.h"
#include "workspace/DerivedBinding.h"

#include <QDir>
#include <QFileInfo>

namespace tilelens::pair {
namespace {

crosscheck::CrossCheck notRun(std::string why)
{
    crosscheck::CrossCheck c;
    c.error = std::move(why);
    c.summary = "not run: " + c.error;
    return c;
}

// Why the pair cannot run ("" when it can).
std::string cannotRun(const PairAnalysis& analysis)
{
    if (!analysis.result)
        return "the pair was not compared";
    if (!analysis.sides.reference().model || !analysis.sides.generated().model)
        return "the analysis kept no models of the pair (PairRequest::keepModels)";
    return {};
}

// Two versions of one port: entries of the same name and parameter types, not a mangled cuTile
// Python entry.
bool versionsOfOnePort(const ir::Function& r, const ir::Function& g)
{
    if (r.name != g.name || r.argumentTypes.size() != g.argumentTypes.size() ||
        std::string_view(r.name).find("_Kt") != std::string_view::npos)
        return false;
    for (size_t i = 0; i < r.argumentTypes.size(); ++i)
        if (r.argumentTypes[i]->canonical() != g.argumentTypes[i]->canonical())
            return false;
    return true;
}

// The cuTile Python reference beside a port's IR: `reference.mlir` in its folder (a real-port
// pair's folder), or `../reference/reference.mlir` from a kernel working directory's
// `generated/` (port-workspace.md); empty when there is none or it is `portPath` itself.
std::string referenceBeside(const std::string& portPath)
{
    const QFileInfo port(QString::fromStdString(portPath));
    const QDir dir = port.absoluteDir();
    QStringList candidates = {dir.filePath(QStringLiteral("reference.mlir"))};
    if (dir.dirName() == QLatin1String("generated"))
        candidates << dir.filePath(QStringLiteral("../reference/reference.mlir"));
    for (const QString& c : candidates) {
        const QFileInfo f(c);
        if (f.isFile() && f.canonicalFilePath() != port.canonicalFilePath())
            return f.absoluteFilePath().toStdString();
    }
    return {};
}

// A port against a version of itself, without a launch chain: the binding derived from the
// reference beside the port paired with the port (crosscheck::pairBinding: the port's
// parameters as the differ pairs them with the reference's, sizes within the reference's
// specialisation), its port side binding both entries.
std::optional<eval::Binding> referenceBesideBinding(const std::string& portPath,
                                                    const ir::Function& r, const ir::Function& g,
                                                    std::string& why)
{
    if (!versionsOfOnePort(r, g)) {
        why = "the entries are not two versions of one port";
        return std::nullopt;
    }
    const std::string referencePath = referenceBeside(portPath);
    if (referencePath.empty()) {
        why = "no cuTile Python reference.mlir beside the port";
        return std::nullopt;
    }
    const SideRead reference = readSide(SideSource{referencePath, nullptr}, {});
    const SideRead port = readSide(SideSource{portPath, nullptr}, {});
    if (!reference.side.loaded || !port.side.loaded) {
        why = referencePath + " or the port does not load";
        return std::nullopt;
    }
    const std::vector<const ir::Module*> refModules = modulesOf(*reference.model);
    const std::vector<const ir::Module*> portModules = modulesOf(*port.model);
    const diff::DiffResult paired =
        diff::compareModules(refModules, portModules, diff::RuleSet::defaults());
    for (const diff::FunctionDiff& f : paired.functions) {
        if (f.generated != std::string(r.name) || f.reference.empty())
            continue;
        const ir::Function* refEntry = crosscheck::findFunction(refModules, f.reference);
        const ir::Function* portEntry = crosscheck::findFunction(portModules, f.generated);
        if (!refEntry || !portEntry)
            break;
        std::optional<eval::Binding> b =
            crosscheck::pairBinding(paired, *refEntry, *portEntry, why);
        if (!b)
            return std::nullopt;
        b->ref.params = b->gen.params;
        b->derivation = "the port's parameters as the differ pairs them with " +
                        QFileInfo(QString::fromStdString(referencePath)).fileName().toStdString() +
                        " beside it, for both versions";
        return b;
    }
    why = "the differ pairs no entry of " + referencePath + " with " + std::string(r.name);
    return std::nullopt;
}

} // namespace

crosscheck::BindingProvider portBindingProvider(const std::string& refPath,
                                                const std::string& genPath, const std::string& way)
{
    return [refPath, genPath, way](const ir::Function& r, const ir::Function& g, std::string& why) {
        std::optional<eval::Binding> chain =
            ws::derivedBindingForIrPair(refPath, genPath, r, g, &why, way);
        if (chain || !versionsOfOnePort(r, g))
            return chain;
        std::string besideWhy;
        std::optional<eval::Binding> beside = referenceBesideBinding(refPath, r, g, besideWhy);
        if (!beside)
            why += "; " + besideWhy;
        return beside;
    };
}

crosscheck::CrossCheck crossCheck(const PairAnalysis& analysis, const std::string& bindingFile,
                                  const eval::EvalOptions& options,
                                  const crosscheck::BindingProvider& provider)
{
    if (std::string why = cannotRun(analysis); !why.empty())
        return notRun(std::move(why));
    return crosscheck::crossCheckAll(*analysis.result, analysis.sides.reference().modules(),
                                     analysis.sides.generated().modules(), bindingFile, options,
                                     provider);
}

crosscheck::CrossCheck crossCheck(const PairAnalysis& analysis, const eval::Binding& given,
                                  const eval::EvalOptions& options)
{
    if (std::string why = cannotRun(analysis); !why.empty())
        return notRun(std::move(why));
    return crosscheck::crossCheckAll(*analysis.result, analysis.sides.reference().modules(),
                                     analysis.sides.generated().modules(), given, options);
}

} // namespace tilelens::pair
