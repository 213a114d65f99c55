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
//   .tilelens/ir/<op>/<entry>/          reference and generated IR of a variant

#include "workspace/EntryPairing.h"
#include "workspace/Workspace.h"

#include <QString>
#include <map>

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

// Records (or, with an empty function, records "unpaired") one hand pairing,
// keeping the others. False with `error` set when the file cannot be written
// or the existing one is malformed (it is never overwritten then).
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
