#pragma once
// The template language of the rules' messages ("{op}: {kind} ..."): filled by the
// classifier for every divergence, and again by the GUI with a translated template, so
// that both speak the same placeholders.

#include "diff/DiffResult.h"

#include <string>

namespace tilelens::diff {

// The message of a difference no rule covers.
inline constexpr const char* kFallbackMessage =
    "{op}: {kind} {attribute} {ref_value} -> {gen_value}";

// Fills a template's placeholders with `fields`; doubled and trailing spaces that empty
// fields leave are dropped.
std::string fillMessage(const std::string& tmpl, const MessageFields& fields);

} // namespace tilelens::diff
