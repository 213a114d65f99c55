#pragma once
// Pairs the `#[cutile::entry]` functions of a landed port's kernel.rs with the
// `@ct.kernel` functions of the cuTile Python file it ports. Used for TileGym
// checkouts, where no analysis.json names the Python kernel of each variant.
//
// Order of the rules: a pairing written by hand (.tilelens/pairings.json)
// first, then names, then what the Python wrappers launch.

#include "workspace/SourceLocator.h"

#include <QString>
#include <map>
#include <optional>
#include <vector>

namespace tilelens::ws {

struct PythonKernel
{
    QString name;
    int firstLine = 0;     // first decorator line (1-based)
    int defLine = 0;       // line of `def NAME(`
    bool launched = false; // the name is used outside its own definition (ct.launch, autotune)
};

// Every `@ct.kernel`-decorated function of a Python file, in file order.
std::vector<PythonKernel> findPythonKernels(const QString& pythonText);
std::vector<PythonKernel> findPythonKernels(const PythonSource& source);

enum class PairingRule
{
    None,   // unpaired: see EntryPairing::reason
    Manual, // .tilelens/pairings.json
    Name,   // the names agree (leading '_' and a `non_X` prefix aside)
    Launch  // the only launched Python kernel left for the only entry left
};

const char* pairingRuleWord(PairingRule rule); // "none", "manual", "name", "launch"

struct EntryPairing
{
    RustEntry entry;
    std::optional<PythonKernel> python; // empty when unpaired
    PairingRule rule = PairingRule::None;
    QString reason; // why unpaired (or why a hand pairing was not applied)
};

// Hand pairings of one kernel: entry name -> Python function; an empty
// function means "leave this entry unpaired".
using ManualPairings = std::map<QString, QString>;

// One pairing per entry, in the order of `entries`. A Python kernel is paired
// with at most one entry. Names are compared only where they can match (an index of
// their tokens), not every entry with every kernel; `comparedNames`, when given, is
// increased by the number of name comparisons made.
std::vector<EntryPairing> pairEntries(const std::vector<RustEntry>& entries,
                                      const std::vector<PythonKernel>& pythonKernels,
                                      const ManualPairings& manual = {},
                                      qint64* comparedNames = nullptr);

} // namespace tilelens::ws
