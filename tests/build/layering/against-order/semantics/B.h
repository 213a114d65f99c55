#pragma once
// Fixture of diff.layering-reports-against-order.
#include <vector>
