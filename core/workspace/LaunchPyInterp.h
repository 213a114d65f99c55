#pragma once
// Internal to LaunchPython*.cpp: the values and the interpreter of the
// symbolic Python run (see LaunchPython.h for what it is for).

#include "workspace/LaunchPython.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tilelens::ws::launch::py {

enum class VK
{
    None,
    Int, // integers and bools: a Sym
    Float,
    Ratio, // int / int (true division), kept exact for math.ceil / int()
    Str,
    Tuple,
    List,
    Dict,
    Ns, // SimpleNamespace, a configuration, an object with fields
    Tensor,
    Func,    // def or lambda (node, closure)
    Class,   // class (node)
    Method,  // a bound method: self + name
    Builtin, // a name the module does not define (dotted: "torch.cuda.current_stream")
    Kernel,  // a @ct.kernel function (name; hints in ns)
    Stream,
    StreamHandle, // stream.cuda_stream
    Dtype,        // "float16", "of:<input>"
    FfiLib,
    FfiModule,
    Desc,     // make_tensor_desc(ffi, t)
    Optional, // an op argument whose default is None (name)
    Ndim,     // t.ndim of a tensor whose rank is not fixed yet
    Unknown
};

struct Scope;
struct Value;
using PV = std::shared_ptr<const Value>;

struct Value
{
    VK k = VK::Unknown;
    Sym i;   // Int, Ratio numerator
    Sym den; // Ratio denominator
    std::optional<double> f;
    std::string s; // Str / Builtin / Kernel / Dtype / Optional name, Method name, Unknown reason
    std::shared_ptr<std::vector<PV>> items;               // Tuple, List
    std::shared_ptr<std::vector<std::pair<PV, PV>>> dict; // Dict
    std::shared_ptr<std::map<std::string, PV>> ns;        // Ns, Kernel hints
    TensorRef t;                                          // Tensor, Desc, Ndim
    int node = -1;                                        // Func (Def / Lambda), Class
    std::shared_ptr<Scope> closure;
    PV self; // Method
    StreamUse stream;
    bool generator = false; // Func: a generator function (contains yield)
    Loc origin;             // where the value was computed
    Loc loc;                // where it was written as an element of a tuple / call argument
    std::string text;       // the expression as written there
    std::vector<Hop> hops;  // Tensor / Desc
    TensorRef attrOf;       // Int read from a tensor's shape / strides
    std::string attr;
    int attrIndex = -1;
};

struct Scope
{
    std::map<std::string, PV> vars;
    std::shared_ptr<Scope> parent;
};

PV makeValue(Value v);
PV mkNone();
PV mkInt(Sym s, Loc origin = {});
PV mkInt(int64_t v);
PV mkFloat(std::optional<double> f, Loc origin = {});
// `d` as an int64 when it is a whole number in int64's range; nothing for NaN, an infinity or
// a magnitude past 2^63 (Python's int of such a float is an error or a big integer, and the
// plain conversion is undefined behaviour).
std::optional<int64_t> wholeInt64(double d);
PV mkStr(std::string s);
PV mkUnknown(std::string why, Loc origin = {});
PV mkBuiltin(std::string name);
PV mkSeq(VK kind, std::vector<PV> items);
PV mkTensor(TensorRef t, Loc origin = {}, std::vector<Hop> hops = {});
PV withLoc(const PV& v, const Loc& loc, const std::string& text);
PV withHop(const PV& v, const Loc& loc, const std::string& receiver);
std::string describe(const PV& v); // for messages: "a tensor", "an integer", ...
PV mkDtype(const std::string& name);
PV mkMethod(const PV& self, const std::string& name);
PV mkNs(std::map<std::string, PV> fields, const std::string& type = {});
Sym product(const std::vector<Sym>& dims);
// The strides are the row-major ones of the shape, as written (not just equal in value).
bool structurallyRowMajor(const TensorInfo& t);

class Interp
{
public:
    Interp(const PyModuleSource& module, const PyRunOptions& options,
           std::vector<ConfigGroup>& groups, std::vector<SourceNote>& notes);
    ~Interp();
    Interp(const Interp&) = delete;
    Interp& operator=(const Interp&) = delete;

    // One path of calling the op registered as `registered`; false when it is not found.
    bool runOnce(const std::string& registered, Decisions& decisions, PathResult& out);

    // ---- used by the builtins (LaunchPyBuiltins.cpp)
    enum class Flow
    {
        Normal,
        Return,
        Raise,
        Break,
        Continue,
        Stop
    };
    Loc locOf(int node) const;
    std::string textOf(int node) const;
    void note(int node, const std::string& message);
    void raise() { m_raised = true; }
    bool truth(const PV& v, int node, bool preferred = true);
    PV call(const PV& f, const std::vector<PV>& args,
            const std::vector<std::pair<std::string, PV>>& kwargs, int node);
    PV callBuiltin(const std::string& name, const std::vector<PV>& args,
                   const std::vector<std::pair<std::string, PV>>& kwargs, int node);
    PV callMethod(const PV& self, const std::string& name, const std::vector<PV>& args,
                  const std::vector<std::pair<std::string, PV>>& kwargs, int node);
    PV attribute(const PV& obj, const std::string& name, int node);
    PV tensorAttribute(const TensorRef& t, const PV& self, const std::string& name, int node);
    PV tensorMethod(const PV& self, const std::string& name, const std::vector<PV>& args,
                    const std::vector<std::pair<std::string, PV>>& kwargs, int node);
    // Fixes an input's rank (first use wins; later uses of another rank give a note).
    void fixRank(const TensorRef& t, size_t rank, int node);
    TensorRef newTensor(const std::string& storage, const std::string& root, std::vector<Sym> shape,
                        const std::string& dtype, int node);
    PV materialize(const PV& v, int node, bool asTensor); // an Optional once it is not None
    // `t.shape` of a tensor whose rank is not fixed yet, as a tuple: the rank becomes
    // `rank` (0: the default 2, with a note).
    PV resolveShape(const PV& v, int node, size_t rank = 0);
    ArgValue toArg(const PV& v, const Loc& fallback);
    Sym toSym(const PV& v, int node); // an integer view of v (or Opaque)
    std::string dtypeOf(const PV& v) const;
    PV kwarg(const std::vector<std::pair<std::string, PV>>& kwargs, const std::string& name) const;
    ConfigGroup& configGroup(const PV& list, int node, PV& configValue);

    Decisions* decisions = nullptr;
    PathResult* path = nullptr;
    const PyModuleSource& module;
    const PyRunOptions& options;
    std::map<std::string, bool> flagDefaults; // bool op arguments: their default
    int allocCount = 0;

private:
    Flow exec(int node, const std::shared_ptr<Scope>& scope, PV& ret);
    Flow execBlock(int block, const std::shared_ptr<Scope>& scope, PV& ret);
    Flow execIf(int node, const std::shared_ptr<Scope>& scope, PV& ret);
    Flow execFor(int node, const std::shared_ptr<Scope>& scope, PV& ret);
    PV eval(int node, const std::shared_ptr<Scope>& scope);
    PV evalSequence(const PyNode& n, const std::shared_ptr<Scope>& scope);
    PV evalDict(const PyNode& n, const std::shared_ptr<Scope>& scope);
    PV evalCall(int node, const std::shared_ptr<Scope>& scope);
    PV evalUnary(int node, const std::shared_ptr<Scope>& scope);
    PV evalIfExp(int node, const std::shared_ptr<Scope>& scope);
    PV evalBinary(int node, const PV& l, const PV& r);
    PV evalCompare(int node, const PV& l, const PV& r);
    PV evalBoolOp(int node, const std::shared_ptr<Scope>& scope);
    PV evalSubscript(int node, const PV& obj, const PV& index);
    PV evalComprehension(int node, const std::shared_ptr<Scope>& scope);
    std::vector<PV> iterate(const PV& v, int node);
    void assign(int target, const PV& value, const std::shared_ptr<Scope>& scope);
    PV lookup(const std::string& name, const std::shared_ptr<Scope>& scope) const;
    PV defineFunction(int def, const std::shared_ptr<Scope>& scope);
    PV callFunction(const PV& f, const std::vector<PV>& args,
                    const std::vector<std::pair<std::string, PV>>& kwargs, int node);
    PV collectYields(const PV& f, const std::shared_ptr<Scope>& scope, int node);
    void runModule(const std::shared_ptr<Scope>& scope);
    bool containsYield(int node) const;
    std::vector<PV> opInputs(int def, std::vector<std::pair<std::string, PV>>& kwargs);
    bool preferredFor(int ifNode) const;

    std::shared_ptr<Scope> newScope(const std::shared_ptr<Scope>& parent);
    void releaseScopes();

    // The builtins by family (LaunchPyBuiltins.cpp); a family answers no value for a name
    // that is not its own.
    struct BuiltinCall
    {
        const std::string& name; // normalised ("ct.launch" for "cuda.tile.launch")
        std::string last;        // after the last dot
        const std::vector<PV>& args;
        const std::vector<std::pair<std::string, PV>>& kwargs;
        int node;
        Loc here;
    };
    PV argOf(const BuiltinCall& c, size_t i, const std::string& kw) const;
    std::optional<PV> pythonBuiltin(const BuiltinCall& c);
    PV conversion(const BuiltinCall& c);
    PV minMax(const BuiltinCall& c);
    PV range(const BuiltinCall& c);
    PV isInstance(const BuiltinCall& c);
    PV getOrHasAttr(const BuiltinCall& c);
    PV ceilFloor(const BuiltinCall& c);
    std::optional<PV> deviceHelper(const BuiltinCall& c);
    static bool isAllocation(const std::string& name);
    PV allocation(const BuiltinCall& c);
    std::optional<PV> wrapperHelper(const BuiltinCall& c);
    PV kernelLaunch(const BuiltinCall& c);

    // The tensor methods (LaunchPyTensors.cpp).
    struct TensorCall
    {
        const PV& self; // a Tensor
        const std::string& name;
        const std::vector<PV>& args;
        const std::vector<std::pair<std::string, PV>>& kwargs;
        int node;
        Loc here;
    };
    PV tensorViewOf(const TensorCall& c, std::vector<Sym> shape, std::vector<Sym> strides);
    PV tensorSizes(const TensorCall& c);
    PV tensorCopy(const TensorCall& c);
    std::vector<PV> viewDims(const TensorCall& c);
    PV tensorView(const TensorCall& c);
    Sym inferredAxis(const TensorCall& c, const std::vector<Sym>& shape, int minusOne);
    PV tensorPermute(const TensorCall& c);
    PV tensorCast(const TensorCall& c);

    std::vector<std::weak_ptr<Scope>> m_allScopes; // every scope of the run (see releaseScopes)
    std::vector<ConfigGroup>& m_groups;
    std::vector<SourceNote>& m_notes;
    std::shared_ptr<Scope> m_moduleScope;
    size_t m_steps = 0;
    int m_depth = 0;
    bool m_raised = false;
    bool m_stopped = false;
    std::vector<std::vector<PV>>* m_yields = nullptr; // collecting a generator's values
};

} // namespace tilelens::ws::launch::py
