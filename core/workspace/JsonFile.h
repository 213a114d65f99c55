#pragma once
// Reads a JSON document with nlohmann_json (key order kept) through common/JsonText.h, which
// turns every parse failure (syntax, number range, nesting depth) into a located Diagnostic.

#include "common/Diagnostic.h"
#include "common/JsonText.h"

#include <QString>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace tilelens::ws {

// Objects keep document order, so messages and summaries follow the file.
using Json = nlohmann::ordered_json;

// analysis.json files are a few KiB; anything beyond this is refused unread.
constexpr int64_t kMaxJsonBytes = int64_t(16) << 20;

// Parses `bytes`; on any failure adds one Diagnostic placed at the error.
std::optional<Json> parseJson(const std::string& bytes, const QString& file, Diagnostics& diags);

// Reads and parses a file (missing, empty, too large or malformed -> Diagnostic).
std::optional<Json> readJsonFile(const QString& path, Diagnostics& diags,
                                 int64_t maxBytes = kMaxJsonBytes);

using tilelens::lineColumnOfByte;

// "/kernel_variants/0/reference_ir" from tokens, escaping '~' and '/' (RFC 6901).
std::string jsonPointer(std::initializer_list<std::string> tokens);
std::string jsonPointerAppend(const std::string& base, const std::string& token);

// "object", "array", "string", "number", "boolean", "null" for messages.
const char* jsonTypeName(const Json& j);

} // namespace tilelens::ws
