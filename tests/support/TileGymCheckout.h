#pragma once
// The small copy of a TileGym checkout in tests/data/abi/tilegym (licence headers kept) and
// the four files of one op's launch chain in it, as the workspace tests read them.

#include "TestPaths.h"
#include "workspace/LaunchChain.h"

#include <QString>
#include <string>

namespace tilelens::test {

inline QString tileGymCheckout()
{
    return testDataDir() + QStringLiteral("/abi/tilegym");
}

// The Rust port's wrapper, ffi.rs and kernel.rs of `op`, and its cuTile Python reference.
inline ws::LaunchFiles tileGymLaunchFiles(const std::string& op)
{
    const QString o = QString::fromStdString(op);
    const QString ports = tileGymCheckout() + QStringLiteral("/src/tilegym/ops/cutile_rs/");
    ws::LaunchFiles f;
    f.wrapper = ports + o + QStringLiteral(".py");
    f.ffi = ports + o + QStringLiteral("_kernel/ffi.rs");
    f.kernelRs = ports + o + QStringLiteral("_kernel/kernel.rs");
    f.reference =
        tileGymCheckout() + QStringLiteral("/src/tilegym/ops/cutile/") + o + QStringLiteral(".py");
    return f;
}

} // namespace tilelens::test
