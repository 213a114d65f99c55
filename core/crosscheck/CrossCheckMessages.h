#pragma once
// The English texts of what a CPU run of both sides says when it refutes nothing although it
// ran (DiffCrossCheck.h, CrossCheck::inconclusive), as templates with %1..%n. The CLI and its
// JSON keep them in English; the GUI shows them translated (context "CpuRun": lupdate reads
// this file) from the template and its arguments (CpuRunMessage).

#include <QtGlobal>

namespace tilelens::crosscheck::msg {

// %1: the binding (one of the k*Binding texts below), %2: the reference's failure
// ("line 217:7: out_of_bounds in load_view_tko: ...").
inline constexpr const char* kReferenceOutsideContract =
    QT_TRANSLATE_NOOP("CpuRun", "inconclusive: on %1 the reference itself fails (%2): these "
                                "inputs are outside the reference's contract, so the run "
                                "refutes nothing");
// %1: the binding.
inline constexpr const char* kGuessedBindingDiffers = QT_TRANSLATE_NOOP(
    "CpuRun", "inconclusive: the outputs differ on %1, which may lie outside the reference's "
              "contract (the sizes it was compiled for), and no critical divergence explains "
              "them, so the run refutes nothing; give the binding to decide");
// %1: how it bound the parameters and the sizes it chose ("by position from the reference's
// mangled entry name; S = 16").
inline constexpr const char* kGuessedBinding =
    QT_TRANSLATE_NOOP("CpuRun", "a guessed binding (%1)");
// %1: the sizes ("n_ctx = 16, 48; head_dim = 16").
inline constexpr const char* kDerivedBinding =
    QT_TRANSLATE_NOOP("CpuRun", "the binding derived from the port's launch chain (%1)");
// %1: how it tied the parameters and the sizes it chose ("the reference's parameters from its
// mangled entry name, the generated entry's as the differ paired them; S = 48, 144").
inline constexpr const char* kPairBinding =
    QT_TRANSLATE_NOOP("CpuRun", "a binding derived from the pair (%1)");
inline constexpr const char* kGivenBinding = QT_TRANSLATE_NOOP("CpuRun", "the given binding (%1)");

} // namespace tilelens::crosscheck::msg
