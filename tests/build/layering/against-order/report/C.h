#pragma once
// Fixture of diff.layering-reports-against-order: report/ reads the face only.
#include "diff/graph/A.h"
