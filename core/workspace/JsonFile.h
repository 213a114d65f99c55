#pragma once
// Reads a JSON document with nlohmann_json (key order kept) and turns its syntax errors into
// Diagnostics with 1-based line and column (nlohmann reports a byte offset).

#include "common/Diagnostic.h"

#include <QString>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace tilelens::ws {

// Objects keep document order, so messages and summaries follow the file.
using Json = nlohmann::ordered_json;

// analysis.json files are a few KiB; anything beyond this is refused unread.
constexpr int64_t kMaxJsonBytes = int64_t(16) << 20;

// Parses `bytes`; on a syntax error adds one Diagnostic placed at the error.
std::optional<Json> parseJson(const std::string& bytes, const QString& file, Diagnostics& diags);

// Reads and parses a file (missing, empty, too large or malformed -> Diagnostic).
std::optional<Json> readJsonFile(const QString& path, Diagnostics& diags,
                                 int64_t maxBytes = kMaxJsonBytes);

// 1-based line and column (in characters, UTF-8 aware) of a byte offset.
void lineColumnOfByte(const std::string& bytes, size_t offset, int& line, int& column);

// "/kernel_variants/0/reference_ir" from tokens, escaping '~' and '/' (RFC 6901).
std::string jsonPointer(std::initializer_list<std::string> tokens);
std::string jsonPointerAppend(const std::string& base, const std::string& token);

// "object", "array", "string", "number", "boolean", "null" for messages.
const char* jsonTypeName(const Json& j);

} // namespace tilelens::ws
