#pragma once

#include <string>

namespace tilelens {

// A path as a URI reference, as SARIF's artifactLocation.uri wants it: a relative path stays
// relative (percent-encoded), an absolute one becomes a file:// URI. Every SARIF writer (the
// IR diff's and the ABI check's) goes through this one.
std::string uriReference(const std::string& path);

} // namespace tilelens
