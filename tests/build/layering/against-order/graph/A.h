#pragma once
// Fixture of diff.layering-reports-against-order: graph/ is below semantics/.
#include "diff/semantics/B.h"
