#include "common/JsonWrite.h"

#include "common/PrintableText.h"

#include <nlohmann/json.hpp>

namespace tilelens {

namespace {

template <class J> std::string dumped(const J& value, int indent)
{
    // No ensure_ascii: text that is UTF-8 already stays byte for byte as before.
    return printableText(value.dump(indent, ' ', false, J::error_handler_t::replace),
                         LineBreaks::Keep);
}

} // namespace

std::string jsonText(const nlohmann::json& value, int indent)
{
    return dumped(value, indent);
}

std::string jsonText(const nlohmann::ordered_json& value, int indent)
{
    return dumped(value, indent);
}

} // namespace tilelens
