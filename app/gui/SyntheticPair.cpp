#include "SyntheticPair.h"

#include <QDir>
#include <QFile>
#include <string>
#include <vector>

namespace tilelens::gui {
namespace {

constexpr int kChangeEvery = 5; // copies; each planted change is one or more divergences

std::string readFile(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll().toStdString() : std::string();
}

bool writeFile(const QString& path, const std::string& text)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) &&
           f.write(text.data(), qint64(text.size())) == qint64(text.size());
}

// `%12` -> `%r12`: not a semantic change, the differ must match by dataflow.
std::string renameValues(const std::string& text)
{
    std::string out;
    out.reserve(text.size() + text.size() / 10);
    for (size_t i = 0; i < text.size(); ++i) {
        out += text[i];
        if (text[i] == '%' && i + 1 < text.size() && text[i + 1] >= '0' && text[i + 1] <= '9')
            out += 'r';
    }
    return out;
}

// A planted change of kind \a kind (rotating) where the body allows one:
// a dropped flag, a changed predicate, a changed constant, an extra op on
// the generated side (a one-sided row: filler line opposite). True if done.
bool plantChange(std::string& body, int kind, int copy)
{
    switch (kind % 4) {
    case 0:
        if (auto at = body.find(" flush_to_zero"); at != std::string::npos) {
            body.erase(at, 14);
            return true;
        }
        break;
    case 1:
        if (auto at = body.find("cmpi less_than"); at != std::string::npos) {
            body.replace(at, 14, "cmpi greater_than");
            return true;
        }
        break;
    case 2:
        if (auto at = body.find("<f32: 0.0>"); at != std::string::npos) {
            body.replace(at, 10, "<f32: 1.0>");
            return true;
        }
        break;
    default:
        if (auto at = body.find(" = constant "); at != std::string::npos) {
            const auto lineStart = body.rfind('\n', at) + 1;
            const auto lineEnd = body.find('\n', at);
            const auto nameStart = body.find('%', lineStart);
            const auto nameEnd = body.find(' ', nameStart);
            std::string extra = body.substr(lineStart, lineEnd - lineStart + 1);
            extra.replace(nameStart - lineStart, nameEnd - nameStart,
                          "%extra" + std::to_string(copy));
            body.insert(lineEnd + 1, extra);
            return true;
        }
        break;
    }
    return false;
}

} // namespace

QStringList kernelFilesIn(const QString& dir)
{
    const QDir d(dir);
    QStringList files;
    for (const QString& name : d.entryList({QStringLiteral("*.mlir")}, QDir::Files, QDir::Name))
        files << d.filePath(name);
    return files;
}

SyntheticPair writeSyntheticPair(const QStringList& kernelFiles, int targetOps,
                                 const QString& outDir)
{
    std::vector<std::string> bodies; // "  entry @name(...) {...}\n" of each kernel
    for (const QString& file : kernelFiles) {
        const std::string text = readFile(file);
        const auto begin = text.find("  entry @");
        const auto end = text.rfind("\n}");
        if (begin != std::string::npos && end != std::string::npos && end > begin)
            bodies.push_back(text.substr(begin, end - begin + 1));
    }
    SyntheticPair pair;
    if (bodies.empty() || targetOps <= 0)
        return pair;
    std::string ref = "cuda_tile.module @kernels {\n";
    std::string gen = ref;
    int ops = 0;
    for (int copy = 0; ops < targetOps; ++copy) {
        std::string body = bodies[size_t(copy) % bodies.size()];
        body.insert(body.find('('), "_copy" + std::to_string(copy));
        for (char c : body)
            ops += c == '=';
        ref += body;
        if (copy % kChangeEvery == 1 && plantChange(body, copy / kChangeEvery, copy))
            ++pair.plantedChanges;
        gen += body;
    }
    ref += "}\n";
    gen += "}\n";
    const QDir out(outDir);
    pair.reference = out.filePath(QStringLiteral("large_ref.mlir"));
    pair.generated = out.filePath(QStringLiteral("large_gen.mlir"));
    if (writeFile(pair.reference, ref) && writeFile(pair.generated, renameValues(gen)))
        pair.opsPerSide = ops;
    return pair;
}

} // namespace tilelens::gui
