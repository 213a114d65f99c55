#pragma once
// Landed ports of a TileGym checkout, without any porting-agent working
// directory: src/tilegym/ops/cutile_rs/<op>_kernel/{kernel.rs,ffi.rs} with the
// cutile_rs/<op>.py wrapper, beside the cuTile Python reference
// src/tilegym/ops/cutile/<op>.py. Each #[cutile::entry] is one variant, paired
// with the @ct.kernel function it ports (EntryPairing.h).
//
// What TileLens keeps for a checkout lives in its `.tilelens/` folder (which
// TileGym's .gitignore does not know; add it to .git/info/exclude):
//   .tilelens/pairings.json             hand pairings, tilelens.pairings/1
//   .tilelens/pairings.json.lock        held while a process edits them
//   .tilelens/ir/<op>/<entry>/          reference and generated IR of a variant

#include "workspace/EntryPairing.h"
#include "workspace/Workspace.h"

#include <QString>
#include <map>
#include <optional>
#include <string>

namespace tilelens::ws {

// Hand pairings of a checkout: kernel name -> (entry -> Python function).
using CheckoutPairings = std::map<QString, ManualPairings>;

QString checkoutTileLensDir(const QString& checkoutRoot); // <checkout>/.tilelens
QString pairingsFile(const QString& checkoutRoot);        // <checkout>/.tilelens/pairings.json
// Where the IR stages of a checkout port write, and where discovery looks.
QString checkoutIrDir(const QString& checkoutRoot, const QString& kernel, const QString& entry);

// .tilelens/pairings.json: {"schema": "tilelens.pairings/1", "kernels": {"<op>":
// {"<entry>": "<python function>" | null}}}; null leaves an entry unpaired.
// A missing file is no error; a malformed one gives a Diagnostic with its place.
CheckoutPairings readCheckoutPairings(const QString& checkoutRoot, Diagnostics& diags);
// The same from the file's bytes (nullopt: the file is absent); `path` places the messages.
CheckoutPairings parseCheckoutPairings(const std::optional<std::string>& bytes, const QString& path,
                                       Diagnostics& diags);
// The file's new text after one edit: `function` set pairs (an empty one records
// "unpaired"), nullopt forgets the entry. nullopt with a diagnostic when `bytes` is malformed.
std::optional<std::string> editPairingsText(const std::optional<std::string>& bytes,
                                            const QString& path, const QString& kernel,
                                            const QString& entry,
                                            const std::optional<QString>& function,
                                            Diagnostics& diags);

// Records (or, with an empty function, records "unpaired") one hand pairing,
// keeping the others. False with `error` set when the file cannot be written, the
// existing one is malformed (it is never overwritten then), a symbolic link lies
// in .tilelens (nothing is written through it) or another process holds the
// file's lock longer than kOwnedLockTimeout. The read-modify-write holds
// .tilelens/pairings.json.lock, so concurrent writers lose no pairing.
bool writeCheckoutPairing(const QString& checkoutRoot, const QString& kernel, const QString& entry,
                          const QString& pythonFunction, QString* error);
// Forgets the hand pairing of one entry (automatic rules apply again).
bool clearCheckoutPairing(const QString& checkoutRoot, const QString& kernel, const QString& entry,
                          QString* error);

// The checkout holding `path` when path is a checkout or lies inside one
// (e.g. src/tilegym/ops/cutile_rs/bmm_kernel); empty otherwise.
QString enclosingCheckout(const QString& path);

// The landed port in `inTreeDir` (<checkout>/src/tilegym/ops/cutile_rs/<op>_kernel).
Kernel loadCheckoutPort(const QString& checkoutRoot, const QString& inTreeDir,
                        const ManualPairings& manual = {});

} // namespace tilelens::ws
