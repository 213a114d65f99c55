#pragma once
// `tilelens --bench-supersede DIR [--synthetic-ops N]`: how long a superseded diff keeps
// working after the user selects another kernel. A temporary workspace holds two kernels: a
// pair of about N ops per side made from the kernels in DIR (SyntheticPair.h) and a small one.
// For each delay d the big kernel is selected, after d ms the small one; printed per delay:
// the time from that second selection until the big diff's work returned on its pool thread
// ("busy after switch", wall), the process CPU time spent in that interval, and when the small
// kernel was shown with its diff. Before cancellation reached the differ, a superseded diff ran
// to its end (docs/benchmarks.md, "A superseded diff").

#include <QString>

namespace tilelens::gui {

// Exit code 0, or 3 when the workspace could not be written or a load did not finish.
int runBenchSupersede(const QString& corpusDir, int syntheticOps, int repetitions = 3);

} // namespace tilelens::gui
