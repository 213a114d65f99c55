// libFuzzer entry point of the 'eval_pair' target (see targets/FuzzTargets.h), with the IR pair
// mutator (PairMutator.h).
#include "PairMutator.h"
#include "targets/FuzzTargets.h"

TILELENS_PAIR_FUZZ_TARGET(tilelens::fuzz::evalPair)
