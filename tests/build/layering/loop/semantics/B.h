#pragma once
// Fixture of diff.layering-reports-loop: A and B include each other.
#include "diff/semantics/A.h"
