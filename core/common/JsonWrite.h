#pragma once
// The one way TileLens writes JSON text. nlohmann's dump() throws type_error 316 on a string that
// is not UTF-8 (a name or path from a hostile input), which used to abort the process; here such
// bytes become U+FFFD instead, and the controls nlohmann writes raw (DEL, C1, bidirectional
// controls) are written as \u escapes, so the text is safe on a terminal too.

#include <nlohmann/json_fwd.hpp>
#include <string>

namespace tilelens {

// `value` as JSON text, indented by `indent` spaces (-1: compact), without a trailing newline.
std::string jsonText(const nlohmann::json& value, int indent = 2);
std::string jsonText(const nlohmann::ordered_json& value, int indent = 2);

} // namespace tilelens
