// tilelens-cli binding PATH: the run binding derived from each port's launch chain, with its
// source lines and ABI findings (text, --json, --format sarif); the JSON binding is one
// `eval --binding` accepts; and `diff --eval` without --binding binds the landed real-port
// pairs through their chain with the outcomes of the hand-written bindings.

#include "CliRunner.h"
#include "TestPaths.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <gtest/gtest.h>

namespace {

using tilelens::test::CliResult;
using tilelens::test::runCli;

QString checkout()
{
    return tilelens::test::testDataDir() + QStringLiteral("/abi/tilegym");
}

QString realPort(const QString& pair, const char* file)
{
    return tilelens::test::testDataDir() + QStringLiteral("/real-ports/") + pair +
           QStringLiteral("/") + QLatin1String(file);
}

QJsonObject parse(const QString& text)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(text.toUtf8(), &error);
    EXPECT_EQ(error.error, QJsonParseError::NoError) << error.errorString().toStdString();
    return doc.object();
}

} // namespace

TEST(CliBinding, JsonHasEveryEntryWithABindingAndFindings)
{
    const CliResult r = runCli({QStringLiteral("binding"), checkout(), QStringLiteral("--json")});
    EXPECT_EQ(r.exitCode, 2) << r.err.toStdString(); // warns (copies), no critical
    const QJsonObject j = parse(r.out);
    EXPECT_EQ(j.value(QStringLiteral("schema")).toString(), QStringLiteral("tilelens.binding/1"));
    const QJsonArray entries = j.value(QStringLiteral("entries")).toArray();
    ASSERT_EQ(entries.size(), 7);
    for (const QJsonValue v : entries) {
        const QJsonObject e = v.toObject();
        SCOPED_TRACE(e.value(QStringLiteral("entry")).toString().toStdString());
        const QJsonObject b = e.value(QStringLiteral("binding")).toObject();
        EXPECT_EQ(b.value(QStringLiteral("schema")).toString(),
                  QStringLiteral("tilelens.eval-binding/1"));
        EXPECT_FALSE(b.value(QStringLiteral("ref"))
                         .toObject()
                         .value(QStringLiteral("params"))
                         .toArray()
                         .isEmpty());
        for (const QJsonValue f : e.value(QStringLiteral("findings")).toArray()) {
            const QJsonObject x = f.toObject();
            for (const char* key : {"rule", "severity", "file", "line", "message"})
                EXPECT_TRUE(x.contains(QLatin1String(key))) << key;
            EXPECT_NE(x.value(QStringLiteral("severity")).toString(), QStringLiteral("critical"));
        }
        for (const QJsonValue i : e.value(QStringLiteral("items")).toArray())
            EXPECT_GT(i.toObject().value(QStringLiteral("line")).toInt(), 0);
    }
}

TEST(CliBinding, TextSaysEachItemWithItsLine)
{
    const CliResult r = runCli({QStringLiteral("binding"), checkout(), QStringLiteral("--kernel"),
                                QStringLiteral("silu_and_mul")});
    EXPECT_EQ(r.exitCode, 0) << r.err.toStdString();
    EXPECT_TRUE(r.out.contains(QStringLiteral("silu_and_mul / silu_and_mul_kernel")));
    EXPECT_TRUE(r.out.contains(QStringLiteral("hidden_size")));
    EXPECT_TRUE(r.out.contains(QStringLiteral("silu_and_mul_kernel/ffi.rs:45")))
        << r.out.toStdString();
    EXPECT_TRUE(r.out.contains(QStringLiteral("= next_power_of_2(last / 2)")));
    // An entry name works as --kernel too; an unknown one is an input error.
    EXPECT_EQ(runCli({QStringLiteral("binding"), checkout(), QStringLiteral("--kernel"),
                      QStringLiteral("non_persistent_bmm_kernel")})
                  .exitCode,
              2);
    const CliResult none = runCli({QStringLiteral("binding"), checkout(),
                                   QStringLiteral("--kernel"), QStringLiteral("no_such_kernel")});
    EXPECT_EQ(none.exitCode, 3);
    EXPECT_TRUE(none.err.contains(QStringLiteral("no_such_kernel")));
    EXPECT_EQ(runCli({QStringLiteral("binding"), QStringLiteral("/no/such/dir")}).exitCode, 3);
}

// The autotune configurations a "chosen:" fact names are a place like the others: relative to
// the PATH given, in the text and in the JSON binding's facts (they printed the absolute file).
TEST(CliBinding, ChosenFactsNameTheirFileRelativeToThePath)
{
    const QStringList args = {QStringLiteral("binding"), checkout(), QStringLiteral("--kernel"),
                              QStringLiteral("attention_sink")};
    const CliResult text = runCli(args);
    EXPECT_TRUE(
        text.out.contains(QStringLiteral("    chosen: port: the first of 4 autotune configurations "
                                         "(src/tilegym/ops/cutile_rs/attention_sink.py:57)\n")))
        << text.out.toStdString();
    EXPECT_TRUE(text.out.contains(
        QStringLiteral("    chosen: reference: autotune configuration 1 of 22, the one that makes "
                       "the port's call (src/tilegym/ops/cutile/attention_sink.py:36)\n")))
        << text.out.toStdString();
    EXPECT_FALSE(text.out.contains(checkout())) << text.out.toStdString();
    const CliResult json = runCli(args + QStringList{QStringLiteral("--json")});
    const QJsonArray entries = parse(json.out).value(QStringLiteral("entries")).toArray();
    ASSERT_EQ(entries.size(), 1);
    const QJsonArray facts = entries.first()
                                 .toObject()
                                 .value(QStringLiteral("binding"))
                                 .toObject()
                                 .value(QStringLiteral("facts"))
                                 .toArray();
    EXPECT_TRUE(facts.contains(QStringLiteral("port: the first of 4 autotune configurations "
                                              "(src/tilegym/ops/cutile_rs/attention_sink.py:57)")))
        << json.out.toStdString();
    for (const QJsonValue f : facts)
        EXPECT_FALSE(f.toString().contains(checkout())) << f.toString().toStdString();
}

TEST(CliBinding, SarifHasOneResultPerFindingAtItsLine)
{
    const CliResult r =
        runCli({QStringLiteral("binding"), checkout(), QStringLiteral("--format"),
                QStringLiteral("sarif"), QStringLiteral("--kernel"), QStringLiteral("bmm")});
    const QJsonObject j = parse(r.out);
    EXPECT_EQ(j.value(QStringLiteral("version")).toString(), QStringLiteral("2.1.0"));
    const QJsonObject run = j.value(QStringLiteral("runs")).toArray().first().toObject();
    const QJsonArray results = run.value(QStringLiteral("results")).toArray();
    int unchecked = 0, copies = 0;
    for (const QJsonValue v : results) {
        const QJsonObject x = v.toObject();
        const QString rule = x.value(QStringLiteral("ruleId")).toString();
        const QJsonObject loc = x.value(QStringLiteral("locations"))
                                    .toArray()
                                    .first()
                                    .toObject()
                                    .value(QStringLiteral("physicalLocation"))
                                    .toObject();
        const QString uri = loc.value(QStringLiteral("artifactLocation"))
                                .toObject()
                                .value(QStringLiteral("uri"))
                                .toString();
        const int line = loc.value(QStringLiteral("region"))
                             .toObject()
                             .value(QStringLiteral("startLine"))
                             .toInt();
        if (rule == QLatin1String("abi-unchecked")) {
            ++unchecked;
            EXPECT_EQ(x.value(QStringLiteral("level")).toString(), QStringLiteral("note"));
            EXPECT_EQ(uri, QStringLiteral("src/tilegym/ops/cutile_rs/bmm_kernel/kernel.rs"));
            EXPECT_TRUE(line == 20 || line == 172) << line;
        }
        if (rule == QLatin1String("abi-copy")) {
            ++copies;
            EXPECT_EQ(x.value(QStringLiteral("level")).toString(), QStringLiteral("warning"));
            EXPECT_EQ(uri, QStringLiteral("src/tilegym/ops/cutile_rs/bmm.py"));
        }
    }
    EXPECT_EQ(unchecked, 2);
    EXPECT_GE(copies, 2);
}

TEST(CliBinding, TheJsonBindingIsOneEvalAccepts)
{
    const CliResult r =
        runCli({QStringLiteral("binding"), checkout(), QStringLiteral("--json"),
                QStringLiteral("--kernel"), QStringLiteral("non_persistent_matmul_kernel")});
    const QJsonArray entries = parse(r.out).value(QStringLiteral("entries")).toArray();
    ASSERT_EQ(entries.size(), 1);
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("binding.json"));
    QFile out(path);
    ASSERT_TRUE(out.open(QIODevice::WriteOnly));
    out.write(QJsonDocument(entries.first().toObject().value(QStringLiteral("binding")).toObject())
                  .toJson());
    out.close();
    // The port's first autotune configuration is the 128x128x32 tile this pair was compiled for.
    const QString pair = QStringLiteral("matmul_128x128x32_2048_f16");
    const CliResult e = runCli({QStringLiteral("eval"), realPort(pair, "reference.mlir"),
                                realPort(pair, "generated.mlir"), QStringLiteral("--binding"), path,
                                QStringLiteral("--json")});
    EXPECT_EQ(e.exitCode, 0) << e.out.toStdString() << e.err.toStdString();
    EXPECT_EQ(parse(e.out).value(QStringLiteral("verdict")).toString(), QStringLiteral("same"));
}

// The landed pairs whose runs are short: the derived binding gives the run of the hand-written
// one (the verdict, and the criticals the counterexample lands on). The attention and
// persistent-bmm pairs take minutes or exceed the CPU budget; their bindings are compared
// with the hand-written ones in tests/core/workspace/LaunchChainTest.cpp.
TEST(CliBinding, DiffEvalWithoutABindingMatchesTheHandWrittenOnes)
{
    for (const char* name :
         {"silu_and_mul_fwd_8x512x1024_f16", "silu_and_mul_fwd_13x256x1000_f32",
          "matmul_128x128x32_2048_f16", "matmul_static_persistent_4096x8192x2728_f16",
          "bmm_128x128x32_8x512_f16"}) {
        const QString pair = QString::fromLatin1(name);
        SCOPED_TRACE(name);
        const QStringList base = {
            QStringLiteral("diff"),           realPort(pair, "reference.mlir"),
            realPort(pair, "generated.mlir"), QStringLiteral("--eval"),
            QStringLiteral("--format"),       QStringLiteral("json")};
        const CliResult derived = runCli(base, QString(), 300000);
        const CliResult hand =
            runCli(base + QStringList{QStringLiteral("--binding"),
                                      tilelens::test::testDataDir() +
                                          QStringLiteral("/eval/%1.binding.json").arg(pair)},
                   QString(), 300000);
        EXPECT_EQ(derived.exitCode, hand.exitCode);
        const QJsonObject d = parse(derived.out).value(QStringLiteral("eval")).toObject();
        const QJsonObject h = parse(hand.out).value(QStringLiteral("eval")).toObject();
        EXPECT_EQ(d.value(QStringLiteral("verdict")).toString(),
                  h.value(QStringLiteral("verdict")).toString())
            << d.value(QStringLiteral("summary")).toString().toStdString();
        EXPECT_EQ(d.value(QStringLiteral("attached_to")).toArray(),
                  h.value(QStringLiteral("attached_to")).toArray());
        EXPECT_NE(d.value(QStringLiteral("verdict")).toString(), QStringLiteral("error"));
    }
}
