#include "workspace/LaunchRustParse.h"

#include <map>

namespace tilelens::ws::launch::rs {
namespace {

constexpr int kMaxDepth = 100;

int precedenceOf(const std::string& op)
{
    static const std::map<std::string, int> p = {
        {"||", 1}, {"&&", 2}, {"==", 3}, {"!=", 3}, {"<", 3}, {">", 3},
        {"<=", 3}, {">=", 3}, {"|", 4},  {"^", 5},  {"&", 6}, {"<<", 7},
        {">>", 7}, {"+", 8},  {"-", 8},  {"*", 9},  {"/", 9}, {"%", 9}};
    auto it = p.find(op);
    return it == p.end() ? 0 : it->second;
}

} // namespace

const Token& RustParser::tok(size_t ahead) const
{
    const size_t i = std::min(m_pos + ahead, m_end);
    return m_t[i];
}
bool RustParser::atOp(std::string_view op, size_t ahead) const
{
    return m_pos + ahead < m_end && tok(ahead).kind == TokKind::Op && tok(ahead).text == op;
}
bool RustParser::atName(std::string_view n, size_t ahead) const
{
    return m_pos + ahead < m_end && tok(ahead).kind == TokKind::Name && tok(ahead).text == n;
}
bool RustParser::eatOp(std::string_view op)
{
    if (!atOp(op))
        return false;
    ++m_pos;
    return true;
}
void RustParser::error(const std::string& message)
{
    if (m_tree.errors.size() < 200)
        m_tree.errors.push_back({tok().line, tok().column, message});
}
int RustParser::node(RKind kind, std::string text, int line)
{
    RNode n;
    n.kind = kind;
    n.text = std::move(text);
    n.line = line;
    m_tree.nodes.push_back(std::move(n));
    return int(m_tree.nodes.size() - 1);
}
void RustParser::add(int parent, int kid)
{
    m_tree.nodes[size_t(parent)].kids.push_back(kid);
}

size_t RustParser::matching(size_t open) const
{
    int depth = 0;
    for (size_t i = open; i < m_end; ++i) {
        const Token& t = m_t[i];
        if (t.kind != TokKind::Op)
            continue;
        if (t.text == "(" || t.text == "[" || t.text == "{")
            ++depth;
        else if (t.text == ")" || t.text == "]" || t.text == "}")
            if (--depth == 0)
                return i;
    }
    return m_end;
}

std::string RustParser::typeText(std::initializer_list<std::string_view> stops)
{
    std::string out;
    int depth = 0;
    while (!atEnd()) {
        const Token& t = tok();
        if (depth == 0 && t.kind == TokKind::Op)
            for (std::string_view s : stops)
                if (t.text == s)
                    return out;
        if (t.kind == TokKind::Op) {
            if (t.text == "<" || t.text == "(" || t.text == "[" || t.text == "{")
                ++depth;
            else if (t.text == ">" || t.text == ")" || t.text == "]" || t.text == "}") {
                if (depth == 0)
                    return out;
                --depth;
            } else if (t.text == "->") {
                // part of a fn type
            }
        }
        out += t.text;
        if (t.kind == TokKind::Name && tok(1).kind == TokKind::Name)
            out += ' ';
        ++m_pos;
        if (out.size() > 4096)
            break;
    }
    return out;
}

int RustParser::statements()
{
    const int b = node(RKind::Block, {}, tok().line);
    while (!atEnd()) {
        if (eatOp(";"))
            continue;
        const size_t before = m_pos;
        bool isTail = false;
        add(b, statement(isTail));
        if (isTail)
            m_tree.nodes[size_t(b)].tail = true;
        if (m_pos == before)
            ++m_pos;
    }
    return b;
}

int RustParser::block()
{
    const int line = tok().line;
    if (!atOp("{")) {
        error("expected '{'");
        return node(RKind::Block, {}, line);
    }
    const size_t close = matching(m_pos);
    const size_t saved = m_end;
    ++m_pos;
    m_end = close;
    ++m_depth;
    const int b = m_depth > kMaxDepth ? node(RKind::Block, {}, line) : statements();
    --m_depth;
    m_end = saved;
    m_pos = std::min(close + 1, m_end);
    return b;
}

int RustParser::pattern()
{
    const int line = tok().line;
    if (atOp("(")) {
        ++m_pos;
        const int t = node(RKind::Tuple, {}, line);
        while (!atEnd() && !atOp(")")) {
            add(t, pattern());
            if (!eatOp(","))
                break;
        }
        eatOp(")");
        return t;
    }
    if (atName("mut") || atName("ref"))
        ++m_pos;
    if (tok().kind == TokKind::Name || tok().kind == TokKind::String ||
        tok().kind == TokKind::Number) {
        const RKind kind = tok().kind == TokKind::Name     ? RKind::Path
                           : tok().kind == TokKind::String ? RKind::Str
                                                           : RKind::Int;
        std::string text = tok().text;
        ++m_pos;
        while (atOp("::") && tok(1).kind == TokKind::Name) {
            text += "::" + tok(1).text;
            m_pos += 2;
        }
        if (atOp("(")) { // Some(s), Ok(_)
            const size_t close = matching(m_pos);
            m_pos = std::min(close + 1, m_end);
        }
        return node(kind, text, line);
    }
    error("a pattern this reader does not know");
    ++m_pos;
    return node(RKind::Unknown, {}, line);
}

int RustParser::statement(bool& isTail)
{
    const int line = tok().line;
    if (atOp("#")) { // an attribute
        ++m_pos;
        if (atOp("[")) {
            const size_t close = matching(m_pos);
            m_pos = std::min(close + 1, m_end);
        }
        return node(RKind::Unknown, "attribute", line);
    }
    if (atName("let")) {
        ++m_pos;
        const int l = node(RKind::Let, {}, line);
        add(l, pattern());
        if (eatOp(":"))
            m_tree.nodes[size_t(l)].type = typeText({"=", ";"});
        add(l, eatOp("=") ? expr() : -1);
        if (atName("else")) { // let-else
            ++m_pos;
            block();
        }
        eatOp(";");
        return l;
    }
    if (atName("use") || atName("const") || atName("static") || atName("type") ||
        atName("struct") || atName("enum") || atName("impl") || atName("mod") || atName("fn") ||
        atName("pub")) {
        // An item inside a body: skip to its end.
        int depth = 0;
        while (!atEnd()) {
            if (atOp("{") || atOp("(") || atOp("["))
                ++depth;
            else if (atOp("}") || atOp(")") || atOp("]")) {
                if (--depth == 0 && atOp("}")) {
                    ++m_pos;
                    break;
                }
            } else if (depth == 0 && atOp(";")) {
                ++m_pos;
                break;
            }
            ++m_pos;
        }
        return node(RKind::Unknown, "item", line);
    }
    if (atName("macro_rules") && atOp("!", 1) && tok(2).kind == TokKind::Name) {
        const int m = node(RKind::MacroRules, tok(2).text, line);
        m_pos += 3;
        if (!atOp("{") && !atOp("(")) {
            error("expected the body of macro_rules!");
            return m;
        }
        const size_t close = matching(m_pos);
        // One rule: (pattern) => {transcriber}
        ++m_pos;
        std::string params;
        if (atOp("(")) {
            const size_t pclose = matching(m_pos);
            for (size_t i = m_pos + 1; i < pclose; ++i)
                if (m_t[i].kind == TokKind::Op && m_t[i].text == "$" && i + 1 < pclose &&
                    m_t[i + 1].kind == TokKind::Name) {
                    if (!params.empty())
                        params += ",";
                    params += "$" + m_t[i + 1].text;
                }
            m_pos = pclose + 1;
        }
        m_tree.nodes[size_t(m)].type = params;
        if (eatOp("=>") && (atOp("{") || atOp("("))) {
            const size_t bclose = matching(m_pos);
            const size_t saved = m_end;
            m_end = bclose;
            ++m_pos;
            int body = -1;
            if (atOp("{") && matching(m_pos) + 1 == bclose)
                body = block(); // {{ ... }}
            else
                body = statements();
            m_end = saved;
            add(m, body);
        }
        m_pos = std::min(close + 1, m_end);
        return m;
    }
    if (atName("return")) {
        ++m_pos;
        const int r = node(RKind::Return, {}, line);
        if (!atOp(";") && !atEnd() && !atOp("}"))
            add(r, expr());
        eatOp(";");
        return r;
    }
    const int e = expr();
    const RKind k = m_tree.at(e).kind;
    if (eatOp(";"))
        return e;
    // A block-like expression ends a statement without ';'; anything else at the end is
    // the block's tail value.
    if (atEnd())
        isTail = true;
    else if (k != RKind::If && k != RKind::Match && k != RKind::Block && k != RKind::Macro)
        error("expected ';'");
    return e;
}

int RustParser::expr(int minPrec)
{
    if (++m_depth > kMaxDepth) {
        --m_depth;
        error("expression nested too deeply");
        const int n = node(RKind::Unknown, {}, tok().line);
        // skip to a statement boundary
        while (!atEnd() && !atOp(";"))
            ++m_pos;
        return n;
    }
    int left = unary();
    for (;;) {
        if (atName("as")) {
            const int line = tok().line;
            ++m_pos;
            const int c = node(RKind::Cast, {}, line);
            m_tree.nodes[size_t(c)].type = typeText(
                {",", ")", ";", "]", "}", "+", "-", "*", "/", "==", "!=", "<", ">", "&&", "||"});
            add(c, left);
            left = c;
            continue;
        }
        if (tok().kind != TokKind::Op || atEnd())
            break;
        const std::string op = tok().text;
        const int prec = precedenceOf(op);
        if (prec == 0 || prec < minPrec)
            break;
        const int line = tok().line;
        ++m_pos;
        const int b = node(RKind::Binary, op, line);
        add(b, left);
        add(b, expr(prec + 1));
        left = b;
    }
    --m_depth;
    return left;
}

int RustParser::unary()
{
    const int line = tok().line;
    if (atOp("-") || atOp("!") || atOp("*") || atOp("&") || atOp("&&")) {
        const std::string op = tok().text;
        ++m_pos;
        if (atName("mut"))
            ++m_pos;
        if (++m_depth > kMaxDepth) {
            --m_depth;
            error("expression nested too deeply");
            return node(RKind::Unknown, {}, line);
        }
        const int u = node(RKind::Unary, op == "&&" ? "&" : op, line);
        add(u, unary());
        --m_depth;
        return u;
    }
    return postfix(primary());
}

int RustParser::postfix(int base)
{
    for (int guard = 0; guard < 4096 && !atEnd(); ++guard) {
        const int line = tok().line;
        if (atOp("?")) {
            ++m_pos;
            continue;
        }
        if (atOp(".")) {
            ++m_pos;
            if (atName("await")) {
                ++m_pos;
                continue;
            }
            if (tok().kind == TokKind::Number) {
                const int f = node(RKind::Field, tok().text, line);
                ++m_pos;
                add(f, base);
                base = f;
                continue;
            }
            if (tok().kind != TokKind::Name) {
                error("expected a field or method name");
                return base;
            }
            const std::string name = tok().text;
            ++m_pos;
            std::string turbofish;
            if (atOp("::") && atOp("<", 1)) {
                ++m_pos;
                ++m_pos;
                turbofish = typeText({">"});
                eatOp(">");
            }
            if (atOp("(")) {
                const int c = node(RKind::MethodCall, name, line);
                m_tree.nodes[size_t(c)].type = turbofish;
                add(c, base);
                ++m_pos;
                while (!atEnd() && !atOp(")")) {
                    add(c, expr());
                    if (!eatOp(","))
                        break;
                }
                if (!eatOp(")"))
                    error("expected ')'");
                base = c;
            } else {
                const int f = node(RKind::Field, name, line);
                add(f, base);
                base = f;
            }
            continue;
        }
        if (atOp("(")) {
            const int c = node(RKind::Call, {}, line);
            add(c, base);
            ++m_pos;
            while (!atEnd() && !atOp(")")) {
                add(c, expr());
                if (!eatOp(","))
                    break;
            }
            if (!eatOp(")"))
                error("expected ')'");
            base = c;
            continue;
        }
        if (atOp("[")) {
            const int i = node(RKind::Index, {}, line);
            add(i, base);
            ++m_pos;
            add(i, expr());
            if (!eatOp("]"))
                error("expected ']'");
            base = i;
            continue;
        }
        break;
    }
    return base;
}

int RustParser::macroCall(const std::string& name, int line)
{
    const int m = node(RKind::Macro, name, line);
    if (!atOp("(") && !atOp("[") && !atOp("{")) {
        error("expected the arguments of " + name + "!");
        return m;
    }
    const size_t close = matching(m_pos);
    const size_t saved = m_end;
    const size_t errorsBefore = m_tree.errors.size();
    m_end = close;
    ++m_pos;
    while (!atEnd()) {
        const size_t before = m_pos;
        add(m, expr());
        if (!eatOp(",") && !eatOp(";")) {
            if (!atEnd())
                m_tree.nodes[size_t(m)].tail = true; // the arguments do not read as expressions
            break;
        }
        if (m_pos == before)
            break;
    }
    // Macro arguments need not be expressions: their errors are not the file's.
    if (m_tree.errors.size() > errorsBefore) {
        m_tree.errors.resize(errorsBefore);
        m_tree.nodes[size_t(m)].tail = true;
    }
    m_end = saved;
    m_pos = std::min(close + 1, m_end);
    return m;
}

int RustParser::primary()
{
    const Token t = tok();
    const int line = t.line;
    if (atEnd()) {
        error("unexpected end of input");
        return node(RKind::Unknown, {}, line);
    }
    if (t.kind == TokKind::Number) {
        ++m_pos;
        const bool isFloat =
            (t.text.find('.') != std::string::npos || t.text.find("f32") != std::string::npos ||
             t.text.find("f64") != std::string::npos) &&
            t.text.rfind("0x", 0) != 0;
        return node(isFloat ? RKind::Float : RKind::Int, t.text, line);
    }
    if (t.kind == TokKind::String) {
        ++m_pos;
        return node(RKind::Str, t.text, line);
    }
    if (t.kind == TokKind::Op)
        return punctuated(t);
    if (t.kind != TokKind::Name) {
        error("unexpected '" + t.text + "'");
        ++m_pos;
        return node(RKind::Unknown, {}, line);
    }
    if (t.text == "unsafe" && atOp("{", 1)) {
        ++m_pos;
        return block();
    }
    if (t.text == "true" || t.text == "false") {
        ++m_pos;
        return node(RKind::Bool, t.text, line);
    }
    if (t.text == "if")
        return ifExpr(line);
    if (t.text == "match")
        return matchExpr(line);
    if (t.text == "for" || t.text == "while" || t.text == "loop") {
        while (!atEnd() && !atOp("{"))
            ++m_pos;
        block();
        return node(RKind::Unknown, "loop", line);
    }
    return pathExpr(t, line);
}

// A primary that starts with punctuation: a parenthesised expression or a tuple, an array,
// a block, a closure (read over) or a macro's `$parameter`.
int RustParser::punctuated(const Token& t)
{
    const int line = t.line;
    if (t.text == "(") {
        ++m_pos;
        if (eatOp(")"))
            return node(RKind::Tuple, {}, line);
        const int first = expr();
        if (eatOp(")"))
            return first;
        const int tuple = node(RKind::Tuple, {}, line);
        add(tuple, first);
        while (eatOp(",") && !atOp(")") && !atEnd())
            add(tuple, expr());
        if (!eatOp(")"))
            error("expected ')'");
        return tuple;
    }
    if (t.text == "[") {
        ++m_pos;
        const int arr = node(RKind::Array, {}, line);
        while (!atEnd() && !atOp("]")) {
            add(arr, expr());
            if (!eatOp(",") && !eatOp(";"))
                break;
        }
        if (!eatOp("]"))
            error("expected ']'");
        return arr;
    }
    if (t.text == "{")
        return block();
    if (t.text == "|" || t.text == "||") {
        // A closure: read over it.
        ++m_pos;
        if (t.text == "|")
            while (!atEnd() && !atOp("|"))
                ++m_pos;
        eatOp("|");
        expr();
        return node(RKind::Unknown, "closure", line);
    }
    if (t.text == "$" && tok(1).kind == TokKind::Name) {
        const std::string name = "$" + tok(1).text;
        m_pos += 2;
        return node(RKind::Path, name, line);
    }
    error("unexpected '" + t.text + "'");
    ++m_pos;
    return node(RKind::Unknown, {}, line);
}

int RustParser::ifExpr(int line)
{
    ++m_pos;
    const int i = node(RKind::If, {}, line);
    if (atName("let")) { // if let: not followed
        while (!atEnd() && !atOp("{"))
            ++m_pos;
        add(i, node(RKind::Unknown, "if let", line));
    } else {
        add(i, expr());
    }
    add(i, block());
    if (atName("else")) {
        ++m_pos;
        add(i, atName("if") ? primary() : block());
    } else {
        add(i, -1);
    }
    return i;
}

int RustParser::matchExpr(int line)
{
    ++m_pos;
    const int m = node(RKind::Match, {}, line);
    add(m, expr());
    if (!atOp("{")) {
        error("expected '{' after match");
        return m;
    }
    const size_t close = matching(m_pos);
    const size_t saved = m_end;
    m_end = close;
    ++m_pos;
    while (!atEnd()) {
        const size_t before = m_pos;
        if (!matchArm(m))
            break;
        eatOp(",");
        if (m_pos == before)
            break;
    }
    m_end = saved;
    m_pos = std::min(close + 1, m_end);
    return m;
}

// One arm `pat | pat => expr` (a guard is read over); false at a missing `=>`.
bool RustParser::matchArm(int match)
{
    const int arm = node(RKind::Arm, {}, tok().line);
    std::vector<int> pats{pattern()};
    while (eatOp("|"))
        pats.push_back(pattern());
    if (atName("if")) { // a guard: not followed
        while (!atEnd() && !atOp("=>"))
            ++m_pos;
    }
    if (!eatOp("=>")) {
        error("expected '=>'");
        return false;
    }
    add(arm, expr());
    for (int p : pats)
        add(arm, p);
    add(match, arm);
    return true;
}

// A path: a::b::c, with turbofish generics kept in `type`; a macro call when `!` follows.
int RustParser::pathExpr(const Token& t, int line)
{
    std::string path = t.text;
    std::string generics;
    ++m_pos;
    while (atOp("::")) {
        if (atOp("<", 1)) {
            m_pos += 2;
            generics = typeText({">"});
            eatOp(">");
            continue;
        }
        if (tok(1).kind != TokKind::Name)
            break;
        path += "::" + tok(1).text;
        m_pos += 2;
    }
    if (atOp("!") && !atOp("=", 1)) {
        ++m_pos;
        const size_t colon = path.rfind("::");
        return macroCall(colon == std::string::npos ? path : path.substr(colon + 2), line);
    }
    const int p = node(RKind::Path, path, line);
    m_tree.nodes[size_t(p)].type = generics;
    return p;
}

size_t closing(const std::vector<Token>& t, size_t open, const std::string& o, const std::string& c)
{
    int depth = 0;
    for (size_t i = open; i < t.size(); ++i) {
        if (t[i].kind != TokKind::Op)
            continue;
        if (t[i].text == o)
            ++depth;
        else if (t[i].text == c && --depth == 0)
            return i;
    }
    return t.size() - 1;
}

std::string joined(const std::vector<Token>& t, size_t from, size_t to)
{
    std::string out;
    for (size_t i = from; i < to && i < t.size(); ++i) {
        if (!out.empty() && t[i].kind == TokKind::Name && t[i - 1].kind == TokKind::Name)
            out += ' ';
        out += t[i].text;
    }
    return out;
}

std::vector<std::pair<size_t, size_t>> splitCommas(const std::vector<Token>& t, size_t from,
                                                   size_t to)
{
    std::vector<std::pair<size_t, size_t>> parts;
    int depth = 0;
    size_t start = from;
    for (size_t i = from; i < to; ++i) {
        if (t[i].kind != TokKind::Op)
            continue;
        const std::string& x = t[i].text;
        if (x == "(" || x == "[" || x == "{" || x == "<")
            ++depth;
        else if (x == ")" || x == "]" || x == "}" || x == ">")
            --depth;
        else if (x == "," && depth == 0) {
            if (i > start)
                parts.push_back({start, i});
            start = i + 1;
        }
    }
    if (to > start)
        parts.push_back({start, to});
    return parts;
}

} // namespace tilelens::ws::launch::rs
