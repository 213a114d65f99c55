// scanRustEntry (RustOpLinker.h): a line-based scan of one entry function of
// kernel.rs, enough for rustfmt-formatted cuTile Rust; not a Rust parser.

#include "workspace/RustOpLinker.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <set>

namespace tilelens::ws {
namespace {

bool isIdentStart(char c)
{
    return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}

bool isIdentChar(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// The line without its `//` comment and string contents (quotes kept).
std::string codeOf(std::string_view line)
{
    std::string out;
    bool inString = false;
    for (size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"') {
                inString = false;
                out += c;
            }
            continue;
        }
        if (c == '/' && i + 1 < line.size() && line[i + 1] == '/')
            break;
        if (c == '"')
            inString = true;
        out += c;
    }
    while (!out.empty() && std::isspace(static_cast<unsigned char>(out.back())))
        out.pop_back();
    return out;
}

std::string_view trimmed(std::string_view s)
{
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
        s.remove_prefix(1);
    return s;
}

std::vector<std::string> splitLines(std::string_view text)
{
    std::vector<std::string> lines;
    size_t start = 0;
    while (start <= text.size()) {
        const size_t end = text.find('\n', start);
        const size_t stop = end == std::string_view::npos ? text.size() : end;
        lines.push_back(codeOf(text.substr(start, stop - start)));
        if (end == std::string_view::npos)
            break;
        start = end + 1;
    }
    return lines;
}

// Names of every `fn` in the file (helpers are inlined at their call).
std::set<std::string> functionNames(const std::vector<std::string>& lines)
{
    std::set<std::string> names;
    for (const std::string& line : lines)
        for (size_t at = line.find("fn "); at != std::string::npos; at = line.find("fn ", at + 3)) {
            if (at > 0 && isIdentChar(line[at - 1]))
                continue;
            size_t i = at + 3;
            while (i < line.size() && line[i] == ' ')
                ++i;
            size_t end = i;
            while (end < line.size() && isIdentChar(line[end]))
                ++end;
            if (end > i)
                names.insert(line.substr(i, end - i));
        }
    return names;
}

// A statement starts after `;`, `{` or `}` unless it continues an expression.
bool continuesExpression(std::string_view code)
{
    static const char* const kContinuations[] = {"}",  ".",  ")", "]", "else", "=>", "?",
                                                 "&&", "||", "+", "-", "*",    "/"};
    for (const char* prefix : kContinuations)
        if (code.substr(0, std::char_traits<char>::length(prefix)) == prefix)
            return true;
    return false;
}

// The range of a `let NAME: TYPE =` annotation on \a code, to skip (types hold
// literals and brackets that lower to nothing).
std::pair<size_t, size_t> typeAnnotation(const std::string& code)
{
    const size_t let = code.find("let ");
    if (let == std::string::npos)
        return {0, 0};
    for (size_t i = let + 4; i < code.size(); ++i) {
        if (code[i] == '=')
            return {0, 0};
        if (code[i] == ':' && (i + 1 >= code.size() || code[i + 1] != ':')) {
            const size_t eq = code.find(" = ", i);
            return {i, eq == std::string::npos ? code.size() : eq};
        }
    }
    return {0, 0};
}

// TILE_SIZE, CAST_TF32: a const generic by Rust naming.
bool isConstName(std::string_view ident)
{
    bool letter = false;
    for (char c : ident) {
        if (std::islower(static_cast<unsigned char>(c)))
            return false;
        letter = letter || std::isupper(static_cast<unsigned char>(c));
    }
    return letter && ident.size() >= 2;
}

// Skips a balanced `<...>` starting at \a i (which is at '<'); returns the index after it.
size_t skipAngles(const std::string& code, size_t i)
{
    int depth = 0;
    for (; i < code.size(); ++i) {
        if (code[i] == '<')
            ++depth;
        else if (code[i] == '>' && --depth == 0)
            return i + 1;
    }
    return i;
}

// Emits a statement's events in evaluation order, the order the compiler
// lowers them: call arguments before the call, operands before an operator
// (by precedence), a loop or `if` header before its keyword's op. State spans
// the lines of one statement (a call's arguments may take several lines).
class EventScanner
{
public:
    EventScanner(const std::set<std::string>& helpers, std::vector<RustEvent>& out)
        : m_helpers(helpers), m_out(out)
    {
    }

    // A new statement: what is still open is flushed first.
    void startStatement(int statement)
    {
        flushAll();
        m_statement = statement;
    }

    void scanLine(const std::string& code, int line);
    void flushAll()
    {
        while (!m_frames.empty())
            closeFrame();
        flushKeyword();
    }

private:
    struct Pending
    {
        RustEvent::Kind kind;
        std::string name;
        int line;
        int precedence = 0; // operators
    };
    struct Frame
    {
        std::optional<Pending> call; // the call or method this bracket belongs to
        std::vector<Pending> operators;
    };

    static int precedence(std::string_view op)
    {
        if (op == "*" || op == "/" || op == "%")
            return 10;
        if (op == "+" || op == "-")
            return 9;
        if (op == "<<" || op == ">>")
            return 8;
        if (op == "&")
            return 7;
        if (op == "^")
            return 6;
        if (op == "|")
            return 5;
        if (op == "&&")
            return 3;
        if (op == "||")
            return 2;
        if (op.size() == 2 && op[1] == '=' && op[0] != '=' && op[0] != '!' && op[0] != '<' &&
            op[0] != '>')
            return 1; // compound assignment
        return 4;     // comparisons
    }

    void emit(const Pending& p)
    {
        const bool speculative = !m_blocks.empty() && m_blocks.back().speculative;
        m_out.push_back({p.kind, p.name, p.line, m_statement, speculative});
    }
    Frame& top()
    {
        if (m_frames.empty())
            m_frames.emplace_back();
        return m_frames.back();
    }
    void flushOperators(Frame& f)
    {
        while (!f.operators.empty()) {
            emit(f.operators.back());
            f.operators.pop_back();
        }
    }
    void closeFrame()
    {
        Frame f = std::move(m_frames.back());
        m_frames.pop_back();
        flushOperators(f);
        if (f.call)
            emit(*f.call);
    }
    void flushKeyword()
    {
        if (m_keyword) {
            emit(*m_keyword);
            m_keyword.reset();
        }
    }
    void pushOperator(std::string name, int line)
    {
        Frame& f = top();
        const int p = precedence(name);
        while (!f.operators.empty() && f.operators.back().precedence >= p && p > 1) {
            emit(f.operators.back());
            f.operators.pop_back();
        }
        if (name.size() == 2 && p == 1)
            name.pop_back(); // `+=`: the arithmetic op
        f.operators.push_back({RustEvent::Kind::Operator, std::move(name), line, p});
    }

    const std::set<std::string>& m_helpers;
    std::vector<RustEvent>& m_out;
    std::vector<Frame> m_frames;      // open ( and [ of the statement; the bottom one is implicit
    std::optional<Pending> m_keyword; // `for`/`if`/`while`: emitted at its block's `{`
    int m_statement = -1;
    // Blocks open in the body. A branch on a const generic (`if TRANSPOSE_A
    // == 1i32 {`, or its `else`) may be dropped by the compiler: speculative.
    struct Block
    {
        bool speculative = false;
        bool constBranch = false;
    };
    std::vector<Block> m_blocks;
    bool m_constCondition = false; // the pending `if` tests a const generic
    bool m_elseOfConst = false;    // an `else` right after a const branch closed
    bool m_closedConstBranch = false;
};

void EventScanner::scanLine(const std::string& code, int line)
{
    static const std::set<std::string> kBlockKeywords = {"for", "loop", "while", "if"};
    static const std::set<std::string> kJumpKeywords = {"break", "continue", "return"};
    static const char* const kOperators[] = {
        " << ", " >> ", " <= ", " >= ", " == ", " != ", " && ", " || ", " += ", " -= ", " *= ",
        " /= ", " + ",  " - ",  " * ",  " / ",  " % ",  " & ",  " | ",  " ^ ",  " < ",  " > "};
    const auto [skipFrom, skipTo] = typeAnnotation(code);
    size_t i = 0;
    while (i < code.size()) {
        if (i >= skipFrom && i < skipTo) {
            i = skipTo;
            continue;
        }
        const char c = code[i];
        if (c == ' ') {
            size_t length = 1;
            for (const char* op : kOperators) {
                const std::string_view o(op);
                if (code.compare(i, o.size(), o) == 0) {
                    pushOperator(std::string(o.substr(1, o.size() - 2)), line);
                    length = o.size() - 1;
                    break;
                }
            }
            i += length;
            continue;
        }
        if (c == '(' || c == '[') {
            m_frames.emplace_back();
            ++i;
            continue;
        }
        if (c == ')' || c == ']') {
            if (!m_frames.empty())
                closeFrame();
            ++i;
            continue;
        }
        if (c == ',' || c == ';') {
            flushOperators(top());
            ++i;
            continue;
        }
        if (c == '{' || c == '}') { // a block: its header is complete
            const bool constBranch = m_keyword && m_keyword->name == "if" && m_constCondition;
            flushAll();
            if (c == '{') {
                const bool outer = !m_blocks.empty() && m_blocks.back().speculative;
                const bool branch = constBranch || m_elseOfConst;
                m_blocks.push_back({outer || branch, branch});
            } else if (!m_blocks.empty()) {
                m_closedConstBranch = m_blocks.back().constBranch;
                m_blocks.pop_back();
            }
            m_constCondition = m_elseOfConst = false;
            ++i;
            continue;
        }
        if (std::isdigit(static_cast<unsigned char>(c))) { // a number: no event (RustOpLinker.h)
            while (i < code.size() && (isIdentChar(code[i]) || code[i] == '.') &&
                   code.compare(i, 2, "..") != 0)
                ++i;
            continue;
        }
        if (!isIdentStart(c)) {
            ++i;
            continue;
        }
        size_t end = i;
        while (end < code.size() && isIdentChar(code[end]))
            ++end;
        const std::string ident = code.substr(i, end - i);
        if (m_keyword && m_keyword->name == "if" && isConstName(ident))
            m_constCondition = true;
        const bool method = i > 0 && code[i - 1] == '.';
        size_t next = end;
        if (code.compare(next, 2, "![") == 0 || code.compare(next, 2, "!(") == 0) {
            // A macro (`const_shape![..]`): its numbers are shapes, not expressions.
            const char close = code[next + 1] == '[' ? ']' : ')';
            const size_t stop = code.find(close, next);
            i = stop == std::string::npos ? code.size() : stop + 1;
            continue;
        }
        if (code.compare(next, 3, "::<") == 0)
            next = skipAngles(code, next + 2);
        if (next < code.size() && code[next] == '(') {
            const RustEvent::Kind kind = method                   ? RustEvent::Kind::Method
                                         : m_helpers.count(ident) ? RustEvent::Kind::Helper
                                                                  : RustEvent::Kind::Call;
            m_frames.push_back({Pending{kind, ident, line}, {}});
            i = next + 1;
            continue;
        }
        if (!method && kBlockKeywords.count(ident)) {
            flushKeyword();
            m_keyword = Pending{RustEvent::Kind::Keyword, ident, line};
            m_constCondition = false;
        } else if (!method && ident == "else") {
            m_elseOfConst = m_closedConstBranch;
        } else if (!method && kJumpKeywords.count(ident)) {
            emit({RustEvent::Kind::Keyword, ident, line});
        }
        i = next > end && next <= code.size() ? next : end;
    }
}

} // namespace

std::optional<RustEntryBody> scanRustEntry(std::string_view kernelRs, std::string_view entryName)
{
    const std::vector<std::string> lines = splitLines(kernelRs);
    RustEntryBody body;
    body.entry = std::string(entryName);
    const std::string needle = "fn " + std::string(entryName);
    size_t sig = lines.size();
    for (size_t l = 0; l < lines.size() && sig == lines.size(); ++l) {
        const size_t at = lines[l].find(needle);
        if (at != std::string::npos && (at == 0 || !isIdentChar(lines[l][at - 1])) &&
            (at + needle.size() >= lines[l].size() || !isIdentChar(lines[l][at + needle.size()])))
            sig = l;
    }
    if (sig == lines.size())
        return std::nullopt;
    // The body's `{` is the first one outside the parameter list.
    int parens = 0, depth = 0;
    bool paramsSeen = false;
    for (size_t l = sig; l < lines.size() && body.closeLine == 0; ++l)
        for (char c : lines[l]) {
            if (body.openLine == 0) {
                if (c == '(') {
                    ++parens;
                    paramsSeen = true;
                } else if (c == ')') {
                    --parens;
                } else if (c == '{' && parens == 0 && paramsSeen) {
                    body.openLine = static_cast<int>(l) + 1;
                    depth = 1;
                }
                continue;
            }
            depth += c == '{' ? 1 : c == '}' ? -1 : 0;
            if (depth == 0) {
                body.closeLine = static_cast<int>(l) + 1;
                break;
            }
        }
    if (body.closeLine == 0)
        return std::nullopt;
    body.signatureLine = static_cast<int>(sig) + 1;

    std::set<std::string> helpers = functionNames(lines);
    helpers.erase(body.entry);
    EventScanner scanner(helpers, body.events);
    std::vector<char> stack{'{'};
    std::string previous = "{";
    for (int l = body.openLine; l < body.closeLine - 1; ++l) { // 0-based lines inside
        const std::string& code = lines[static_cast<size_t>(l)];
        const std::string_view text = trimmed(code);
        if (text.empty())
            continue;
        const bool inBlock =
            std::all_of(stack.begin(), stack.end(), [](char s) { return s == '{'; });
        if (inBlock && std::string_view("{;}").find(previous.back()) != std::string_view::npos &&
            !continuesExpression(text)) {
            body.statements.push_back({l + 1, l + 1});
            scanner.startStatement(static_cast<int>(body.statements.size()) - 1);
        }
        if (!body.statements.empty())
            body.statements.back().lastLine = l + 1;
        scanner.scanLine(code, l + 1);
        for (char c : text) {
            if (c == '(' || c == '{' || c == '[')
                stack.push_back(c);
            else if ((c == ')' || c == '}' || c == ']') && stack.size() > 1)
                stack.pop_back();
        }
        previous = std::string(text);
    }
    scanner.flushAll();
    return body;
}

} // namespace tilelens::ws
