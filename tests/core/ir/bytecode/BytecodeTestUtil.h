#pragma once
// Helpers shared by the bytecode reader tests.

#include "TestPaths.h"
#include "ir/Block.h"
#include "ir/Module.h"
#include "ir/Region.h"

#include <QDir>
#include <QFile>
#include <QString>
#include <map>
#include <string>

namespace tilelens::test {

inline std::string readBytes(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QByteArray b = f.readAll();
    return std::string(b.constData(), size_t(b.size()));
}

inline void countOps(const ir::Region* r, std::map<std::string, int>& out)
{
    if (!r)
        return;
    for (const ir::Block* b : r->blocks)
        for (const ir::Op* op : b->ops) {
            ++out[std::string(op->name.mnemonic())];
            for (const ir::Region* sub : op->regions)
                countOps(sub, out);
        }
}

// Op name -> count over globals and all function bodies (nested regions included).
inline std::map<std::string, int> opCounts(const ir::Module& m)
{
    std::map<std::string, int> out;
    for (const ir::Op* g : m.globals)
        ++out[std::string(g->name.mnemonic())];
    for (const ir::Function* f : m.functions)
        countOps(f->body, out);
    return out;
}

inline QString bytecodeCorpusDir()
{
    return corpusDir() + QStringLiteral("/tilegym-cutile/bytecode");
}
inline QString textCorpusDir()
{
    return corpusDir() + QStringLiteral("/tilegym-cutile/mlir");
}

inline QStringList bytecodeCorpusFiles()
{
    return QDir(bytecodeCorpusDir())
        .entryList({QStringLiteral("*.tileirbc")}, QDir::Files, QDir::Name);
}

} // namespace tilelens::test
