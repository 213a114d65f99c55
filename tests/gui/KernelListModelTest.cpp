// The kernel list model: structure checked by QAbstractItemModelTester,
// variants as children only for multi-variant kernels, roles.

#include "KernelListModel.h"

#include <QAbstractItemModelTester>
#include <gtest/gtest.h>

using namespace tilelens;
using namespace tilelens::gui;

namespace {

std::shared_ptr<const ws::Workspace> sampleWorkspace()
{
    ws::Workspace w;
    w.root = QStringLiteral("/ws");
    ws::Kernel single;
    single.name = QStringLiteral("softmax");
    single.dir = QStringLiteral("/ws/softmax");
    single.variants.push_back(ws::Variant{});
    ws::Kernel multi;
    multi.name = QStringLiteral("layernorm");
    multi.dir = QStringLiteral("/ws/layernorm");
    for (const char* name : {"fwd", "bwd", ""}) {
        ws::Variant v;
        v.name = QString::fromLatin1(name);
        multi.variants.push_back(v);
    }
    Diagnostic d;
    d.severity = Severity::Warning;
    d.message = "reference/analysis.json is missing";
    multi.diagnostics.push_back(d);
    w.kernels.push_back(single);
    w.kernels.push_back(multi);
    return std::make_shared<const ws::Workspace>(std::move(w));
}

} // namespace

TEST(KernelListModel, PassesTheModelTesterThroughResets)
{
    KernelListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setWorkspace(sampleWorkspace());
    model.setWorkspace(std::make_shared<const ws::Workspace>());
    model.setWorkspace(sampleWorkspace());
    model.setWorkspace(nullptr);
    EXPECT_EQ(model.rowCount(), 0);
}

TEST(KernelListModel, ShowsKernelsAndTheVariantsOfMultiVariantKernels)
{
    KernelListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setWorkspace(sampleWorkspace());
    ASSERT_EQ(model.rowCount(), 2);
    const QModelIndex softmax = model.index(0, 0);
    const QModelIndex layernorm = model.index(1, 0);
    EXPECT_EQ(softmax.data().toString(), QStringLiteral("softmax"));
    EXPECT_EQ(model.rowCount(softmax), 0);
    EXPECT_EQ(model.rowCount(layernorm), 3);
    EXPECT_EQ(model.index(1, 0, layernorm).data().toString(), QStringLiteral("bwd"));
    EXPECT_FALSE(
        model.index(2, 0, layernorm).data().toString().isEmpty()); // unnamed variant gets a label
    EXPECT_EQ(model.index(1, 0, layernorm).data(KernelListModel::KernelIndexRole).toInt(), 1);
    EXPECT_EQ(model.index(1, 0, layernorm).data(KernelListModel::VariantIndexRole).toInt(), 1);
    EXPECT_EQ(model.parent(model.index(1, 0, layernorm)), layernorm);
    EXPECT_EQ(layernorm.data(KernelListModel::DiagnosticCountRole).toInt(), 1);
    EXPECT_EQ(softmax.data(KernelListModel::KernelDirRole).toString(),
              QStringLiteral("/ws/softmax"));
    EXPECT_TRUE(
        layernorm.data(Qt::ToolTipRole).toString().contains(QStringLiteral("/ws/layernorm")));
    EXPECT_FALSE(layernorm.data(Qt::DecorationRole).isNull());
    EXPECT_TRUE(softmax.data(Qt::DecorationRole).isNull());

    EXPECT_EQ(model.indexFor(1, 2), model.index(2, 0, layernorm));
    EXPECT_EQ(model.indexFor(1, 0), model.index(0, 0, layernorm));
    EXPECT_EQ(model.indexFor(0, 0), softmax);
    EXPECT_FALSE(model.indexFor(5, 0).isValid());
}

TEST(KernelListModel, HiddenCharactersInNamesAreNamed)
{
    // A kernel directory named "softmax" + RLO + "xam" would list as another kernel's name.
    ws::Workspace w;
    ws::Kernel spoof;
    spoof.name = QStringLiteral("soft\u202exam");
    spoof.dir = QStringLiteral("/ws/spoof");
    ws::Variant v;
    v.name = QStringLiteral("fwd\u200b");
    spoof.variants = {v, ws::Variant{}};
    w.kernels.push_back(spoof);
    KernelListModel model;
    model.setWorkspace(std::make_shared<const ws::Workspace>(std::move(w)));
    const QModelIndex kernel = model.index(0, 0);
    EXPECT_EQ(kernel.data().toString(), QStringLiteral("soft\u2039RLO\u203axam"));
    EXPECT_EQ(model.index(0, 0, kernel).data().toString(), QStringLiteral("fwd\u2039ZWSP\u203a"));
}
