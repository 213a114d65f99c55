#include "workspace/JsonFile.h"

#include "common/FileReader.h"

namespace tilelens::ws {

std::optional<Json> parseJson(const std::string& bytes, const QString& file, Diagnostics& diags)
{
    return parseJsonText<Json>(bytes, file.toStdString(), diags);
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
