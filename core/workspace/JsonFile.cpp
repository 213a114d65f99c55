#include "workspace/JsonFile.h"

#include "common/FileReader.h"

#include <cctype>

namespace tilelens::ws {

void lineColumnOfByte(const std::string& bytes, size_t offset, int& line, int& column)
{
    line = 1;
    column = 1;
    const size_t end = std::min(offset, bytes.size());
    for (size_t i = 0; i < end; ++i) {
        const unsigned char c = static_cast<unsigned char>(bytes[i]);
        if (c == '\n') {
            ++line;
            column = 1;
        } else if ((c & 0xC0) != 0x80) { // count characters, not UTF-8 continuation bytes
            ++column;
        }
    }
}

std::optional<Json> parseJson(const std::string& bytes, const QString& file, Diagnostics& diags)
{
    try {
        return Json::parse(bytes);
    } catch (const nlohmann::json::parse_error& e) {
        Diagnostic d;
        d.place.file = file.toStdString();
        // e.byte is the 1-based position of the character that broke the parse.
        size_t at = e.byte > 0 ? size_t(e.byte - 1) : 0;
        std::string what = e.what();
        // nlohmann reports where the lexer stopped (the closing quote of an
        // unexpected string, the character after a bad literal): point at the
        // start of that token instead, where a reader looks for the mistake.
        if (at < bytes.size()) {
            const auto literal = [&](size_t i) {
                const char c = bytes[i];
                return std::isalnum(static_cast<unsigned char>(c)) || c == '+' || c == '-' ||
                       c == '.' || c == '_';
            };
            if (bytes[at] == '"' && at > 0) {
                size_t open = at - 1;
                while (open > 0 && !(bytes[open] == '"' && bytes[open - 1] != '\\'))
                    --open;
                if (bytes[open] == '"')
                    at = open;
            } else if (!literal(at) && at > 0 && literal(at - 1)) {
                --at;
            }
            while (at > 0 && literal(at) && literal(at - 1))
                --at;
        }
        lineColumnOfByte(bytes, at, d.place.line, d.place.column);
        // "[json.exception.parse_error.101] parse error at line 1, column 5: syntax error while
        // parsing value - invalid literal; last read: 'tru,'" -> keep the part after the place.
        const auto colon = what.find(": ", what.find("parse error"));
        what = colon == std::string::npos ? what : what.substr(colon + 2);
        if (at >= bytes.size())
            what = "JSON ends too early (truncated file?): " + what;
        d.message = "invalid JSON: " + what;
        diags.push_back(std::move(d));
    }
    return std::nullopt;
}

std::optional<Json> readJsonFile(const QString& path, Diagnostics& diags, int64_t maxBytes)
{
    const auto contents = readFile(path.toStdString(), diags, maxBytes);
    if (!contents)
        return std::nullopt;
    if (contents->bytes.find_first_not_of(" \t\r\n") == std::string::npos) {
        Diagnostic d;
        d.place.file = path.toStdString();
        d.message = "file is empty";
        diags.push_back(std::move(d));
        return std::nullopt;
    }
    return parseJson(contents->bytes, path, diags);
}

std::string jsonPointerAppend(const std::string& base, const std::string& token)
{
    std::string out = base + '/';
    for (char c : token) {
        if (c == '~')
            out += "~0";
        else if (c == '/')
            out += "~1";
        else
            out += c;
    }
    return out;
}

std::string jsonPointer(std::initializer_list<std::string> tokens)
{
    std::string out;
    for (const auto& t : tokens)
        out = jsonPointerAppend(out, t);
    return out;
}

const char* jsonTypeName(const Json& j)
{
    switch (j.type()) {
    case nlohmann::json::value_t::object:
        return "object";
    case nlohmann::json::value_t::array:
        return "array";
    case nlohmann::json::value_t::string:
        return "string";
    case nlohmann::json::value_t::boolean:
        return "boolean";
    case nlohmann::json::value_t::null:
        return "null";
    case nlohmann::json::value_t::number_integer:
    case nlohmann::json::value_t::number_unsigned:
    case nlohmann::json::value_t::number_float:
        return "number";
    default:
        return "value";
    }
}

} // namespace tilelens::ws
