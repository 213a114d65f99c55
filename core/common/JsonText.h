#pragma once
// The one place where JSON text becomes nlohmann values. nlohmann throws on syntax errors and on
// numbers outside double range (out_of_range.406, which used to escape as an abort), and builds
// documents of any depth; here every problem becomes an error with its byte offset instead, and
// nesting deeper than kMaxJsonDepth is refused before a value is built, as is (for
// ordered_json, whose objects find a key by a scan) an object of more than 10,000 keys.

#include "common/Diagnostic.h"

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

namespace tilelens {

// No file TileLens reads nests deeper than a few levels; this bounds every recursive walk.
constexpr int kMaxJsonDepth = 256;

struct JsonTextError
{
    size_t offset = 0;   // 0-based byte offset of the token that broke the parse
    std::string message; // "invalid JSON: ..." without a place
};

// Parses `text` into J (nlohmann::json or nlohmann::ordered_json); never throws.
template <class J>
std::optional<J> parseJsonText(std::string_view text, JsonTextError& error,
                               int maxDepth = kMaxJsonDepth);

// Same, reporting a failure as one Diagnostic at FILE:LINE:COL.
template <class J>
std::optional<J> parseJsonText(std::string_view text, const std::string& file, Diagnostics& diags);

extern template std::optional<nlohmann::json> parseJsonText<nlohmann::json>(std::string_view,
                                                                            JsonTextError&, int);
extern template std::optional<nlohmann::ordered_json>
parseJsonText<nlohmann::ordered_json>(std::string_view, JsonTextError&, int);
extern template std::optional<nlohmann::json>
parseJsonText<nlohmann::json>(std::string_view, const std::string&, Diagnostics&);
extern template std::optional<nlohmann::ordered_json>
parseJsonText<nlohmann::ordered_json>(std::string_view, const std::string&, Diagnostics&);

// 1-based line and column (in characters, UTF-8 aware) of a byte offset.
void lineColumnOfByte(std::string_view bytes, size_t offset, int& line, int& column);

} // namespace tilelens
