#pragma once
// Finds things inside the kernel sources: the line range of a Python
// `@ct.kernel` function and the `#[cutile::entry]` functions of kernel.rs,
// with the entry <-> variant matching rule of port-workspace.md §1.5.

#include <QString>
#include <QStringList>
#include <vector>

namespace tilelens::ws {

struct PythonFunctionRange
{
    int firstLine = 0;       // 1-based, the first decorator line (or the def line)
    int defLine = 0;         // line of `def NAME(`
    int lastLine = 0;        // last non-blank line of the body
    bool isCtKernel = false; // decorated with @ct.kernel / @cuda.tile.kernel
    bool found() const { return defLine > 0; }
};

// Locates `def functionName(` (module level or nested) in Python source text.
PythonFunctionRange findPythonFunction(const QString& text, const QString& functionName);

struct RustEntry
{
    QString name;      // entry function identifier
    int line = 0;      // 1-based line of `fn NAME`
    QString paramKind; // "tensor" (&Tensor< params), "ptr" (*mut E), "mixed" or "" (§4.4)
};

// Every function annotated `#[cutile::entry]` / `#[cutile::entry(...)]`.
std::vector<RustEntry> findRustEntries(const QString& kernelRs);

// §1.5: the lowercase entry name contains the variant name, or the initials of
// its '_' tokens (e.g. "sp" for static_persistent), or all of its tokens.
bool entryMatchesVariant(const QString& entryName, const QString& variantName);

} // namespace tilelens::ws
