#include "workspace/IrGenJob.h"

#include "workspace/DerivedBinding.h"
#include "workspace/LaunchBinding.h"
#include "workspace/LaunchRust.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

namespace tilelens::ws {

using namespace launch;

namespace {

std::string joined(const std::vector<std::string>& parts, const char* separator)
{
    std::string s;
    for (size_t i = 0; i < parts.size(); ++i)
        s += (i ? separator : "") + parts[i];
    return s;
}

QString readSmallText(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly) || f.size() > (qint64(4) << 20))
        return {};
    return QString::fromUtf8(f.readAll());
}

// The #[cutile::module] of kernel.rs: its identifier ("" when none).
std::string moduleIdent(const QString& kernelRs)
{
    static const QRegularExpression re(QStringLiteral(
        R"(#\[\s*cutile\s*::\s*module[^\]]*\]\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+))"));
    const QRegularExpressionMatch m = re.match(readSmallText(kernelRs));
    return m.hasMatch() ? m.captured(1).toStdString() : std::string();
}

// The crate the kernels are built into: TileGym's cutile_kernels cdylib (its Cargo.toml's
// package name), each op's files included in a `mod <op>` of its lib.rs.
std::string crateName(const QString& checkoutRoot)
{
    const QString toml = readSmallText(
        QDir(checkoutRoot)
            .filePath(QStringLiteral("src/tilegym/ops/cutile_rs/cutile_kernels/Cargo.toml")));
    static const QRegularExpression re(QStringLiteral(R"re(^\s*name\s*=\s*"([A-Za-z0-9_-]+)")re"),
                                       QRegularExpression::MultilineOption);
    const QRegularExpressionMatch m = re.match(toml);
    return m.hasMatch() ? m.captured(1).replace(QLatin1Char('-'), QLatin1Char('_')).toStdString()
                        : std::string("cutile_kernels");
}

std::string valueText(const Sym& s, const SymEnv& env, const std::string& what, std::string& why)
{
    const std::optional<int64_t> v = evalSym(s, env);
    if (!v) {
        const std::string reason = opaqueReason(s);
        why = what + " is not determined by the sources" +
              (reason.empty() ? std::string() : " (" + reason + ")");
        return {};
    }
    return std::to_string(*v);
}

std::string dimsText(const std::vector<Sym>& dims, const SymEnv& env, const std::string& what,
                     std::string& why)
{
    std::vector<std::string> parts;
    for (size_t i = 0; i < dims.size(); ++i) {
        const std::string v = valueText(dims[i], env, what + "[" + std::to_string(i) + "]", why);
        if (v.empty())
            return {};
        parts.push_back(v);
    }
    return joined(parts, "x");
}

bool rowMajor(const std::vector<Sym>& shape, const std::vector<Sym>& strides, const SymEnv& env)
{
    int64_t expect = 1;
    for (size_t i = shape.size(); i-- > 0;) {
        const auto st = evalSym(strides[i], env);
        const auto sh = evalSym(shape[i], env);
        if (!st || !sh || *st != expect)
            return false;
        expect *= *sh;
    }
    return true;
}

// The element type a generic written "of:<tensor>" (the dtype of an input of the call) gets:
// the reference IR's element type of the array that tensor is bound to when specialised to
// it, else the first arm of the port's dtype dispatch (a choice).
std::string dtypeOf(const std::string& elem, const EntryChain& e, const DerivedBinding& b,
                    const eval::Binding* reference, std::vector<std::string>& choices)
{
    if (elem.rfind("of:", 0) != 0)
        return elem;
    const std::string root = elem.substr(3);
    if (reference)
        for (const DerivedArray& a : b.arrays) {
            const bool bound = (a.port && a.port->root == root) || (a.ref && a.ref->root == root);
            const eval::ArrayBinding* array = bound ? reference->array(a.name) : nullptr;
            if (array && array->elem != eval::Elem::None)
                return eval::elemName(array->elem);
        }
    std::vector<std::string> arms;
    for (const DtypeArm& arm : e.port.launch.dispatch)
        if (!arm.elem.empty() && arm.elem.rfind("of:", 0) != 0)
            arms.push_back(arm.elem);
    if (arms.empty())
        return {};
    choices.push_back("dtype " + arms.front() + " for " + root +
                      ": the first arm of the port's dispatch (" + joined(arms, ", ") + ")");
    return arms.front();
}

// The call an ir-gen job compiles: specialised to the reference IR when there is one, else
// the derived binding's own choices (as a CPU run of it would make them).
struct JobCall
{
    DerivedBinding binding;
    eval::Binding referenceBinding; // when fromReference
    bool fromReference = false;
    SymEnv env; // sizes, tunables and device values of the call
};

// The entry's kernel.rs relative to the checkout and its module path; false (with why) when
// kernel.rs has no #[cutile::module].
bool locateModule(const LaunchChain& chain, const std::string& checkoutRoot, const EntryChain& e,
                  IrGenJob& job, std::string& why)
{
    const QString kernelRs = QString::fromStdString(
        e.kernelRs.empty() ? chain.files.kernelRs.toStdString() : e.kernelRs);
    job.kernelRs =
        QDir(QString::fromStdString(checkoutRoot)).relativeFilePath(kernelRs).toStdString();
    const std::string module = moduleIdent(kernelRs);
    if (module.empty()) {
        why = job.kernelRs + " has no #[cutile::module] mod";
        return false;
    }
    job.modulePath =
        crateName(QString::fromStdString(checkoutRoot)) + "::" + chain.kernel + "::" + module;
    return true;
}

JobCall callOf(const EntryChain& e, const ir::Function* reference, IrGenJob& job)
{
    JobCall c;
    std::string refWhy;
    c.fromReference =
        reference && specialisedForReference(e, *reference, c.binding, c.referenceBinding, refWhy);
    if (!c.fromReference) {
        c.binding = deriveBinding(e);
        if (reference)
            job.choices.push_back("the reference IR's constants do not fit the launch chain (" +
                                  refWhy + "): sizes chosen as for a CPU run");
    }
    const DerivedBinding& b = c.binding;
    std::map<std::string, int64_t> sizes;
    std::vector<std::string> sizeText;
    for (const std::string& key : b.dimKeys) {
        auto name = b.names.find(key);
        if (name == b.names.end())
            continue;
        auto values = b.dims.find(name->second);
        if (values == b.dims.end() || values->second.empty())
            continue;
        // The last candidate: the reference's compiled-in size when specialised to it, the
        // larger of a CPU run's sizes otherwise.
        sizes[key] = values->second.back();
        sizeText.push_back(name->second + " = " + std::to_string(sizes[key]));
    }
    if (!sizeText.empty())
        job.choices.push_back(std::string(c.fromReference
                                              ? "sizes of the reference IR's call: "
                                              : "sizes chosen (no reference IR yet): ") +
                              joined(sizeText, ", "));
    for (const BindingFact& f : b.facts)
        if (f.text.rfind("port:", 0) == 0 || f.text.rfind("NUM_SMS", 0) == 0)
            job.choices.push_back(f.format());
    c.env = sampleEnv(e, b, 0, sizes);
    return c;
}

// Const generics, in the entry's order.
bool addGenerics(const EntryChain& e, const JobCall& c, IrGenJob& job, std::string& why)
{
    std::string dtype; // of the first type generic: what ffi_util's cast_tf32 looks at
    for (const ParamRow& g : e.port.generics) {
        if (g.arg.kind == ArgValue::Kind::Dtype) {
            const std::string elem =
                dtypeOf(g.arg.elem, e, c.binding, c.fromReference ? &c.referenceBinding : nullptr,
                        job.choices);
            if (elem.empty()) {
                why = "the element type of generic " + g.name + " is not determined";
                return false;
            }
            dtype = dtype.empty() ? elem : dtype;
            job.generics.push_back(elem);
            continue;
        }
        const Sym value = g.arg.kind == ArgValue::Kind::Int
                              ? partialEval(g.arg.value, e.port.path.assumptions)
                              : Sym();
        if (value && isOpaque(value) && opaqueReason(value) == kCastTf32Reason && !dtype.empty()) {
            job.generics.push_back(dtype == "f32" ? "1" : "0");
            job.choices.push_back(g.name + " = " + job.generics.back() +
                                  ": ffi_util's cast_tf32 of " + dtype + " (1 for f32 only)");
            continue;
        }
        const std::string v =
            value ? valueText(value, c.env, "generic " + g.name, why) : std::string();
        if (v.empty()) {
            if (why.empty())
                why = "generic " + g.name + " is not an integer the sources determine" +
                      (g.arg.why.empty() ? std::string() : " (" + g.arg.why + ")");
            return false;
        }
        job.generics.push_back(v);
    }
    return true;
}

// A tensor parameter: its shape, and its strides unless row-major.
bool addTensorParam(const ParamRow& p, const SymEnv& env, IrGenJob& job, std::string& why)
{
    const TensorRef& t = p.arg.tensor;
    if (!t || !t->rankKnown) {
        why = "the shape of tensor parameter " + p.name + " is not determined";
        return false;
    }
    const std::string shape = dimsText(t->shape, env, p.name + ".shape", why);
    if (shape.empty())
        return false;
    if (t->strides.size() != t->shape.size() || rowMajor(t->shape, t->strides, env)) {
        job.params.push_back("tensor:" + p.name + "=" + shape);
        return true;
    }
    const std::string strides = dimsText(t->strides, env, p.name + ".stride", why);
    if (strides.empty())
        return false;
    job.params.push_back("tensorT:" + p.name + "=" + shape + "=" + strides);
    return true;
}

// Parameters: tensors, pointers, integers. Float scalars give the compiler no hint: the
// driver takes none.
bool addParams(const EntryChain& e, const SymEnv& env, IrGenJob& job, std::string& why)
{
    for (const ParamRow& p : e.port.params) {
        switch (p.kind) {
        case ParamRow::Kind::Tensor:
            if (!addTensorParam(p, env, job, why))
                return false;
            break;
        case ParamRow::Kind::Pointer:
            job.params.push_back("ptr:" + p.name);
            break;
        case ParamRow::Kind::Int: {
            const std::string v =
                valueText(partialEval(p.arg.value, e.port.path.assumptions), env, p.name, why);
            if (v.empty())
                return false;
            job.params.push_back("int:" + p.name + "=" + v);
            break;
        }
        case ParamRow::Kind::Float:
            break;
        case ParamRow::Kind::Unknown:
            why = "parameter " + p.name + " has a type the launch-chain reader does not know";
            return false;
        }
    }
    return true;
}

// Compile options: a hint of 0 or below is the compiler's default.
void addOptions(const EntryChain& e, const SymEnv& env, IrGenJob& job)
{
    for (const auto& [hint, option] :
         {std::pair<const char*, const char*>{"occupancy", "occupancy"},
          std::pair<const char*, const char*>{"num_ctas", "num_cta_in_cga"}}) {
        auto h = e.port.launch.hints.find(hint);
        if (h == e.port.launch.hints.end() || h->second.kind != ArgValue::Kind::Int)
            continue;
        const auto v = evalSym(partialEval(h->second.value, e.port.path.assumptions), env);
        if (v && *v > 0)
            job.options.push_back(std::string(option) + "=" + std::to_string(*v));
    }
}

} // namespace

std::string IrGenJob::line() const
{
    return kernelRs + " | " + modulePath + " | " + entry + " | " + joined(generics, ",") + " | " +
           target + " | " + joined(params, " ") + " | " + joined(options, " ");
}

bool deriveIrGenJob(const LaunchChain& chain, const std::string& checkoutRoot,
                    const std::string& entry, const ir::Function* reference, IrGenJob& out,
                    std::string& why)
{
    const EntryChain* e = nullptr;
    for (const EntryChain& c : chain.entries)
        if (c.entry == entry)
            e = &c;
    if (!e) {
        why = "kernel.rs of " + chain.kernel + " has no #[cutile::entry] " + entry;
        return false;
    }
    if (!e->port.found) {
        why = "the launch of " + entry + " was not found: " + e->port.why;
        return false;
    }
    IrGenJob job;
    job.entry = entry;
    if (!locateModule(chain, checkoutRoot, *e, job, why))
        return false;
    const JobCall call = callOf(*e, reference, job);
    if (!addGenerics(*e, call, job, why) || !addParams(*e, call.env, job, why))
        return false;
    addOptions(*e, call.env, job);
    job.target = qEnvironmentVariable("CUTILE_RS_TARGET", QStringLiteral("sm_100")).toStdString();
    job.choices.push_back("target " + job.target +
                          " (as the IR corpus; CUTILE_RS_TARGET names another)");
    out = std::move(job);
    why.clear();
    return true;
}

} // namespace tilelens::ws
