// The name and launch rules of pairEntries on their own, with the entry and kernel names of
// TileGym's landed ports (so CI checks the pairings of the real checkout without it).

#include "workspace/EntryPairing.h"

#include <gtest/gtest.h>

using namespace tilelens::ws;

namespace {

std::vector<RustEntry> entries(std::initializer_list<const char*> names)
{
    std::vector<RustEntry> out;
    for (const char* n : names) {
        RustEntry e;
        e.name = QString::fromLatin1(n);
        out.push_back(e);
    }
    return out;
}

std::vector<PythonKernel> kernels(std::initializer_list<const char*> names, bool launched = true)
{
    std::vector<PythonKernel> out;
    for (const char* n : names) {
        PythonKernel k;
        k.name = QString::fromLatin1(n);
        k.launched = launched;
        out.push_back(k);
    }
    return out;
}

QString pairedWith(const std::vector<EntryPairing>& pairs, const char* entry)
{
    for (const EntryPairing& p : pairs)
        if (p.entry.name == QLatin1String(entry))
            return p.python ? p.python->name : QStringLiteral("<none: %1>").arg(p.reason);
    return QStringLiteral("<no entry>");
}

} // namespace

TEST(EntryPairing, TileGymPortsPairByName)
{
    auto pairs = pairEntries(entries({"static_persistent_bmm_kernel", "non_persistent_bmm_kernel"}),
                             kernels({"_bmm_kernel", "_static_persistent_bmm_kernel"}));
    EXPECT_EQ(pairedWith(pairs, "static_persistent_bmm_kernel"),
              QStringLiteral("_static_persistent_bmm_kernel"));
    EXPECT_EQ(pairedWith(pairs, "non_persistent_bmm_kernel"), QStringLiteral("_bmm_kernel"));
    pairs =
        pairEntries(entries({"non_persistent_matmul_kernel", "static_persistent_matmul_kernel"}),
                    kernels({"_matmul_kernel", "_static_persistent_matmul_kernel"}));
    EXPECT_EQ(pairedWith(pairs, "non_persistent_matmul_kernel"), QStringLiteral("_matmul_kernel"));
    EXPECT_EQ(pairs[1].rule, PairingRule::Name);
    pairs = pairEntries(
        entries({"silu_and_mul_kernel"}),
        kernels({"_silu_and_mul_kernel_row_wise", "_silu_and_mul_backward_kernel_row_wise"}));
    EXPECT_EQ(pairedWith(pairs, "silu_and_mul_kernel"),
              QStringLiteral("_silu_and_mul_kernel_row_wise"));
    pairs = pairEntries(entries({"swiglu_forward_kernel"}),
                        kernels({"_swiglu_forward_kernel", "_swiglu_backward_kernel"}));
    EXPECT_EQ(pairedWith(pairs, "swiglu_forward_kernel"), QStringLiteral("_swiglu_forward_kernel"));
    pairs = pairEntries(entries({"attention_sink_kernel"}), kernels({"_attention_sink_kernel"}));
    EXPECT_EQ(pairedWith(pairs, "attention_sink_kernel"), QStringLiteral("_attention_sink_kernel"));
}

TEST(EntryPairing, NonPersistentNeverPairsWithThePersistentKernel)
{
    const auto pairs = pairEntries(entries({"non_persistent_bmm_kernel"}),
                                   kernels({"_static_persistent_bmm_kernel"}, false));
    EXPECT_FALSE(pairs[0].python);
    EXPECT_EQ(pairs[0].rule, PairingRule::None);
    EXPECT_FALSE(pairs[0].reason.isEmpty());
}

TEST(EntryPairing, LaunchRuleNeedsOneCandidate)
{
    auto pairs = pairEntries(entries({"fused_entry"}), kernels({"_a_impl", "_b_impl"}));
    EXPECT_FALSE(pairs[0].python);
    EXPECT_TRUE(pairs[0].reason.contains(QLatin1String("_a_impl, _b_impl")));
    pairs = pairEntries(entries({"fused_entry"}), kernels({"_a_impl", "_a_bwd_impl"}));
    EXPECT_EQ(pairedWith(pairs, "fused_entry"), QStringLiteral("_a_impl"));
    EXPECT_EQ(pairs[0].rule, PairingRule::Launch);
    pairs = pairEntries(entries({"fused_entry"}), kernels({"_a_impl"}, false));
    EXPECT_FALSE(pairs[0].python); // defined but never launched
    EXPECT_TRUE(
        pairEntries(entries({"x_kernel"}), {})[0].reason.contains(QLatin1String("no @ct.kernel")));
}

TEST(EntryPairing, HandPairingWinsAndTakesItsKernel)
{
    const auto pairs = pairEntries(entries({"a_kernel", "b_kernel"}), kernels({"_a_kernel"}),
                                   {{QStringLiteral("b_kernel"), QStringLiteral("_a_kernel")}});
    EXPECT_EQ(pairedWith(pairs, "b_kernel"), QStringLiteral("_a_kernel"));
    EXPECT_EQ(pairs[1].rule, PairingRule::Manual);
    EXPECT_FALSE(pairs[0].python);
}

TEST(EntryPairing, FindsOnlyCtKernelsAndWhetherTheyAreLaunched)
{
    const QString py = QStringLiteral("import cuda.tile as ct\n\n"
                                      "@ct.kernel\ndef _k(x):\n    pass\n\n"
                                      "def helper():\n    pass\n\n"
                                      "@ct.kernel(occupancy=2)\ndef _j(x):\n    pass\n\n"
                                      "def run():\n    ct.launch(None, (1,), _k, ())\n");
    const auto found = findPythonKernels(py);
    ASSERT_EQ(found.size(), 2u);
    EXPECT_EQ(found[0].name, QStringLiteral("_k"));
    EXPECT_EQ(found[0].firstLine, 3);
    EXPECT_EQ(found[0].defLine, 4);
    EXPECT_TRUE(found[0].launched);
    EXPECT_EQ(found[1].name, QStringLiteral("_j"));
    EXPECT_FALSE(found[1].launched);
}
