// scanRustEntry (RustOpLinker.h): a line-based scan of one entry function of
// kernel.rs, enough for rustfmt-formatted cuTile Rust; not a Rust parser.

#include "workspace/RustOpLinker.h"

#include <algorithm>
#include <cctype>
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

void scanLine(const std::string& code, int line, int statement,
              const std::set<std::string>& helpers, std::vector<RustEvent>& out)
{
    static const std::set<std::string> kKeywords = {"for",   "loop",     "while", "if",
                                                    "break", "continue", "return"};
    static const char* const kOperators[] = {
        " << ", " >> ", " <= ", " >= ", " == ", " != ", " && ", " || ", " += ", " -= ", " *= ",
        " /= ", " + ",  " - ",  " * ",  " / ",  " % ",  " & ",  " | ",  " ^ ",  " < ",  " > "};
    const auto [skipFrom, skipTo] = typeAnnotation(code);
    auto emit = [&](RustEvent::Kind kind, std::string name) {
        out.push_back({kind, std::move(name), line, statement});
    };
    size_t i = 0;
    while (i < code.size()) {
        if (i >= skipFrom && i < skipTo) {
            i = skipTo;
            continue;
        }
        const char c = code[i];
        if (c == ' ') {
            bool matched = false;
            for (const char* op : kOperators) {
                const std::string_view o(op);
                if (code.compare(i, o.size(), o) == 0) {
                    std::string name(o.substr(1, o.size() - 2));
                    if (name.size() == 2 && name[1] == '=' && name[0] != '=' && name[0] != '!' &&
                        name[0] != '<' && name[0] != '>')
                        name.pop_back(); // compound assignment: the arithmetic op
                    emit(RustEvent::Kind::Operator, name);
                    i += o.size() - 1;
                    matched = true;
                    break;
                }
            }
            if (!matched)
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
            if (method)
                emit(RustEvent::Kind::Method, ident);
            else if (helpers.count(ident))
                emit(RustEvent::Kind::Helper, ident);
            else
                emit(RustEvent::Kind::Call, ident);
        } else if (!method && kKeywords.count(ident)) {
            emit(RustEvent::Kind::Keyword, ident);
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
            !continuesExpression(text))
            body.statements.push_back({l + 1, l + 1});
        if (!body.statements.empty())
            body.statements.back().lastLine = l + 1;
        const int statement = static_cast<int>(body.statements.size()) - 1;
        scanLine(code, l + 1, statement, helpers, body.events);
        for (char c : text) {
            if (c == '(' || c == '{' || c == '[')
                stack.push_back(c);
            else if ((c == ')' || c == '}' || c == ']') && stack.size() > 1)
                stack.pop_back();
        }
        previous = std::string(text);
    }
    return body;
}

} // namespace tilelens::ws
