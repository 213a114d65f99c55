// Compiled by build.diff-face.internal-header-refused only, as a module outside core/diff
// (linked to tilelens_pair): it must NOT build, because an internal header of the differ
// refuses any module but core/diff itself (diff/graph/Internal.h).
#include "diff/graph/OpGraph.h"
