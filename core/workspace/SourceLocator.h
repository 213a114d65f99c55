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

// One Python file, indexed once (lines, where each function is first defined, what the
// range scans need) so that a lookup costs O(log lines), not the size of the file:
// discovery of a module with 20k @ct.kernel functions looked each one up in the whole text.
class PythonSource
{
public:
    explicit PythonSource(const QString& text);
    ~PythonSource();
    PythonSource(const PythonSource&) = delete;
    PythonSource& operator=(const PythonSource&) = delete;

    // Locates `def functionName(` (module level or nested; the first one).
    PythonFunctionRange find(const QString& functionName) const;
    // Names of every `def`, in file order, each once (the first definition).
    const QStringList& definedNames() const { return m_names; }
    // How often `word` occurs as a whole ASCII word ([A-Za-z0-9_]), counted up to 2.
    int wordUses(const QString& word) const;
    // Lines looked at by the lookups so far (building the index aside): a bounded number
    // per lookup, whatever the size of the file (the regression test of issue 32 counts them).
    qint64 visitedLines() const;

private:
    struct Index;
    QString m_text;
    QStringList m_names;
    Index* m_index;
};

// Locates `def functionName(` (module level or nested) in Python source text.
// One lookup: PythonSource indexes the text for many.
PythonFunctionRange findPythonFunction(const QString& text, const QString& functionName);

struct RustEntry
{
    QString name;      // entry function identifier
    int line = 0;      // 1-based line of `fn NAME`
    QString paramKind; // "tensor" (&Tensor< params), "ptr" (*mut E), "mixed" or "" (§4.4)
};

// Every function annotated `#[cutile::entry]` / `#[cutile::entry(...)]`. Linear in the
// size of the file: each character is looked at a bounded number of times, however many
// entries there are (`scannedChars`, when given, receives how many were looked at).
std::vector<RustEntry> findRustEntries(const QString& kernelRs, qint64* scannedChars = nullptr);

// §1.5: the lowercase entry name contains the variant name, or the initials of
// its '_' tokens (e.g. "sp" for static_persistent), or all of its tokens.
bool entryMatchesVariant(const QString& entryName, const QString& variantName);

} // namespace tilelens::ws
