#include "workspace/PyLaunchSource.h"

#include <set>

namespace tilelens::ws::launch {
namespace {

constexpr int kMaxDepth = 100; // expression and block nesting

const char* const kOr[] = {"or", nullptr};
const char* const kAnd[] = {"and", nullptr};
const char* const kBitOr[] = {"|", nullptr};
const char* const kBitXor[] = {"^", nullptr};
const char* const kBitAnd[] = {"&", nullptr};
const char* const kShift[] = {"<<", ">>", nullptr};
const char* const kArith[] = {"+", "-", nullptr};
const char* const kTerm[] = {"*", "/", "//", "%", "@", nullptr};

class PyParser
{
public:
    explicit PyParser(TokenList tokens) : m_toks(std::move(tokens.tokens))
    {
        m_file.errors = std::move(tokens.errors);
    }

    PyFile run()
    {
        const int module = node(PyKind::Module, {}, 1, 1);
        while (!at(TokKind::End)) {
            if (at(TokKind::Indent) || at(TokKind::Dedent) || at(TokKind::Newline)) {
                if (at(TokKind::Indent))
                    error("unexpected indentation");
                ++m_pos;
                continue;
            }
            const size_t before = m_pos;
            addKid(module, statement());
            if (m_pos == before)
                ++m_pos; // never loop without progress
        }
        m_file.root = module;
        m_file.nodes.shrink_to_fit(); // the file is kept while its ops are run: no growth slack
        return std::move(m_file);
    }

private:
    // ---- token access
    const Token& tok(size_t ahead = 0) const
    {
        const size_t i = std::min(m_pos + ahead, m_toks.size() - 1);
        return m_toks[i];
    }
    bool at(TokKind k) const { return tok().kind == k; }
    bool atOp(std::string_view op) const { return tok().kind == TokKind::Op && tok().text == op; }
    bool atName(std::string_view n) const { return tok().kind == TokKind::Name && tok().text == n; }
    bool eatOp(std::string_view op)
    {
        if (!atOp(op))
            return false;
        ++m_pos;
        return true;
    }
    bool eatName(std::string_view n)
    {
        if (!atName(n))
            return false;
        ++m_pos;
        return true;
    }
    void error(const std::string& message)
    {
        if (m_file.errors.size() < 200)
            m_file.errors.push_back({tok().line, tok().column, message});
    }
    bool expectOp(std::string_view op)
    {
        if (eatOp(op))
            return true;
        error("expected '" + std::string(op) + "'");
        return false;
    }

    int node(PyKind kind, std::string text, int line, int column)
    {
        PyNode n;
        n.kind = kind;
        n.text = std::move(text);
        n.line = line;
        n.column = column;
        m_file.nodes.push_back(std::move(n));
        return int(m_file.nodes.size() - 1);
    }
    int nodeHere(PyKind kind, std::string text = {})
    {
        return node(kind, std::move(text), tok().line, tok().column);
    }
    void addKid(int parent, int kid) { m_file.nodes[size_t(parent)].kids.push_back(kid); }

    // Skips to the end of the current logical line (after an error).
    void skipLine()
    {
        int depth = 0;
        while (!at(TokKind::End) && !(at(TokKind::Newline) && depth == 0)) {
            if (at(TokKind::Indent))
                ++depth;
            if (at(TokKind::Dedent)) {
                if (depth == 0)
                    return;
                --depth;
            }
            ++m_pos;
        }
        if (at(TokKind::Newline))
            ++m_pos;
    }

    // ---- statements
    int statement()
    {
        if (m_depth > kMaxDepth) {
            error("statements nested too deeply");
            const int n = nodeHere(PyKind::Other);
            skipLine();
            return n;
        }
        if (atOp("@") || atName("def") || atName("class") || atName("async"))
            return definition();
        if (atName("if"))
            return ifStatement();
        if (atName("for"))
            return forStatement();
        if (atName("while")) {
            const int n = nodeHere(PyKind::While);
            ++m_pos;
            addKid(n, expression());
            addKid(n, suite());
            addKid(n, elseSuite());
            return n;
        }
        if (atName("with"))
            return withStatement();
        if (atName("try"))
            return tryStatement();
        return simpleLine();
    }

    // One or more simple statements separated by ';' up to the end of the line; a
    // line with several becomes a Block.
    int simpleLine()
    {
        std::vector<int> stmts;
        const int line = tok().line, column = tok().column;
        const size_t errorsBefore = m_file.errors.size();
        for (;;) {
            stmts.push_back(simpleStatement());
            if (m_file.errors.size() != errorsBefore) {
                skipLine();
                break;
            }
            if (eatOp(";") && !at(TokKind::Newline) && !at(TokKind::End))
                continue;
            if (at(TokKind::Newline)) {
                ++m_pos;
            } else if (!at(TokKind::End) && !at(TokKind::Dedent)) {
                error("unexpected '" + tok().text + "'");
                skipLine();
            }
            break;
        }
        if (stmts.size() == 1)
            return stmts[0];
        const int block = node(PyKind::Block, {}, line, column);
        for (int s : stmts)
            addKid(block, s);
        return block;
    }

    int simpleStatement()
    {
        const int line = tok().line, column = tok().column;
        if (eatName("pass"))
            return node(PyKind::Pass, {}, line, column);
        if (eatName("break"))
            return node(PyKind::Break, {}, line, column);
        if (eatName("continue"))
            return node(PyKind::Continue, {}, line, column);
        if (atName("return") || atName("raise") || atName("assert")) {
            const PyKind kind = atName("return")  ? PyKind::Return
                                : atName("raise") ? PyKind::Raise
                                                  : PyKind::Assert;
            ++m_pos;
            const int n = node(kind, {}, line, column);
            if (!at(TokKind::Newline) && !atOp(";") && !at(TokKind::End))
                addKid(n, kind == PyKind::Return ? testList() : expression());
            while (eatOp(",") || eatName("from"))
                addKid(n, expression());
            return n;
        }
        if (atName("import") || atName("from") || atName("global") || atName("nonlocal") ||
            atName("del")) {
            const PyKind kind = atName("import") || atName("from") ? PyKind::Import : PyKind::Other;
            while (!at(TokKind::Newline) && !at(TokKind::End) && !atOp(";"))
                ++m_pos;
            return node(kind, {}, line, column);
        }
        if (atName("yield")) {
            const int n = nodeHere(PyKind::Yield);
            ++m_pos;
            if (eatName("from"))
                m_file.nodes[size_t(n)].text = "from";
            if (!at(TokKind::Newline) && !atOp(";") && !at(TokKind::End))
                addKid(n, testList());
            return exprStatement(n, line, column);
        }
        int first = testList(true);
        if (atOp(":")) { // an annotated assignment: x: T = value
            ++m_pos;
            expression();
            if (!eatOp("="))
                return node(PyKind::Pass, {}, line, column);
            const int n = node(PyKind::Assign, {}, line, column);
            addKid(n, first);
            addKid(n, testList(true));
            return n;
        }
        if (tok().kind == TokKind::Op && tok().text.size() >= 2 && tok().text.back() == '=' &&
            tok().text != "==" && tok().text != "!=" && tok().text != "<=" && tok().text != ">=") {
            const std::string op = tok().text;
            ++m_pos;
            const int n = node(PyKind::AugAssign, op, line, column);
            addKid(n, first);
            addKid(n, testList(true));
            return n;
        }
        if (!atOp("="))
            return exprStatement(first, line, column);
        const int n = node(PyKind::Assign, {}, line, column);
        addKid(n, first);
        while (eatOp("=")) {
            if (m_file.nodes.size() > (size_t(1) << 22))
                break;
            addKid(n, testList(true));
        }
        return n;
    }

    int exprStatement(int expr, int line, int column)
    {
        const int n = node(PyKind::ExprStmt, {}, line, column);
        addKid(n, expr);
        return n;
    }

    // A block after ':' — the rest of the line, or an indented block.
    int suite()
    {
        const int block = nodeHere(PyKind::Block);
        if (!expectOp(":")) {
            skipLine();
            return block;
        }
        if (!at(TokKind::Newline)) {
            addKid(block, simpleLine());
            return block;
        }
        ++m_pos;
        if (!at(TokKind::Indent)) {
            error("expected an indented block");
            return block;
        }
        ++m_pos;
        ++m_depth;
        while (!at(TokKind::Dedent) && !at(TokKind::End)) {
            if (at(TokKind::Newline) || at(TokKind::Indent)) {
                if (at(TokKind::Indent))
                    error("unexpected indentation");
                ++m_pos;
                continue;
            }
            const size_t before = m_pos;
            addKid(block, statement());
            if (m_pos == before)
                ++m_pos; // never loop without progress
        }
        --m_depth;
        if (at(TokKind::Dedent))
            ++m_pos;
        return block;
    }

    int elseSuite()
    {
        if (!atName("else"))
            return -1;
        ++m_pos;
        return suite();
    }

    int definition()
    {
        const int decorators = nodeHere(PyKind::Block);
        while (eatOp("@")) {
            addKid(decorators, expression());
            if (at(TokKind::Newline))
                ++m_pos;
        }
        eatName("async");
        const int line = tok().line, column = tok().column;
        if (eatName("class")) {
            const std::string name = at(TokKind::Name) ? tok().text : std::string();
            if (at(TokKind::Name))
                ++m_pos;
            const int n = node(PyKind::Class, name, line, column);
            const int bases = nodeHere(PyKind::Block);
            if (eatOp("(")) {
                while (!atOp(")") && !at(TokKind::End) && !at(TokKind::Newline)) {
                    addKid(bases, argument());
                    if (!eatOp(","))
                        break;
                }
                expectOp(")");
            }
            addKid(n, bases);
            addKid(n, suite());
            return n;
        }
        if (!eatName("def")) {
            error("expected 'def' or 'class' after a decorator");
            const int n = node(PyKind::Other, {}, line, column);
            skipLine();
            return n;
        }
        const std::string name = at(TokKind::Name) ? tok().text : std::string();
        if (at(TokKind::Name))
            ++m_pos;
        const int n = node(PyKind::Def, name, line, column);
        const int params = nodeHere(PyKind::Params);
        if (expectOp("(")) {
            parameters(params, ")");
            expectOp(")");
        }
        if (eatOp("->"))
            m_file.annotations[n] = annotationText();
        addKid(n, params);
        addKid(n, decorators);
        addKid(n, suite());
        return n;
    }

    // Parameters up to `close` (")" for def, ":" for lambda).
    void parameters(int params, std::string_view close)
    {
        while (!atOp(close) && !at(TokKind::End) && !at(TokKind::Newline)) {
            std::string prefix;
            if (atOp("*") || atOp("**") || atOp("/")) {
                prefix = tok().text;
                ++m_pos;
                if (prefix == "/" || atOp(",") || atOp(close)) {
                    eatOp(",");
                    continue; // a bare '*' or '/' marker
                }
            }
            if (!at(TokKind::Name)) {
                error("expected a parameter name");
                return;
            }
            const int p = nodeHere(PyKind::Param, prefix + tok().text);
            ++m_pos;
            if (close == ")" && eatOp(":"))
                m_file.annotations[p] = annotationText();
            if (eatOp("="))
                addKid(p, expression());
            addKid(params, p);
            if (!eatOp(","))
                break;
        }
    }

    // The annotation's tokens joined by single spaces, up to ',', '=', ')' or ':' at depth 0.
    std::string annotationText()
    {
        std::string out;
        int depth = 0;
        while (!at(TokKind::End) && !at(TokKind::Newline)) {
            if (depth == 0 && (atOp(",") || atOp("=") || atOp(")") || atOp(":")))
                break;
            if (atOp("(") || atOp("[") || atOp("{"))
                ++depth;
            if (atOp(")") || atOp("]") || atOp("}"))
                --depth;
            if (!out.empty())
                out += ' ';
            out += tok().text;
            ++m_pos;
        }
        return out;
    }

    int ifStatement()
    {
        const int n = nodeHere(PyKind::If);
        ++m_pos; // if / elif
        addKid(n, expression());
        addKid(n, suite());
        if (atName("elif")) {
            const int orelse = nodeHere(PyKind::Block);
            addKid(orelse, ifStatement());
            addKid(n, orelse);
        } else {
            addKid(n, elseSuite());
        }
        return n;
    }

    int forStatement()
    {
        const int n = nodeHere(PyKind::For);
        ++m_pos;
        addKid(n, targetList());
        if (!eatName("in"))
            error("expected 'in'");
        addKid(n, testList());
        addKid(n, suite());
        addKid(n, elseSuite());
        return n;
    }

    int withStatement()
    {
        const int n = nodeHere(PyKind::With);
        ++m_pos;
        const int items = nodeHere(PyKind::Block);
        for (;;) {
            const int item = nodeHere(PyKind::WithItem);
            addKid(item, expression());
            addKid(item, eatName("as") ? targetList() : -1);
            addKid(items, item);
            if (!eatOp(","))
                break;
        }
        addKid(n, items);
        addKid(n, suite());
        return n;
    }

    int tryStatement()
    {
        const int n = nodeHere(PyKind::Try);
        ++m_pos;
        addKid(n, suite());
        const int handlers = nodeHere(PyKind::Block);
        while (atName("except")) {
            ++m_pos;
            while (!atOp(":") && !at(TokKind::Newline) && !at(TokKind::End))
                ++m_pos;
            addKid(handlers, suite());
        }
        addKid(n, handlers);
        addKid(n, elseSuite());
        addKid(n, eatName("finally") ? suite() : -1);
        return n;
    }

    // ---- expressions
    // Comma-separated expressions: a Tuple when there is a comma (`allowStar`: *x items).
    int testList(bool allowStar = false)
    {
        const int line = tok().line, column = tok().column;
        int first = allowStar && atOp("*") ? starred() : expression();
        if (!atOp(","))
            return first;
        const int t = node(PyKind::Tuple, {}, line, column);
        addKid(t, first);
        while (eatOp(",")) {
            if (endsTestList())
                break;
            addKid(t, allowStar && atOp("*") ? starred() : expression());
        }
        return t;
    }
    bool endsTestList() const
    {
        return at(TokKind::Newline) || at(TokKind::End) || atOp("=") || atOp(")") || atOp("]") ||
               atOp(":") || atOp(";") || atName("in");
    }
    // for-loop and comprehension targets: names, attributes, tuples (no 'in' operator).
    int targetList()
    {
        const int line = tok().line, column = tok().column;
        const int first = bitOr();
        if (!atOp(","))
            return first;
        const int t = node(PyKind::Tuple, {}, line, column);
        addKid(t, first);
        while (eatOp(",") && !atName("in") && !atOp("="))
            addKid(t, bitOr());
        return t;
    }
    int starred()
    {
        const int n = nodeHere(PyKind::Starred, tok().text);
        ++m_pos;
        addKid(n, expression());
        return n;
    }

    struct DepthGuard
    {
        explicit DepthGuard(int& d) : depth(d) { ++depth; }
        ~DepthGuard() { --depth; }
        int& depth;
    };

    int expression()
    {
        DepthGuard guard(m_depth);
        if (m_depth > kMaxDepth) {
            error("expression nested too deeply");
            const int n = nodeHere(PyKind::Unknown);
            skipExpression();
            return n;
        }
        if (atName("lambda")) {
            const int n = nodeHere(PyKind::Lambda);
            ++m_pos;
            const int params = nodeHere(PyKind::Params);
            parameters(params, ":");
            expectOp(":");
            addKid(n, params);
            addKid(n, expression());
            return n;
        }
        const int line = tok().line, column = tok().column;
        const int body = orExpr();
        if (!atName("if"))
            return body;
        ++m_pos;
        const int cond = orExpr();
        if (!eatName("else")) {
            error("expected 'else'");
            return body;
        }
        const int n = node(PyKind::IfExp, {}, line, column);
        addKid(n, body);
        addKid(n, cond);
        addKid(n, expression());
        return n;
    }

    // Skips one expression's tokens (balanced brackets) after a depth error.
    void skipExpression()
    {
        int depth = 0;
        while (!at(TokKind::End) && !at(TokKind::Newline)) {
            if (atOp("(") || atOp("[") || atOp("{"))
                ++depth;
            else if (atOp(")") || atOp("]") || atOp("}")) {
                if (depth == 0)
                    return;
                --depth;
            } else if (depth == 0 && atOp(","))
                return;
            ++m_pos;
        }
    }

    int tooDeep()
    {
        error("expression nested too deeply");
        return nodeHere(PyKind::Unknown);
    }

    // Left-associative operators of one precedence level (`ops`: a null-terminated list).
    int binaryLeft(int (PyParser::*next)(), PyKind kind, const char* const* ops)
    {
        auto isOp = [&] {
            if (tok().kind != TokKind::Op && tok().kind != TokKind::Name)
                return false;
            for (const char* const* o = ops; *o; ++o)
                if (tok().text == *o)
                    return true;
            return false;
        };
        int left = (this->*next)();
        while (isOp()) {
            const Token op = tok();
            ++m_pos;
            const int n = node(kind, op.text, op.line, op.column);
            addKid(n, left);
            addKid(n, (this->*next)());
            left = n;
        }
        return left;
    }
    int orExpr() { return binaryLeft(&PyParser::andExpr, PyKind::BoolOp, kOr); }
    int andExpr() { return binaryLeft(&PyParser::notExpr, PyKind::BoolOp, kAnd); }
    int notExpr()
    {
        if (!atName("not"))
            return comparison();
        DepthGuard guard(m_depth);
        const int n = nodeHere(PyKind::UnOp, "not");
        ++m_pos;
        addKid(n, m_depth > kMaxDepth ? tooDeep() : notExpr());
        return n;
    }
    int comparison()
    {
        int left = bitOr();
        for (;;) {
            std::string op;
            const Token t = tok();
            if (t.kind == TokKind::Op && (t.text == "<" || t.text == ">" || t.text == "==" ||
                                          t.text == "!=" || t.text == "<=" || t.text == ">=")) {
                op = t.text;
                ++m_pos;
            } else if (atName("in")) {
                op = "in";
                ++m_pos;
            } else if (atName("not") && tok(1).kind == TokKind::Name && tok(1).text == "in") {
                op = "not in";
                m_pos += 2;
            } else if (atName("is")) {
                ++m_pos;
                op = eatName("not") ? "is not" : "is";
            } else {
                return left;
            }
            const int n = node(PyKind::Compare, op, t.line, t.column);
            addKid(n, left);
            addKid(n, bitOr());
            left = n;
        }
    }
    int bitOr() { return binaryLeft(&PyParser::bitXor, PyKind::BinOp, kBitOr); }
    int bitXor() { return binaryLeft(&PyParser::bitAnd, PyKind::BinOp, kBitXor); }
    int bitAnd() { return binaryLeft(&PyParser::shift, PyKind::BinOp, kBitAnd); }
    int shift() { return binaryLeft(&PyParser::arith, PyKind::BinOp, kShift); }
    int arith() { return binaryLeft(&PyParser::term, PyKind::BinOp, kArith); }
    int term() { return binaryLeft(&PyParser::factor, PyKind::BinOp, kTerm); }
    int factor()
    {
        if (atOp("-") || atOp("+") || atOp("~")) {
            DepthGuard guard(m_depth);
            const int n = nodeHere(PyKind::UnOp, tok().text);
            ++m_pos;
            addKid(n, m_depth > kMaxDepth ? tooDeep() : factor());
            return n;
        }
        return power();
    }
    int power()
    {
        eatName("await");
        const int base = primary();
        if (!atOp("**"))
            return base;
        DepthGuard guard(m_depth);
        const int n = nodeHere(PyKind::BinOp, "**");
        ++m_pos;
        addKid(n, base);
        addKid(n, m_depth > kMaxDepth ? tooDeep() : factor());
        return n;
    }

    int primary()
    {
        int n = atom();
        for (;;) {
            if (atOp(".")) {
                ++m_pos;
                const int a = nodeHere(PyKind::Attr, at(TokKind::Name) ? tok().text : "");
                if (at(TokKind::Name))
                    ++m_pos;
                else
                    error("expected a name after '.'");
                addKid(a, n);
                n = a;
            } else if (atOp("(")) {
                const int c = nodeHere(PyKind::Call);
                ++m_pos;
                addKid(c, n);
                while (!atOp(")") && !at(TokKind::End)) {
                    addKid(c, argument());
                    if (!eatOp(","))
                        break;
                }
                expectOp(")");
                n = c;
            } else if (atOp("[")) {
                const int s = nodeHere(PyKind::Subscript);
                ++m_pos;
                addKid(s, n);
                addKid(s, subscriptList());
                expectOp("]");
                n = s;
            } else {
                return n;
            }
        }
    }

    int argument()
    {
        if (atOp("*") || atOp("**"))
            return starred();
        if (at(TokKind::Name) && tok(1).kind == TokKind::Op && tok(1).text == "=") {
            const int k = nodeHere(PyKind::Keyword, tok().text);
            m_pos += 2;
            addKid(k, expression());
            return k;
        }
        const int e = expression();
        if (atName("for")) // a generator argument: f(x for x in y)
            return comprehension(e, PyKind::ListComp);
        return e;
    }

    int subscriptList()
    {
        const int line = tok().line, column = tok().column;
        const int first = subscriptItem();
        if (!atOp(","))
            return first;
        const int t = node(PyKind::Tuple, {}, line, column);
        addKid(t, first);
        while (eatOp(",") && !atOp("]"))
            addKid(t, subscriptItem());
        return t;
    }
    int subscriptItem()
    {
        const int line = tok().line, column = tok().column;
        int lo = -1;
        if (!atOp(":"))
            lo = expression();
        if (!atOp(":"))
            return lo;
        const int s = node(PyKind::Slice, {}, line, column);
        ++m_pos;
        const int hi = atOp(":") || atOp("]") || atOp(",") ? -1 : expression();
        int step = -1;
        if (eatOp(":") && !atOp("]") && !atOp(","))
            step = expression();
        addKid(s, lo);
        addKid(s, hi);
        addKid(s, step);
        return s;
    }

    int comprehension(int element, PyKind kind)
    {
        const int n = node(kind, {}, m_file.at(element).line, m_file.at(element).column);
        addKid(n, element);
        while (atName("for") || atName("async")) {
            eatName("async");
            const int comp = nodeHere(PyKind::Comp);
            ++m_pos;
            addKid(comp, targetList());
            if (!eatName("in"))
                error("expected 'in'");
            addKid(comp, orExpr());
            while (eatName("if"))
                addKid(comp, orExpr());
            addKid(n, comp);
        }
        return n;
    }

    int atom()
    {
        const Token t = tok();
        switch (t.kind) {
        case TokKind::Name:
            ++m_pos;
            if (t.text == "None")
                return node(PyKind::NoneLit, t.text, t.line, t.column);
            if (t.text == "True")
                return node(PyKind::True, t.text, t.line, t.column);
            if (t.text == "False")
                return node(PyKind::False, t.text, t.line, t.column);
            return node(PyKind::Name, t.text, t.line, t.column);
        case TokKind::Number: {
            ++m_pos;
            const bool isFloat = t.text.find_first_of(".eEjJ") != std::string::npos &&
                                 t.text.rfind("0x", 0) != 0 && t.text.rfind("0X", 0) != 0;
            return node(isFloat ? PyKind::Float : PyKind::Int, t.text, t.line, t.column);
        }
        case TokKind::String: {
            std::string text = t.text;
            ++m_pos;
            while (at(TokKind::String) && text.size() < (size_t(1) << 20))
                text += tok().text, ++m_pos; // adjacent literals concatenate
            return node(PyKind::Str, text, t.line, t.column);
        }
        case TokKind::Op:
            if (t.text == "(" || t.text == "[" || t.text == "{")
                return bracketed(t);
            if (t.text == "...") {
                ++m_pos;
                return node(PyKind::NoneLit, t.text, t.line, t.column);
            }
            break;
        default:
            break;
        }
        error("unexpected " + (t.kind == TokKind::Newline ? std::string("end of line")
                               : t.kind == TokKind::End   ? std::string("end of file")
                                                          : "'" + t.text + "'"));
        return node(PyKind::Unknown, {}, t.line, t.column);
    }

    int bracketed(const Token& open)
    {
        ++m_pos;
        const std::string close = open.text == "(" ? ")" : open.text == "[" ? "]" : "}";
        const PyKind seqKind = open.text == "("   ? PyKind::Tuple
                               : open.text == "[" ? PyKind::List
                                                  : PyKind::Set;
        if (eatOp(close))
            return node(open.text == "{" ? PyKind::Dict : seqKind, {}, open.line, open.column);
        int first = atOp("*") || atOp("**") ? starred() : expression();
        if (open.text == "{" && eatOp(":")) {
            const int d = node(PyKind::Dict, {}, open.line, open.column);
            addKid(d, first);
            addKid(d, expression());
            if (atName("for")) { // {k: v for ...}: a comprehension of (key, value) pairs
                const int pair = node(PyKind::Tuple, {}, open.line, open.column);
                addKid(pair, first);
                addKid(pair, m_file.nodes[size_t(d)].kids[1]);
                const int c = comprehension(pair, PyKind::ListComp);
                m_file.nodes[size_t(c)].text = "dict";
                expectOp("}");
                return c;
            }
            while (eatOp(",") && !atOp("}")) {
                if (atOp("**")) {
                    addKid(d, starred());
                    addKid(d, -1);
                    continue;
                }
                addKid(d, expression());
                expectOp(":");
                addKid(d, expression());
            }
            expectOp("}");
            return d;
        }
        if (atName("for")) {
            const int c = comprehension(first, PyKind::ListComp);
            expectOp(close);
            return c;
        }
        if (open.text == "(" && eatOp(")"))
            return first; // parentheses only
        const int seq = node(seqKind, {}, open.line, open.column);
        addKid(seq, first);
        while (eatOp(",") && !atOp(close))
            addKid(seq, atOp("*") || atOp("**") ? starred() : expression());
        expectOp(close);
        return seq;
    }

    std::vector<Token> m_toks;
    size_t m_pos = 0;
    int m_depth = 0;
    PyFile m_file;
};

void exprText(const PyFile& f, int n, std::string& out, int depth)
{
    if (n < 0)
        return;
    if (depth > 40 || out.size() > 400) {
        out += "...";
        return;
    }
    const PyNode& x = f.at(n);
    auto kid = [&](size_t k) { exprText(f, f.kid(n, k), out, depth + 1); };
    auto list = [&](size_t from, const char* sep) {
        for (size_t k = from; k < x.kids.size(); ++k) {
            if (k > from)
                out += sep;
            kid(k);
        }
    };
    switch (x.kind) {
    case PyKind::Name:
    case PyKind::Int:
    case PyKind::Float:
    case PyKind::NoneLit:
    case PyKind::True:
    case PyKind::False:
        out += x.text;
        break;
    case PyKind::Str:
        out += "\"" + x.text + "\"";
        break;
    case PyKind::Attr:
        kid(0);
        out += "." + x.text;
        break;
    case PyKind::Subscript:
        kid(0);
        out += "[";
        kid(1);
        out += "]";
        break;
    case PyKind::Slice:
        kid(0);
        out += ":";
        kid(1);
        if (f.kid(n, 2) >= 0)
            out += ":", kid(2);
        break;
    case PyKind::Call:
        kid(0);
        out += "(";
        list(1, ", ");
        out += ")";
        break;
    case PyKind::Keyword:
        out += x.text + "=";
        kid(0);
        break;
    case PyKind::Starred:
        out += x.text;
        kid(0);
        break;
    case PyKind::BinOp:
    case PyKind::Compare:
    case PyKind::BoolOp:
        kid(0);
        out += " " + x.text + " ";
        kid(1);
        break;
    case PyKind::UnOp:
        out += x.text == "not" ? "not " : x.text;
        kid(0);
        break;
    case PyKind::IfExp:
        kid(0);
        out += " if ";
        kid(1);
        out += " else ";
        kid(2);
        break;
    case PyKind::Tuple:
        out += "(";
        list(0, ", ");
        out += x.kids.size() == 1 ? ",)" : ")";
        break;
    case PyKind::List:
        out += "[";
        list(0, ", ");
        out += "]";
        break;
    default:
        out += "...";
        break;
    }
}

} // namespace

const std::string& PyFile::annotation(int node) const
{
    static const std::string none;
    const auto found = annotations.find(node);
    return found == annotations.end() ? none : found->second;
}

PyFile parsePython(std::string_view text)
{
    return PyParser(tokenizePython(text)).run();
}

std::string pyExprText(const PyFile& file, int node)
{
    std::string out;
    exprText(file, node, out, 0);
    return out;
}

} // namespace tilelens::ws::launch
