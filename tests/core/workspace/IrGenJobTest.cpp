// Issue 31 item 4: the ir-gen job of each landed entry of TileGym (tests/data/abi/tilegym) is
// derived from the checkout itself — kernel.rs, ffi.rs and the wrapper through the launch-chain
// reader — with no hand-written job file. Specialised to the reference IR of the real-port
// pairs, it is the job that compiled their generated IR (shared/tools/cutile-rs-ir/jobs.txt).

#include "workspace/IrGenJob.h"

#include "TestPaths.h"
#include "TileGymCheckout.h"
#include "ir/Module.h"
#include "ir/Parser.h"

#include <QFile>
#include <gtest/gtest.h>

using namespace tilelens;
using namespace tilelens::ws;

namespace {

ir::ParseResult referenceOf(const std::string& pair)
{
    QFile f(test::testDataDir() +
            QStringLiteral("/real-ports/%1/reference.mlir").arg(QString::fromStdString(pair)));
    EXPECT_TRUE(f.open(QIODevice::ReadOnly));
    return ir::parseModule(f.readAll().toStdString());
}

} // namespace

TEST(IrGenJob, EveryLandedEntryGetsAJobFromItsLaunchChain)
{
    const std::vector<std::pair<std::string, std::string>> entries = {
        {"attention_sink", "attention_sink_kernel"},
        {"bmm", "non_persistent_bmm_kernel"},
        {"bmm", "static_persistent_bmm_kernel"},
        {"matmul", "non_persistent_matmul_kernel"},
        {"matmul", "static_persistent_matmul_kernel"},
        {"silu_and_mul", "silu_and_mul_kernel"},
        {"swiglu", "swiglu_forward_kernel"}};
    for (const auto& [op, entry] : entries) {
        const LaunchChain chain = readLaunchChain(op, test::tileGymLaunchFiles(op), entry);
        IrGenJob job;
        std::string why;
        ASSERT_TRUE(
            deriveIrGenJob(chain, test::tileGymCheckout().toStdString(), entry, nullptr, job, why))
            << op << "/" << entry << ": " << why;
        EXPECT_EQ(job.kernelRs, "src/tilegym/ops/cutile_rs/" + op + "_kernel/kernel.rs");
        EXPECT_EQ(job.modulePath, "cutile_kernels::" + op + "::" + op + "_module");
        EXPECT_EQ(job.entry, entry);
        EXPECT_FALSE(job.generics.empty()) << job.line();
        EXPECT_FALSE(job.params.empty()) << job.line();
        // What the sources leave open is said, not hidden.
        EXPECT_FALSE(job.choices.empty()) << job.line();
    }
    // Without a reference IR: the first autotune configuration and dtype arm, said as choices.
    const LaunchChain chain = readLaunchChain("matmul", test::tileGymLaunchFiles("matmul"));
    IrGenJob job;
    std::string why;
    ASSERT_TRUE(deriveIrGenJob(chain, test::tileGymCheckout().toStdString(),
                               "non_persistent_matmul_kernel", nullptr, job, why))
        << why;
    EXPECT_EQ(job.line(), "src/tilegym/ops/cutile_rs/matmul_kernel/kernel.rs | "
                          "cutile_kernels::matmul::matmul_module | non_persistent_matmul_kernel | "
                          "f32,128,128,32,1 | sm_100 | tensor:a=144x144 tensor:b=144x144 "
                          "tensor:c=144x144 | occupancy=1 num_cta_in_cga=1");
}

// The hand-written job that compiled the real pair's generated IR
// (shared/tools/cutile-rs-ir/jobs.txt, attention_sink_2x128q128k_h8g8_d64_bf16) has generics
// bf16,64,64,128,128,128,8,0 and occupancy=2: specialised to the pair's reference IR, the
// derived job compiles the same specialisation.
TEST(IrGenJob, SpecialisedToTheReferenceItIsTheJobOfTheRealPair)
{
    const ir::ParseResult ref = referenceOf("attention_sink_2x128q128k_h8g8_d64_bf16");
    ASSERT_TRUE(ref.ok());
    const LaunchChain chain =
        readLaunchChain("attention_sink", test::tileGymLaunchFiles("attention_sink"));
    IrGenJob job;
    std::string why;
    ASSERT_TRUE(deriveIrGenJob(chain, test::tileGymCheckout().toStdString(),
                               "attention_sink_kernel", ref.modules[0]->functions[0], job, why))
        << why;
    EXPECT_EQ(job.modulePath, "cutile_kernels::attention_sink::attention_sink_module");
    EXPECT_EQ(job.entry, "attention_sink_kernel");
    const std::vector<std::string> generics = {"bf16", "64", "64", "128", "128", "128", "8", "0"};
    EXPECT_EQ(job.generics, generics) << job.line();
    EXPECT_EQ(job.target, "sm_100");
    EXPECT_EQ(job.options, std::vector<std::string>{"occupancy=2"}) << job.line();
    ASSERT_EQ(job.params.size(), 6u) << job.line();
    EXPECT_EQ(job.params[1], "tensor:k=2x8x128x64");
    EXPECT_EQ(job.params[2], "tensor:v=2x8x128x64");
}
