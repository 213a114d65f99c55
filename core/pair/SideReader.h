#pragma once
// Reading one side of a pair, once: its bytes (or the bytes given), then the text parsed or the
// bytecode decoded, verified for analysis. analysePair() reads both sides with it; the GUI reads
// with it the one IR file of a variant that has no pair to compare.

#include "common/CancelToken.h"
#include "pair/PairAnalysis.h"

#include <functional>
#include <memory>
#include <string>

namespace tilelens::ir {
struct Function;
struct ParseResult;
} // namespace tilelens::ir

namespace tilelens::pair {

struct SideReadOptions
{
    bool keepText = false;      // SideRead::side.text
    bool printBytecode = false; // a bytecode side's text is its printed module
    std::string decodedHeader;  // above the printed module (PairRequest::decodedHeader)
    // Each entry of a text side as soon as it is parsed and verifies (the differ's graphs).
    std::function<void(const ir::Function&)> announce;
    // The side's text as soon as it is known (PairRequest::onSideText).
    std::function<void(const std::shared_ptr<const SideText>&)> onText;
};

struct SideRead
{
    PairSide side;                                // without its model
    std::shared_ptr<const ir::ParseResult> model; // the parse (null when nothing was read)
};

SideRead readSide(const SideSource& source, const SideReadOptions& options,
                  const CancelToken& cancel = {});

// The modules of a parse, as the differ takes them.
std::vector<const ir::Module*> modulesOf(const ir::ParseResult& model);

} // namespace tilelens::pair
