#pragma once
// Included by every header in a sub-folder of core/diff: those headers are the differ's
// inside (plan diff-modules.md 3). Only core/diff itself (tilelens_diff) and the one named
// door for white-box tests and benchmarks (the CMake target tilelens_diff_internal) define
// TILELENS_DIFF_INTERNAL; any other module includes the face, the headers at the root of
// core/diff, and fails to build here when it reaches past it
// (build.diff-face.internal-header-refused, tests/build).

#ifndef TILELENS_DIFF_INTERNAL
#error "an internal header of core/diff: include a face header (core/diff/*.h) instead"
#endif
