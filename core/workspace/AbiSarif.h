#pragma once
// ABI findings as SARIF 2.1.0 (OASIS), for CI annotations: one result per finding
// at its wrapper / ffi.rs / kernel.rs / Python line, related places as related
// locations. Paths are made relative to `root` when they lie under it.

#include "workspace/AbiCheck.h"

#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

namespace tilelens::ws {

nlohmann::ordered_json abiSarif(const std::vector<AbiFinding>& findings, const std::string& root);
std::string writeAbiSarif(const std::vector<AbiFinding>& findings, const std::string& root);

} // namespace tilelens::ws
