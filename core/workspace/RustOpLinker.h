#pragma once
// Inferred links from generated Tile IR ops to kernel.rs lines. cuTile Rust
// emits no source locations, but it lowers an entry function statement by
// statement, in source order, and most ops come from a visible expression
// (a call such as `exp2(..)` or `load_view_tko(..)`, a method such as
// `.reshape(..)`, an operator, a `for` loop). So the entry body is scanned
// into such expression events, the ops are aligned to the events in order
// (a weighted longest common subsequence), and ops between two aligned ops
// take the statement around them. Every link is a guess and says how strong.
// Number literals are no events: measured, pairing them with `constant` ops
// pulled the constants a statement makes for the next one (shapes, hints)
// onto the wrong line (link precision 0.83 with them, 0.87 without, before `speculative`).

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tilelens::ir {
struct Function;
struct Op;
} // namespace tilelens::ir

namespace tilelens::ws {

// A statement directly inside a `{ }` block of the entry body (1-based lines).
struct RustStatement
{
    int firstLine = 0;
    int lastLine = 0;
};

// One expression of the body that may lower to an op.
struct RustEvent
{
    enum class Kind
    {
        Call,     // name(..) or name::<..>(..)
        Method,   // .name(..)
        Operator, // + - * / % & | ^ << >> comparisons
        Keyword,  // for loop while if break continue return
        Helper,   // call of a function defined in the same kernel.rs (inlined)
    };
    Kind kind = Kind::Call;
    std::string name; // callee, operator or keyword
    int line = 0;     // 1-based
    int statement = 0;
    // Inside a branch on a const generic (`if TRANSPOSE_A == 1i32 {` or its
    // `else`): the compiler drops the branch not taken, so these events lose
    // ties against events outside such a branch.
    bool speculative = false;
};

struct RustEntryBody
{
    std::string entry;
    int signatureLine = 0; // line of `fn NAME`
    int openLine = 0;      // line of the body's `{`
    int closeLine = 0;     // line of the body's `}`
    std::vector<RustStatement> statements;
    std::vector<RustEvent> events; // source order
};

// Scans entry function \a entryName of \a kernelRs; nullopt when there is no
// such function or its body does not close.
std::optional<RustEntryBody> scanRustEntry(std::string_view kernelRs, std::string_view entryName);

// Generated op as the linker sees it: name without dialect prefix, and the
// canonical spelling of its attributes (tells `assume div_by` from `bounded`).
struct LinkOp
{
    std::string name;
    std::string attributes;
};

enum class LinkStrength
{
    Matched, // the op's name matches an expression on that line
    Between, // unmatched op between two matched ops of the same statement
    Guessed, // nearest statement (or the signature, for ops before the first match)
};

struct InferredLink
{
    int rustLine = 0;   // 1-based
    int statement = -1; // index into statements; -1: the signature
    LinkStrength strength = LinkStrength::Guessed;
    std::string because; // the expression matched, e.g. "exp2(…)"; empty unless Matched
};

// Above this many op x event pairs the alignment is skipped (memory and time
// grow with the product; real kernels stay far below it).
inline constexpr size_t kMaxLinkCells = 8'000'000;

// One link per op, in op order; empty when the alignment is too big.
std::vector<InferredLink> inferLinks(const RustEntryBody& body, const std::vector<LinkOp>& ops);

// The ops of \a function in the order the linker aligns them (pre-order,
// parser-inserted terminators left out).
std::vector<const ir::Op*> linkableOps(const ir::Function& function);
LinkOp linkOpOf(const ir::Op& op);

// The kernel.rs entry a generated IR function was compiled from: the longest
// entry name that prefixes \a irFunctionName (`NAME_entry`); empty if none.
std::string rustEntryForIrFunction(const std::vector<std::string>& entryNames,
                                   std::string_view irFunctionName);

} // namespace tilelens::ws
