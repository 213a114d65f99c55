// Seeded ABI mistakes (tests/data/abi-mistakes): each case replaces one wrapper or ffi.rs of
// the TileGym copy (tests/data/abi/tilegym) and must give exactly its expected findings, at
// their lines, on top of what the unmodified port gives; the benign refactor gives none.

#include "TestPaths.h"
#include "workspace/AbiCheck.h"
#include "workspace/LaunchBinding.h"
#include "workspace/LaunchChain.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <set>

using namespace tilelens;
using namespace tilelens::ws;

namespace {

QString portsDir()
{
    return test::testDataDir() + QStringLiteral("/abi/tilegym/src/tilegym/ops/cutile_rs/");
}

LaunchFiles filesOf(const std::string& op)
{
    const QString o = QString::fromStdString(op);
    LaunchFiles f;
    f.wrapper = portsDir() + o + QStringLiteral(".py");
    f.ffi = portsDir() + o + QStringLiteral("_kernel/ffi.rs");
    f.kernelRs = portsDir() + o + QStringLiteral("_kernel/kernel.rs");
    f.reference = test::testDataDir() + QStringLiteral("/abi/tilegym/src/tilegym/ops/cutile/") + o +
                  QStringLiteral(".py");
    return f;
}

struct Found
{
    std::string rule, severity, file;
    int line;
    bool operator<(const Found& o) const
    {
        return std::tie(rule, severity, file, line) < std::tie(o.rule, o.severity, o.file, o.line);
    }
};

std::set<Found> findingsOf(const LaunchFiles& files, const std::string& op)
{
    std::set<Found> out;
    const LaunchChain chain = readLaunchChain(op, files);
    for (const EntryChain& e : chain.entries)
        for (const AbiFinding& f : checkAbi(e, deriveBinding(e)))
            out.insert({f.rule, f.severity,
                        QFileInfo(QString::fromStdString(f.loc.file)).fileName().toStdString(),
                        f.loc.line});
    return out;
}

nlohmann::json readJson(const QString& path)
{
    QFile f(path);
    EXPECT_TRUE(f.open(QIODevice::ReadOnly)) << path.toStdString();
    return nlohmann::json::parse(f.readAll().toStdString());
}

QStringList cases()
{
    return QDir(test::testDataDir() + QStringLiteral("/abi-mistakes"))
        .entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
}

} // namespace

TEST(AbiMistakes, EveryCaseGivesItsFindingsAtItsLines)
{
    const QStringList all = cases();
    ASSERT_GE(all.size(), 11);
    for (const QString& name : all) {
        SCOPED_TRACE(name.toStdString());
        const QString dir = test::testDataDir() + QStringLiteral("/abi-mistakes/") + name;
        const nlohmann::json expected = readJson(dir + QStringLiteral("/expected.json"));
        const std::string op = expected.at("op");
        const std::string replaces = expected.at("replaces");
        const std::string file = expected.at("file");
        LaunchFiles files = filesOf(op);
        const QString seeded = dir + QStringLiteral("/") + QString::fromStdString(file);
        if (replaces.find("ffi.rs") != std::string::npos)
            files.ffi = seeded;
        else
            files.wrapper = seeded;
        // What the unmodified port gives stays (the seeds keep the other lines in place).
        std::set<Found> want = findingsOf(filesOf(op), op);
        for (const auto& f : expected.at("findings"))
            want.insert({f.at("rule"), f.at("severity"), file, f.at("line").get<int>()});
        const std::set<Found> got = findingsOf(files, op);
        for (const Found& f : want)
            EXPECT_TRUE(got.count(f)) << "missing " << f.rule << " at " << f.file << ":" << f.line;
        for (const Found& f : got)
            EXPECT_TRUE(want.count(f)) << "unexpected " << f.severity << " " << f.rule << " at "
                                       << f.file << ":" << f.line;
    }
}

TEST(AbiMistakes, TheUnmodifiedSiluPortGivesNoFinding)
{
    // The mistakes are seeded in silu_and_mul and matmul: their own findings are the
    // baseline above; silu_and_mul has none, so every silu finding is the seed's.
    EXPECT_TRUE(findingsOf(filesOf("silu_and_mul"), "silu_and_mul").empty());
}
