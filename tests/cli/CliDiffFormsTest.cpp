// `tilelens-cli diff REF GEN` with text and bytecode in any mix (the git difftool use): the same
// module as .tileirbc and as .mlir compares without a critical divergence, either way round.

#include "CliRunner.h"
#include "TestPaths.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <gtest/gtest.h>

TEST(CliDiffForms, BytecodeAndTextInAnyMix)
{
    const QString base =
        tilelens::test::testDataDir() + QStringLiteral("/bytecode/relu_fwd_1M_f16");
    const QString bc = base + QStringLiteral(".tileirbc");
    const QString text = base + QStringLiteral(".mlir");
    for (const auto& [ref, gen] : {std::pair{bc, text}, std::pair{text, bc}, std::pair{bc, bc}}) {
        const auto r = tilelens::test::runCli(
            {QStringLiteral("diff"), ref, gen, QStringLiteral("--format"), QStringLiteral("json")});
        EXPECT_NE(r.exitCode, 3) << r.err.toStdString();
        EXPECT_NE(r.exitCode, 1) << r.out.toStdString();
        const QJsonObject doc = QJsonDocument::fromJson(r.out.toUtf8()).object();
        EXPECT_EQ(doc.value(QStringLiteral("counts")).toObject().value(QStringLiteral("critical")),
                  0);
        EXPECT_EQ(doc.value(QStringLiteral("reference")).toString(), ref);
    }
}
