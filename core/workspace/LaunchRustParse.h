#pragma once
// Internal to LaunchRust*.cpp: a tolerant expression / statement reader over
// Rust tokens, producing a small tree (arena of RNode).

#include "workspace/LaunchTokens.h"

#include <string>
#include <vector>

namespace tilelens::ws::launch::rs {

enum class RKind
{
    Path, // text: "a::b" / "$E" / "x" (turbofish kept in `type`)
    Int,
    Float,
    Str,
    Bool,
    Field,      // text; kids [obj]
    Index,      // kids [obj, index]
    Call,       // kids [callee, args...]
    MethodCall, // text = method; kids [receiver, args...]; type = turbofish
    Macro,      // text = name (last path part); kids = args (when they read as expressions)
    MacroRules, // text = name; params (in `type`, comma-separated); kids [body Block]
    Unary,      // text = "-", "!", "*", "&"
    Binary,     // text = operator
    Cast,       // type; kids [expr]
    Tuple,
    Array,
    Block,  // kids = statements; the last is a tail expression when `tail`
    If,     // kids [cond, then, else|-1]
    Match,  // kids [scrutinee, Arm...]
    Arm,    // kids [body, patterns...]
    Let,    // type = annotation; kids [pattern, init|-1]
    Return, // kids [value] or []
    Unknown
};

struct RNode
{
    RKind kind = RKind::Unknown;
    std::string text;
    std::string type;
    int line = 0;
    bool tail = false; // Block: ends with a tail expression; Macro: args did not read
    std::vector<int> kids;
};

struct RTree
{
    std::vector<RNode> nodes;
    std::vector<SourceError> errors;
    const RNode& at(int i) const { return nodes[size_t(i)]; }
    int kid(int n, size_t k) const { return n >= 0 && k < at(n).kids.size() ? at(n).kids[k] : -1; }
};

class RustParser
{
public:
    RustParser(const std::vector<Token>& tokens, size_t from, size_t to, RTree& tree)
        : m_t(tokens), m_pos(from), m_end(std::min(to, tokens.size() - 1)), m_tree(tree)
    {
    }
    // Statements up to the end of the range, as one Block.
    int statements();
    // `{ ... }` at the current position.
    int block();
    size_t pos() const { return m_pos; }

private:
    const Token& tok(size_t ahead = 0) const;
    bool atOp(std::string_view op, size_t ahead = 0) const;
    bool atName(std::string_view n, size_t ahead = 0) const;
    bool eatOp(std::string_view op);
    bool atEnd() const { return m_pos >= m_end; }
    void error(const std::string& message);
    int node(RKind kind, std::string text, int line);
    void add(int parent, int kid);
    size_t matching(size_t open) const; // index of the bracket closing tokens[open]
    std::string typeText(std::initializer_list<std::string_view> stops);
    int statement(bool& isTail);
    int expr(int minPrec = 0);
    int unary();
    int postfix(int base);
    int primary();
    int punctuated(const Token& t);
    int ifExpr(int line);
    int matchExpr(int line);
    bool matchArm(int match);
    int pathExpr(const Token& t, int line);
    int pattern();
    int macroCall(const std::string& name, int line);

    const std::vector<Token>& m_t;
    size_t m_pos;
    size_t m_end;
    RTree& m_tree;
    int m_depth = 0;
};

// The index of the token closing `o` at tokens[open] (the last token when none).
size_t closing(const std::vector<Token>& t, size_t open, const std::string& o,
               const std::string& c);
// Tokens [from, to) as text, names separated by one space.
std::string joined(const std::vector<Token>& t, size_t from, size_t to);
// Tokens [from, to) split at commas outside (), [], {}, <>.
std::vector<std::pair<size_t, size_t>> splitCommas(const std::vector<Token>& t, size_t from,
                                                   size_t to);

} // namespace tilelens::ws::launch::rs
