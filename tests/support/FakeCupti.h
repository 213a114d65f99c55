#pragma once
// The fake CUPTI benchmark (tests/core/pipeline/fake_cupti_command.sh) writes
// tilelens.cupti v1 records as the injection library would, so profiled runs
// are tested without a GPU. Shared by the pipeline, CLI and panel tests.

#include "TestPaths.h"

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <utility>
#include <vector>

namespace tilelens::test {

inline QString fakeCuptiCommand()
{
    return sourceDir() + QStringLiteral("/tests/core/pipeline/fake_cupti_command.sh");
}

// tilelens.json whose stages run the fake benchmark, each at its BASE_NS
// (e.g. {{"E", 1000}}), needing no environment variables and no GPU.
inline QByteArray fakeCuptiStagesJson(const std::vector<std::pair<QString, int>>& stages)
{
    const QString stage = QStringLiteral(
        R"("%1": {"argv": ["/bin/sh", "%2", "%3"], "cwd": "${WS}", "requires_env": [],
                  "requires_gpu": false, "verdict": "exit"})");
    QStringList entries;
    for (const auto& [id, baseNs] : stages)
        entries << stage.arg(id, fakeCuptiCommand(), QString::number(baseNs));
    return QStringLiteral(R"({"stages": {%1}})").arg(entries.join(QStringLiteral(", "))).toUtf8();
}

} // namespace tilelens::test
