#pragma once
// JsonLocator moved to common/ (the binding reader of core/eval locates its messages too);
// workspace code keeps its name here.

#include "common/JsonLocator.h"

namespace tilelens::ws {
using tilelens::JsonLocator;
} // namespace tilelens::ws
