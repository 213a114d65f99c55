#pragma once
// The input of the IR pair targets (diff_pair, eval_pair): two IR texts split at the first \x01
// byte, or one text paired with itself, each loaded and verified as `tilelens-cli diff` and
// `eval` load a file (the analyses only see IR that verifies).

#include "ir/Parser.h"
#include "ir/bytecode/IrFileLoader.h"

#include <string_view>

namespace tilelens::fuzz {

struct PairInput
{
    std::string_view refText, genText;
    ir::ParseResult ref, gen;

    bool ok() const { return ref.ok() && gen.ok(); }
};

inline PairInput loadPairInput(std::string_view bytes)
{
    PairInput in;
    const size_t cut = bytes.find('\x01');
    in.refText = bytes.substr(0, cut);
    in.genText = cut == std::string_view::npos ? in.refText : bytes.substr(cut + 1);
    in.ref = ir::loadVerifiedIrContents(in.refText, "ref.mlir");
    in.gen = ir::loadVerifiedIrContents(in.genText, "gen.mlir");
    return in;
}

} // namespace tilelens::fuzz
