// The launch chain of TileGym's seven landed cuTile Rust entries (tests/data/abi/tilegym, a
// copy of NVIDIA/TileGym at 75a1430): every entry gets a complete binding with source lines,
// and where tests/data/eval holds a hand-written binding of the kernel, the derived one
// agrees with it on parameters and grid.

#include "workspace/LaunchChain.h"

#include "TestPaths.h"
#include "TileGymCheckout.h"
#include "eval/Binding.h"
#include "ir/Module.h"
#include "ir/Parser.h"
#include "workspace/AbiCheck.h"
#include "workspace/DerivedBinding.h"
#include "workspace/LaunchBinding.h"

#include <QFile>
#include <QFileInfo>
#include <gtest/gtest.h>
#include <regex>

using namespace tilelens;
using namespace tilelens::ws;

namespace {

const BindingItem* item(const DerivedBinding& b, BindingItem::Side side, const std::string& what)
{
    for (const BindingItem& i : b.items)
        if (i.side == side && i.what == what)
            return &i;
    return nullptr;
}

std::string fileName(const launch::Loc& loc)
{
    return QFileInfo(QString::fromStdString(loc.file)).fileName().toStdString();
}

// The names one evaluation of a binding knows: dims (first case), shapes and strides.
std::map<std::string, int64_t> namesOf(const eval::Binding& b,
                                       const std::map<std::string, int64_t>& dims)
{
    std::map<std::string, int64_t> names = dims;
    for (const eval::ArrayBinding& a : b.arrays) {
        std::vector<int64_t> shape;
        for (const std::string& d : a.shape) {
            int64_t v = -1;
            std::string error;
            eval::evalExpression(d, names, v, error);
            shape.push_back(v);
        }
        int64_t stride = 1;
        for (size_t i = shape.size(); i-- > 0;) {
            names[a.name + ".shape[" + std::to_string(i) + "]"] = shape[i];
            names[a.name + ".stride[" + std::to_string(i) + "]"] = stride;
            stride *= shape[i];
        }
    }
    for (const eval::ScalarBinding& s : b.scalars) {
        int64_t v = 0;
        std::string error;
        if (eval::evalExpression(s.value, names, v, error))
            names[s.name] = v;
    }
    return names;
}

int64_t value(const std::string& expr, const std::map<std::string, int64_t>& names)
{
    int64_t v = -1;
    std::string error;
    EXPECT_TRUE(eval::evalExpression(expr, names, v, error)) << error;
    return v;
}

const std::regex kAttr(R"(([A-Za-z_][A-Za-z0-9_]*)\.(ptr|shape|stride)(\[(\d+)\])?)");

} // namespace

TEST(LaunchChain, EverySevenEntryOfTheCheckoutGetsABindingWithItsSourceLines)
{
    const Workspace w = discoverWorkspace(test::tileGymCheckout());
    size_t entries = 0;
    for (const Kernel& k : w.kernels) {
        const LaunchChain chain = readLaunchChain(k);
        EXPECT_TRUE(chain.errors.empty())
            << k.name.toStdString() << ": " << chain.errors.front().message;
        for (const EntryChain& e : chain.entries) {
            SCOPED_TRACE(e.entry);
            ++entries;
            EXPECT_TRUE(e.port.found) << e.port.why;
            EXPECT_TRUE(e.ref.found) << e.ref.why;
            const DerivedBinding b = deriveBinding(e);
            EXPECT_TRUE(b.complete) << b.why;
            for (const BindingItem& i : b.items) {
                EXPECT_TRUE(i.loc.valid()) << i.what << " has no source line";
                if (i.inBinding) {
                    EXPECT_TRUE(i.derived) << i.what << ": " << i.why;
                }
            }
            eval::Binding eb;
            std::string error;
            EXPECT_TRUE(b.toEval(eb, error)) << error;
        }
    }
    EXPECT_EQ(entries, 7u);
}

TEST(LaunchChain, SiluAndMulItemsSayWhatEachParameterIsAndWhere)
{
    const LaunchChain chain =
        readLaunchChain("silu_and_mul", test::tileGymLaunchFiles("silu_and_mul"));
    ASSERT_EQ(chain.entries.size(), 1u);
    const DerivedBinding b = deriveBinding(chain.entries[0]);
    const auto P = BindingItem::Side::Port, R = BindingItem::Side::Reference;
    const BindingItem* hidden = item(b, P, "hidden_size");
    ASSERT_TRUE(hidden);
    EXPECT_EQ(hidden->expr, "output.shape[1]"); // out_d.dim(1)
    EXPECT_EQ(fileName(hidden->loc), "ffi.rs");
    EXPECT_EQ(hidden->loc.line, 45); // let hidden_size = out_d.dim(1);
    const BindingItem* stride = item(b, P, "in_row_stride");
    ASSERT_TRUE(stride);
    EXPECT_EQ(stride->expr, "input_flat.stride[0]");
    EXPECT_EQ(stride->loc.line, 47);
    const BindingItem* outPtr = item(b, P, "out_ptr");
    ASSERT_TRUE(outPtr);
    EXPECT_EQ(outPtr->expr, "output.ptr");
    const BindingItem* block = item(b, P, "generic BLOCK_SIZE");
    ASSERT_TRUE(block);
    EXPECT_EQ(block->expr, "next_power_of_2(last / 2)");
    EXPECT_EQ(fileName(block->loc), "silu_and_mul.py");
    EXPECT_EQ(block->loc.line, 87); // block_size = next_power_of_2(hidden_size)
    const BindingItem* grid = item(b, R, "grid.x");
    ASSERT_TRUE(grid);
    EXPECT_EQ(grid->expr, "input_flat.shape[0]"); // batch_size = input_flat.shape[0]
    const BindingItem* tile = item(b, R, "TILE_SIZE");
    ASSERT_TRUE(tile);
    EXPECT_FALSE(tile->inBinding); // a ct.Constant: compiled in
    EXPECT_EQ(b.refParams, (std::vector<std::string>{"input_flat", "output"}));
    EXPECT_EQ(b.genParams,
              (std::vector<std::string>{"output.ptr", "input_flat.ptr", "output.shape[1]",
                                        "input_flat.stride[0]", "output.stride[0]"}));
}

TEST(LaunchChain, UncheckedAccessesIsANoteAtTheEntryAttribute)
{
    const LaunchChain chain = readLaunchChain("bmm", test::tileGymLaunchFiles("bmm"));
    std::vector<int> lines;
    for (const EntryChain& e : chain.entries)
        for (const AbiFinding& f : checkAbi(e, deriveBinding(e)))
            if (f.rule == "abi-unchecked") {
                EXPECT_EQ(f.severity, "note");
                EXPECT_EQ(fileName(f.loc), "kernel.rs");
                EXPECT_NE(f.message.find("bounds checks"), std::string::npos);
                lines.push_back(f.loc.line);
            }
    std::sort(lines.begin(), lines.end());
    EXPECT_EQ(lines, (std::vector<int>{20, 172}));
}

TEST(LaunchChain, TheRealPortsHaveNoCriticalFinding)
{
    for (const char* op : {"attention_sink", "bmm", "matmul", "silu_and_mul", "swiglu"}) {
        const LaunchChain chain = readLaunchChain(op, test::tileGymLaunchFiles(op));
        for (const EntryChain& e : chain.entries)
            for (const AbiFinding& f : checkAbi(e, deriveBinding(e)))
                EXPECT_NE(f.severity, "critical") << e.entry << ": " << f.message;
    }
}

// The hand-written bindings of tests/data/eval were written from the same launch code: the
// derived ones must say the same about every parameter and every grid component, up to the
// names of arrays and sizes. Two documented differences: a grid that depends on the GPU's SM
// count (persistent kernels run any grid; the hand files take 3 blocks), and the attention
// grid's y, which the hand files cut to 16 (batch, head) pairs to keep a run short.
TEST(LaunchChain, DerivedBindingsAgreeWithTheHandWrittenOnes)
{
    struct Case
    {
        const char* file;
        const char* op;
        const char* entry;
        bool transposed = false; // the call with transpose_a and transpose_b
    };
    const std::vector<Case> cases = {
        {"attention_sink_2x128q128k_h8g8_d64_bf16", "attention_sink", "attention_sink_kernel"},
        {"attention_sink_sliding128_1x128q128k_h8g8_d64_bf16", "attention_sink",
         "attention_sink_kernel"},
        {"bmm_128x128x32_8x512_f16", "bmm", "non_persistent_bmm_kernel"},
        {"bmm_static_persistent_16x1024_bf16", "bmm", "static_persistent_bmm_kernel"},
        {"bmm_static_persistent_transAB_4x512_f16", "bmm", "static_persistent_bmm_kernel", true},
        {"matmul_128x128x32_2048_f16", "matmul", "non_persistent_matmul_kernel"},
        {"matmul_static_persistent_4096x8192x2728_f16", "matmul",
         "static_persistent_matmul_kernel"},
        {"silu_and_mul_fwd_13x256x1000_f32", "silu_and_mul", "silu_and_mul_kernel"},
        {"silu_and_mul_fwd_8x512x1024_f16", "silu_and_mul", "silu_and_mul_kernel"},
        {"swiglu_fwd_2x512x4096_bf16", "swiglu", "swiglu_forward_kernel"},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.file);
        eval::Binding hand;
        std::string error;
        ASSERT_TRUE(
            eval::loadBinding((test::testDataDir() +
                               QStringLiteral("/eval/%1.binding.json").arg(QLatin1String(c.file)))
                                  .toStdString(),
                              hand, error))
            << error;
        const LaunchChain chain = readLaunchChain(c.op, test::tileGymLaunchFiles(c.op), c.entry);
        ASSERT_EQ(chain.entries.size(), 1u);
        const EntryChain* chosen = &chain.entries[0];
        auto transposed = [](const EntryChain& x) {
            const auto& a = x.port.path.assumptions;
            return a.count("transpose_a") && a.at("transpose_a") && a.count("transpose_b") &&
                   a.at("transpose_b");
        };
        if (c.transposed)
            for (const EntryChain& alt : chain.entries[0].alternatives)
                if (transposed(alt) && !transposed(*chosen))
                    chosen = &alt;
        ASSERT_EQ(transposed(*chosen), c.transposed);
        const EntryChain& e = *chosen;
        const DerivedBinding db = deriveBinding(e);
        eval::Binding derived;
        ASSERT_TRUE(db.toEval(derived, error)) << error;

        // Arrays pair by the parameters they fill; sizes by the arrays' axes.
        std::map<std::string, std::string> arrays; // derived -> hand
        std::map<std::string, int64_t> handDims;
        for (const auto& [name, values] : hand.dims)
            handDims[name] = values.front();
        const auto handNames = namesOf(hand, handDims);
        std::map<std::string, int64_t> derivedDims;
        for (const auto& [side, d, h] : {std::tuple{"ref", &derived.ref, &hand.ref},
                                         std::tuple{"gen", &derived.gen, &hand.gen}}) {
            const auto dp = eval::expandParams(derived, d->params);
            const auto hp = eval::expandParams(hand, h->params);
            ASSERT_EQ(dp.size(), hp.size()) << side << " parameters";
            for (size_t i = 0; i < dp.size(); ++i) {
                std::smatch md, mh;
                const bool ad = std::regex_match(dp[i], md, kAttr);
                const bool ah = std::regex_match(hp[i], mh, kAttr);
                const bool pd = ad && md[2] == "ptr", ph = ah && mh[2] == "ptr";
                ASSERT_EQ(pd, ph) << side << " parameter " << i << ": " << dp[i] << " / " << hp[i];
                if (!ad || !ah)
                    continue; // a size: compared by value below
                auto [it, added] = arrays.emplace(md[1], mh[1]);
                EXPECT_EQ(it->second, mh[1].str()) << side << " parameter " << i;
                if (pd || md[2] == mh[2]) {
                    EXPECT_EQ(md[2], mh[2]) << side << " parameter " << i;
                    EXPECT_EQ(md[4], mh[4]) << side << " parameter " << i;
                }
            }
        }
        // A derived size is the hand size of the same array axis; a product of sizes
        // (n_kv_heads * repeat_kv) is solved once all but one of its sizes are known.
        for (int round = 0; round < 3; ++round)
            for (const eval::ArrayBinding& a : derived.arrays) {
                const auto m = arrays.find(a.name);
                ASSERT_NE(m, arrays.end()) << "array " << a.name << " fills no parameter";
                const eval::ArrayBinding* h = hand.array(m->second);
                ASSERT_TRUE(h);
                ASSERT_EQ(a.shape.size(), h->shape.size()) << a.name;
                for (size_t i = 0; i < a.shape.size(); ++i) {
                    const int64_t want = value(h->shape[i], handNames);
                    std::vector<std::string> open;
                    for (const auto& [name, values] : derived.dims)
                        if (!derivedDims.count(name) &&
                            std::regex_search(a.shape[i], std::regex("\\b" + name + "\\b")))
                            open.push_back(name);
                    if (open.size() != 1)
                        continue;
                    for (int64_t v = 1; v <= 65536; ++v) {
                        auto names = derivedDims;
                        names[open[0]] = v;
                        int64_t got = 0;
                        std::string err;
                        if (eval::evalExpression(a.shape[i], names, got, err) && got == want) {
                            derivedDims[open[0]] = v;
                            break;
                        }
                    }
                }
            }
        for (const auto& [name, values] : derived.dims)
            derivedDims.emplace(name, values.front());
        const auto derivedNames = namesOf(derived, derivedDims);
        // Scalars: the same value for the same call.
        for (const auto& [side, d, h] : {std::tuple{"ref", &derived.ref, &hand.ref},
                                         std::tuple{"gen", &derived.gen, &hand.gen}}) {
            const auto dp = eval::expandParams(derived, d->params);
            const auto hp = eval::expandParams(hand, h->params);
            for (size_t i = 0; i < dp.size() && i < hp.size(); ++i) {
                std::smatch m;
                if ((std::regex_match(dp[i], m, kAttr) && m[2] == "ptr") || derived.scalar(dp[i]))
                    continue;
                EXPECT_EQ(value(dp[i], derivedNames), value(hp[i], handNames))
                    << side << " parameter " << i << ": " << dp[i] << " / " << hp[i];
            }
            // Grids: equal component by component, but for the two documented differences.
            const SideChain& s = std::string(side) == "ref" ? e.ref : e.port;
            for (size_t i = 0; i < 3; ++i) {
                std::set<std::string> device;
                if (i < s.launch.grid.size() && s.launch.grid[i].value)
                    launch::collectKeys(s.launch.grid[i].value, launch::SymOp::Device, device);
                if (!device.empty())
                    continue; // persistent: the SM count
                const int64_t dv = value(d->grid[i], derivedNames);
                const int64_t hv = value(h->grid[i], handNames);
                if (std::string(c.op) == "attention_sink" && i == 1)
                    EXPECT_GE(dv, hv) << side << " grid.y";
                else
                    EXPECT_EQ(dv, hv)
                        << side << " grid[" << i << "]: " << d->grid[i] << " / " << h->grid[i];
            }
        }
    }
}

// A port diffed against a version of itself (a mistake or a refactor against the unmodified
// port, both Rust IR): the chain's port side binds both entries, so a CPU run needs no binding
// file. Against the Python reference, the reference side stays the reference's.
TEST(LaunchChain, APortAgainstAVersionOfItselfIsBoundByThePortSideOnBothSides)
{
    const std::string pairDir =
        (test::testDataDir() + QStringLiteral("/real-ports/silu_and_mul_fwd_8x512x1024_f16/"))
            .toStdString();
    const std::string mistake =
        (test::testDataDir() +
         QStringLiteral("/port-mistakes/silu_and_mul/changed_rounding_silu_mulf/generated.mlir"))
            .toStdString();
    const auto parse = [](const std::string& path) {
        QFile f(QString::fromStdString(path));
        EXPECT_TRUE(f.open(QIODevice::ReadOnly)) << path;
        return ir::parseModule(f.readAll().toStdString());
    };
    const ir::ParseResult unmodified = parse(pairDir + "generated.mlir");
    const ir::ParseResult reference = parse(pairDir + "reference.mlir");
    const ir::ParseResult changed = parse(mistake);
    ASSERT_TRUE(unmodified.ok() && reference.ok() && changed.ok());
    const ir::Function& port = *unmodified.modules[0]->functions[0];
    const ir::Function& gen = *changed.modules[0]->functions[0];
    std::string why;
    const std::optional<eval::Binding> same =
        derivedBindingForIrPair(pairDir + "generated.mlir", mistake, port, gen, &why);
    ASSERT_TRUE(same) << why;
    EXPECT_EQ(same->ref.params, same->gen.params);
    EXPECT_EQ(eval::expandParams(*same, same->ref.params).size(), port.argumentTypes.size());
    const std::optional<eval::Binding> python = derivedBindingForIrPair(
        pairDir + "reference.mlir", mistake, *reference.modules[0]->functions[0], gen, &why);
    ASSERT_TRUE(python) << why;
    EXPECT_NE(python->ref.params, python->gen.params);
}

// The other pairs of paths an IR pair's specialisation may need are kept once, on the entry:
// an alternative carries no alternatives of its own (each used to copy the ones ranked
// before it, which grew a chain quadratically in memory).
TEST(LaunchChain, AlternativesCarryNoAlternativesOfTheirOwn)
{
    size_t alternatives = 0;
    for (const char* op : {"attention_sink", "bmm", "matmul", "silu_and_mul", "swiglu"}) {
        const LaunchChain chain = readLaunchChain(op, test::tileGymLaunchFiles(op));
        for (const EntryChain& e : chain.entries)
            for (const EntryChain& alt : e.alternatives) {
                ++alternatives;
                EXPECT_TRUE(alt.alternatives.empty()) << op << " " << e.entry;
            }
    }
    // The checkout's bmm and attention entries have several: the test has something to see.
    EXPECT_GE(alternatives, 2u);
}
