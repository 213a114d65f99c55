#include "workspace/LaunchChain.h"

#include "workspace/EntryPairing.h"
#include "workspace/Reports.h"
#include "workspace/SourceLocator.h"

#include <QDir>
#include <QFileInfo>
#include <functional>

namespace tilelens::ws {

using namespace launch;

namespace {

QString existingFile(const QString& path)
{
    const QFileInfo fi(path);
    return fi.isFile() ? fi.absoluteFilePath() : QString();
}

struct SourceText
{
    std::string path;
    std::string text;
    bool ok = false;
};

std::optional<std::string> readFileText(const QString& path)
{
    if (path.isEmpty())
        return std::nullopt;
    Diagnostics diags;
    const auto text = readSmallText(path, &diags, int64_t(kMaxLaunchSourceBytes));
    if (!text)
        return std::nullopt;
    return text->toStdString();
}

SourceText sourceOf(const QString& path, const std::optional<std::string>& text, LaunchChain& out,
                    const char* what)
{
    SourceText s;
    s.path = path.toStdString();
    if (path.isEmpty()) {
        out.notes.push_back({{}, std::string("no ") + what + " found"});
        return s;
    }
    if (!text) {
        out.notes.push_back({{s.path, 0}, std::string("cannot read the ") + what});
        return s;
    }
    s.text = *text;
    s.ok = true;
    return s;
}

void addErrors(LaunchChain& out, const std::string& file, const std::vector<SourceError>& errors)
{
    for (const SourceError& e : errors) {
        if (out.errors.size() >= 100)
            return;
        out.errors.push_back(e);
        out.errorFiles.push_back(file);
    }
}

bool compatible(const PathResult& a, const PathResult& b)
{
    for (const auto& [key, value] : a.assumptions) {
        auto it = b.assumptions.find(key);
        if (it != b.assumptions.end() && it->second != value)
            return false;
    }
    return true;
}

struct Candidate
{
    size_t path = 0;
    size_t launch = 0;
};

std::vector<Candidate> candidatesFor(const std::vector<PathResult>& paths,
                                     const std::string& kernel)
{
    std::vector<Candidate> out;
    for (size_t p = 0; p < paths.size(); ++p)
        for (size_t l = 0; l < paths[p].launches.size(); ++l)
            if (!kernel.empty() && paths[p].launches[l].kernel == kernel)
                out.push_back({p, l});
    return out;
}

ParamRow::Kind rowKind(RustParam::Kind k)
{
    switch (k) {
    case RustParam::Kind::Tensor:
        return ParamRow::Kind::Tensor;
    case RustParam::Kind::Pointer:
        return ParamRow::Kind::Pointer;
    case RustParam::Kind::Int:
        return ParamRow::Kind::Int;
    case RustParam::Kind::Float:
        return ParamRow::Kind::Float;
    default:
        return ParamRow::Kind::Unknown;
    }
}

ParamRow::Kind rowKind(ArgValue::Kind k)
{
    switch (k) {
    case ArgValue::Kind::Tensor:
        return ParamRow::Kind::Tensor;
    case ArgValue::Kind::Pointer:
        return ParamRow::Kind::Pointer;
    case ArgValue::Kind::Int:
        return ParamRow::Kind::Int;
    case ArgValue::Kind::Float:
        return ParamRow::Kind::Float;
    default:
        return ParamRow::Kind::Unknown;
    }
}

ArgValue missing(const std::string& why, const Loc& loc)
{
    ArgValue a;
    a.why = why;
    a.loc = loc;
    return a;
}

void fillPort(SideChain& side, const RustEntryDecl& decl)
{
    const KernelLaunch& l = side.launch;
    for (size_t i = 0; i < decl.params.size(); ++i) {
        const RustParam& p = decl.params[i];
        ParamRow row;
        row.name = p.name;
        row.kind = rowKind(p.kind);
        row.rank = p.rank;
        row.elem = p.elem;
        row.line = p.line;
        row.arg = i < l.args.size() ? l.args[i] : missing("ffi.rs passes no argument", l.loc);
        side.params.push_back(std::move(row));
    }
    for (size_t i = 0; i < decl.generics.size(); ++i) {
        ParamRow row;
        row.name = decl.generics[i].name;
        row.kind = decl.generics[i].isType ? ParamRow::Kind::Unknown : ParamRow::Kind::Int;
        row.line = decl.generics[i].line;
        row.arg = i < l.generics.size() ? l.generics[i]
                                        : missing("ffi.rs gives no value for this generic", l.loc);
        side.generics.push_back(std::move(row));
    }
}

void fillReference(SideChain& side, const std::vector<PyKernelParam>& params)
{
    const KernelLaunch& l = side.launch;
    for (size_t i = 0; i < params.size(); ++i) {
        ParamRow row;
        row.name = params[i].name;
        row.constant = params[i].constant;
        row.line = params[i].line;
        row.arg = i < l.args.size() ? l.args[i] : missing("ct.launch passes no argument", l.loc);
        row.kind = rowKind(row.arg.kind);
        if (row.arg.tensor)
            row.rank = row.arg.tensor->shape.size();
        side.params.push_back(std::move(row));
    }
    if (l.args.size() > params.size())
        side.path.notes.push_back({l.loc, "ct.launch passes " + std::to_string(l.args.size()) +
                                              " arguments to a kernel of " +
                                              std::to_string(params.size()) + " parameters"});
}

// Inputs whose rank no use fixed get the rank the port's kernel.rs declares for them.
void settleRanks(EntryChain& e)
{
    std::map<std::string, size_t> declared;
    for (const ParamRow& r : e.port.params)
        if (r.kind == ParamRow::Kind::Tensor && r.arg.tensor && r.rank > 0)
            declared.emplace(r.arg.tensor->root, r.rank);
    for (SideChain* s : {&e.port, &e.ref})
        for (ParamRow& r : s->params) {
            if (!r.arg.tensor || r.arg.tensor->rankKnown)
                continue;
            auto it = declared.find(r.arg.tensor->root);
            if (it == declared.end())
                continue;
            fixTensorRank(*r.arg.tensor, it->second);
            if (s == &e.ref)
                r.rank = it->second;
        }
}

// Union of the sizes both chosen paths' guards make equal; the first key stands for all.
std::map<std::string, std::string> aliasesOf(const EntryChain& e)
{
    std::map<std::string, std::string> parent;
    std::function<std::string(const std::string&)> find = [&](const std::string& k) {
        auto it = parent.find(k);
        if (it == parent.end() || it->second == k)
            return k;
        return it->second = find(it->second);
    };
    for (const SideChain* s : {&e.ref, &e.port})
        for (const auto& [a, b] : s->path.dimEquals) {
            const std::string ra = find(a), rb = find(b);
            if (ra != rb)
                parent[std::max(ra, rb)] = std::min(ra, rb);
        }
    std::map<std::string, std::string> out;
    for (const auto& [k, p] : parent)
        out[k] = find(k);
    return out;
}

} // namespace

LaunchFiles launchFilesOf(const Kernel& k)
{
    LaunchFiles f;
    f.ffi = k.rustFfi;
    f.kernelRs = k.rustKernel;
    f.reference = k.pythonSource;
    f.wrapper = k.rustWrapper;
    if (f.wrapper.isEmpty() && !k.inTreeDir.isEmpty())
        f.wrapper =
            existingFile(QDir(k.inTreeDir).filePath(QStringLiteral("../%1.py").arg(k.name)));
    if (f.wrapper.isEmpty())
        f.wrapper = existingFile(QDir(k.dir).filePath(k.name + QStringLiteral(".py")));
    return f;
}

std::string dimDisplayName(const EntryChain& e, const std::string& key)
{
    for (const SideChain* s : {&e.ref, &e.port}) {
        auto it = s->path.dimNames.find(key);
        if (it != s->path.dimNames.end())
            return it->second;
    }
    if (key.rfind("opt:", 0) == 0)
        return key.substr(4);
    // "b.rest[0]" (the -1 of a view) -> "b_rows"
    const size_t rest = key.find(".rest[");
    if (rest != std::string::npos)
        return key.substr(0, rest) + "_rows";
    // "a.shape[1]" -> "a_1"
    const size_t dot = key.find(".shape[");
    if (dot != std::string::npos)
        return key.substr(0, dot) + "_" + key.substr(dot + 7, key.size() - dot - 8);
    return key;
}

LaunchChain readLaunchChain(const Kernel& kernel, const std::string& wantedEntry)
{
    return readLaunchChain(kernel.name.toStdString(), launchFilesOf(kernel), wantedEntry);
}

LaunchChain readLaunchChain(const std::string& opName, const LaunchFiles& files,
                            const std::string& wantedEntry)
{
    return readLaunchChain(opName, files,
                           {readFileText(files.wrapper), readFileText(files.ffi),
                            readFileText(files.kernelRs), readFileText(files.reference)},
                           wantedEntry);
}

namespace {

// A pair of launch paths (port, reference) for one entry, ranked: those that agree on every
// shared choice first, then those that stray least from the default call.
struct RankedPaths
{
    std::pair<int, int> score; // (disagree ? 1 : 0, choices off the default)
    size_t port, ref;          // indices into the entry's candidates (ref: none when past them)
};

// readLaunchChain(): the sources read and parsed, both sides' registered ops run once, then
// one chain per entry pairing.
class ChainReader
{
public:
    ChainReader(const std::string& opName, const LaunchFiles& files, const LaunchTexts& texts)
    {
        m_out.kernel = opName;
        m_out.files = files;
        m_wrapper = sourceOf(files.wrapper, texts.wrapper, m_out, "cuTile Rust wrapper (<op>.py)");
        m_ffiText = sourceOf(files.ffi, texts.ffi, m_out, "ffi.rs");
        m_kernelText = sourceOf(files.kernelRs, texts.kernelRs, m_out, "kernel.rs");
        m_refText =
            sourceOf(files.reference, texts.reference, m_out, "cuTile Python reference module");
    }

    LaunchChain read(const std::string& wantedEntry)
    {
        if (!m_kernelText.ok)
            return std::move(m_out); // read() runs once
        parseSources();
        // Pair the entries with the Python kernels as discovery does.
        std::vector<RustEntry> rustEntries =
            findRustEntries(QString::fromStdString(m_kernelText.text));
        const std::vector<PythonKernel> pyKernels =
            m_refText.ok ? findPythonKernels(QString::fromStdString(m_refText.text))
                         : std::vector<PythonKernel>{};
        const std::vector<EntryPairing> pairings = pairEntries(rustEntries, pyKernels);
        runRegisteredOps();
        for (const EntryPairing& pairing : pairings) {
            const std::string entryName = pairing.entry.name.toStdString();
            const std::string pyName = pairing.python ? pairing.python->name.toStdString() : "";
            if (!wantedEntry.empty() && wantedEntry != entryName && wantedEntry != pyName)
                continue;
            m_out.entries.push_back(entryChainFor(pairing, entryName, pyName));
        }
        return std::move(m_out); // read() runs once
    }

private:
    void parseSources()
    {
        std::vector<SourceError> kernelErrors;
        m_decls = readRustEntries(m_kernelText.text, &kernelErrors);
        addErrors(m_out, m_kernelText.path, kernelErrors);
        m_ffi.path = m_ffiText.path;
        m_ffi.tokens = tokenizeRust(m_ffiText.text);
        addErrors(m_out, m_ffi.path, m_ffi.tokens.errors);
        m_wrapperModule = {m_wrapper.path, parsePython(m_wrapper.text)};
        m_refModule = {m_refText.path, parsePython(m_refText.text)};
        addErrors(m_out, m_wrapper.path, m_wrapperModule.file.errors);
        addErrors(m_out, m_refText.path, m_refModule.file.errors);
    }

    // Both sides run once per op name the wrapper registers.
    void runRegisteredOps()
    {
        PyRunOptions portOptions;
        if (m_ffiText.ok)
            portOptions.ffi = [&](const std::string& symbol, const std::vector<FfiArg>& args,
                                  const Loc& call, Decisions& d, PathResult& path) {
                followFfiCall(m_ffi, m_decls, symbol, args, call, d, path);
            };
        std::vector<std::string> registered;
        if (m_wrapper.ok)
            for (const auto& [name, def] : registeredOps(m_wrapperModule.file))
                registered.push_back(name);
        if (m_wrapper.ok && registered.empty())
            m_out.notes.push_back(
                {{m_wrapper.path, 0}, "the wrapper registers no op (@register_impl)"});
        for (const std::string& name : registered) {
            auto p = runPythonOp(m_wrapperModule, name, portOptions, m_portGroups, m_out.notes);
            m_portPaths.insert(m_portPaths.end(), p.begin(), p.end());
            if (!m_refText.ok)
                continue;
            bool inReference = false;
            for (const auto& [refName, def] : registeredOps(m_refModule.file))
                inReference = inReference || refName == name;
            if (!inReference) {
                m_out.notes.push_back(
                    {{m_refText.path, 0}, "the reference module registers no op '" + name + "'"});
                continue;
            }
            auto r = runPythonOp(m_refModule, name, {}, m_refGroups, m_out.notes);
            m_refPaths.insert(m_refPaths.end(), r.begin(), r.end());
        }
    }

    // One entry's chain: the best ranked pair of paths, the next ones (that agree on every
    // shared choice) as alternatives, since an IR pair's specialisation may need another path.
    EntryChain entryChainFor(const EntryPairing& pairing, const std::string& entryName,
                             const std::string& pyName)
    {
        EntryChain e;
        e.entry = entryName;
        e.pythonKernel = pyName;
        e.pairing = pairingRuleWord(pairing.rule);
        e.entryLine = pairing.entry.line;
        e.pythonLine = pairing.python ? pairing.python->defLine : 0;
        const RustEntryDecl* decl = nullptr;
        for (const RustEntryDecl& d : m_decls)
            if (d.name == entryName)
                decl = &d;
        if (decl) {
            e.uncheckedAccesses = decl->uncheckedAccesses;
            e.uncheckedLine = decl->uncheckedLine;
        }
        e.kernelRs = m_kernelText.path;
        e.port.file = m_wrapper.path;
        e.ref.file = m_refText.path;
        e.port.groups = m_portGroups;
        e.ref.groups = m_refGroups;
        const std::vector<Candidate> portCands = candidatesFor(m_portPaths, entryName);
        const std::vector<Candidate> refCands = candidatesFor(m_refPaths, pyName);
        for (const Candidate& c : portCands)
            e.portPaths.push_back(m_portPaths[c.path]);
        for (const Candidate& c : refCands)
            e.refPaths.push_back(m_refPaths[c.path]);
        const std::vector<RankedPaths> ranked = rank(portCands, refCands);
        const Sides sides{portCands, refCands, decl, pythonKernelParams(m_refModule.file, pyName)};
        for (size_t k = 0; k < ranked.size() && k < 17; ++k) {
            if (k == 0) {
                build(e, ranked[0], sides);
                if (ranked[0].score.first != 0)
                    e.notes.push_back({e.port.launch.loc,
                                       "no reference path makes the same choices as the port's "
                                       "(the closest one is compared)"});
                continue;
            }
            if (ranked[k].score.first != 0)
                break;
            e.alternatives.push_back(alternative(e, ranked[k], sides));
        }
        if (!e.port.found)
            e.port.why = m_portPaths.empty() ? "the wrapper makes no launch this reader can follow"
                                             : "no path of the wrapper launches " + entryName;
        if (!e.ref.found)
            e.ref.why = pyName.empty() ? "the entry is not paired with a Python kernel"
                                       : "no path of the reference module launches " + pyName;
        for (const SideChain* s : {&e.port, &e.ref})
            for (const SourceNote& n : s->path.notes)
                e.notes.push_back(n);
        return e;
    }

    std::vector<RankedPaths> rank(const std::vector<Candidate>& portCands,
                                  const std::vector<Candidate>& refCands) const
    {
        std::vector<RankedPaths> ranked;
        for (size_t i = 0; i < portCands.size(); ++i)
            for (size_t j = 0; j < std::max<size_t>(refCands.size(), 1); ++j) {
                const PathResult& pp = m_portPaths[portCands[i].path];
                const bool haveRef = j < refCands.size();
                const bool ok = !haveRef || compatible(pp, m_refPaths[refCands[j].path]);
                const int stray = pp.nonDefaultChoices() +
                                  (haveRef ? m_refPaths[refCands[j].path].nonDefaultChoices() : 0);
                ranked.push_back({{ok ? 0 : 1, stray}, i, j});
            }
        std::stable_sort(
            ranked.begin(), ranked.end(),
            [](const RankedPaths& x, const RankedPaths& y) { return x.score < y.score; });
        return ranked;
    }

    // What building one side pair of an entry needs.
    struct Sides
    {
        const std::vector<Candidate>& portCands;
        const std::vector<Candidate>& refCands;
        const RustEntryDecl* decl; // the entry's declaration in kernel.rs (null: none)
        std::vector<PyKernelParam> pyParams;
    };

    void build(EntryChain& into, const RankedPaths& rk, const Sides& s) const
    {
        into.port.found = true;
        into.port.path = m_portPaths[s.portCands[rk.port].path];
        into.port.launch = into.port.path.launches[s.portCands[rk.port].launch];
        into.port.dimNames = into.port.path.dimNames;
        if (s.decl)
            fillPort(into.port, *s.decl);
        if (rk.ref < s.refCands.size()) {
            into.ref.found = true;
            into.ref.path = m_refPaths[s.refCands[rk.ref].path];
            into.ref.launch = into.ref.path.launches[s.refCands[rk.ref].launch];
            into.ref.dimNames = into.ref.path.dimNames;
            fillReference(into.ref, s.pyParams);
        }
        settleRanks(into);
        into.dimAlias = aliasesOf(into);
    }

    EntryChain alternative(const EntryChain& e, const RankedPaths& rk, const Sides& s) const
    {
        EntryChain alt = e;
        alt.port = SideChain();
        alt.ref = SideChain();
        alt.port.file = e.port.file;
        alt.ref.file = e.ref.file;
        alt.port.groups = m_portGroups;
        alt.ref.groups = m_refGroups;
        alt.alternatives.clear(); // an alternative has none of its own (LaunchChain.h)
        alt.portPaths.clear();
        alt.refPaths.clear();
        build(alt, rk, s);
        return alt;
    }

    LaunchChain m_out;
    SourceText m_wrapper, m_ffiText, m_kernelText, m_refText;
    std::vector<RustEntryDecl> m_decls;
    FfiSource m_ffi;
    PyModuleSource m_wrapperModule, m_refModule;
    std::vector<PathResult> m_portPaths, m_refPaths;
    std::vector<ConfigGroup> m_portGroups, m_refGroups;
};

} // namespace

LaunchChain readLaunchChain(const std::string& opName, const LaunchFiles& files,
                            const LaunchTexts& texts, const std::string& wantedEntry)
{
    return ChainReader(opName, files, texts).read(wantedEntry);
}

} // namespace tilelens::ws
