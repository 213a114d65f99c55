#pragma once
// The one way TileLens reads, parses, verifies and compares a reference/generated IR pair.
//
//   pair::PairRequest request;
//   request.sides = {{"reference.mlir", nullptr}, {"generated.mlir", nullptr}};
//   const pair::PairAnalysis a = pair::analysePair(request);
//   if (!a.compared()) { for (Side s : kBothSides) print(a.sides[s].diagnostics); return 3; }
//   a.result->verdict;
//
// Each side is read once (a FIFO cannot be read twice) on a thread of its own; a text side is
// parsed entry by entry and each entry's graph is built as soon as it is parsed and verified,
// while the other side still loads (diff::compareLoading). IR that does not verify is never
// compared (the differ reads operands and results by the verified types): its located errors
// are the side's diagnostics.

#include "common/CancelToken.h"
#include "common/Diagnostic.h"
#include "common/Side.h"
#include "diff/DiffResult.h"
#include "pair/PairRequest.h"
#include "pair/RowAlignment.h"
#include "pair/SourceLinks.h"

#include <chrono>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tilelens::ir {
struct Module;
struct ParseResult;
} // namespace tilelens::ir

namespace tilelens::diff {
class RuleSet;
} // namespace tilelens::diff

namespace tilelens::pair {

// What a pane shows for one IR side, and what the HTML page and an export read.
struct SideText
{
    // The file as read, or for a bytecode side its decodedHeader and printed module.
    std::shared_ptr<const std::string> bytes;
    bool fromBytecode = false;
    int headerLines = 0; // lines above the printed module (a bytecode side with a header)

    std::string_view view() const { return bytes ? std::string_view(*bytes) : std::string_view(); }
};

struct PairSide
{
    std::string path;
    bool read = false;     // its bytes were read (or given)
    bool bytecode = false; // they are Tile IR bytecode (told by the magic bytes)
    // Reading, parsing or decoding, verifying, a side without a module: in the order the CLI
    // prints them.
    Diagnostics diagnostics;
    size_t verifierErrors = 0;            // how many of the diagnostics are the verifier's errors
    bool loaded = false;                  // parsed, verified, at least one module: compared
    std::shared_ptr<const SideText> text; // PairRequest::keepText
    // PairRequest::keepModels: the side's model (it owns the modules), null otherwise.
    std::shared_ptr<const ir::ParseResult> model;
    std::vector<SourceLink> links; // PairRequest::sourceLinks, in the order of the side's ops

    // The modules of a kept model (empty without one).
    std::vector<const ir::Module*> modules() const;
};

enum class PairStatus : uint8_t
{
    Compared,   // result holds the diff
    InputError, // a side could not be read, parsed or verified, or holds no module
    Cancelled,  // the token was cancelled before the analysis ended
};

struct PairAnalysis
{
    PairStatus status = PairStatus::InputError;
    PerSide<PairSide> sides;
    std::shared_ptr<const diff::RuleSet> rules; // the set that classified `result`
    std::optional<diff::DiffResult> result;     // Compared only
    RowAlignment alignment;                     // PairRequest::rowAlignment (no tail yet)
    // What the quick CPU search (PairRequest::cpuSearch) found and said, already written into
    // `result`; empty when it did not run.
    crosscheck::QuickSearch cpuSearch;
    std::chrono::milliseconds elapsed{0}; // read + parse + verify + diff + links

    bool compared() const { return status == PairStatus::Compared; }
};

// Reads each side once, verifies it, and diffs the pair with the request's rules. Throws
// nothing of its own: a cancelled token gives status Cancelled, an unreadable, unparsable or
// unverified side (or one without a module) InputError with the side's diagnostics.
PairAnalysis analysePair(const PairRequest& request, const CancelToken& cancel = {});

} // namespace tilelens::pair
