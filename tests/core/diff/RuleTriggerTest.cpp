// Per rule of resources/rules/default.json: an edit of a real corpus kernel
// that must trigger it (at the edited line) and a near miss that must not.

#include "DiffTestUtil.h"

#include <algorithm>
#include <gtest/gtest.h>
#include <set>

namespace tilelens::diff::test {
namespace {

const char* const M = "matmul_static_persistent_transB_2048_bf16.mlir";
const char* const S = "softmax_persistent_256x2048_f32.mlir";
// A real-port reference (tests/data/real-ports, see its ORIGIN.md).
const char* const W = "../real-ports/swiglu_fwd_2x512x4096_bf16/reference.mlir";
const char* const SiluRef = "../real-ports/silu_and_mul_fwd_13x256x1000_f32/reference.mlir";
const char* const Rope = "rope_1x12x12x512x64_f16.mlir";
const char* const SiluF16 = "../real-ports/silu_and_mul_fwd_8x512x1024_f16/reference.mlir";
const char* const RmsCached =
    "../real-ports/rms_norm_multi_wave_cached_4096x256_bf16/reference.mlir";
const std::string kDrop = "<DROP LINE>";

// Pieces of M used by several cases below.
const std::string kPv =
    "partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xbf16, strides=[?,1]>>";
const std::string kSv = "strided_view<tile=(128x64), traversal_strides=[1,1], padding_value = "
                        "zero, tensor_view<?x?xbf16, strides=[?,1]>>";
const std::string kLoadA = "%104, %105 = load_view_tko weak %76[%93, %102] token = %18 ";
const std::string kViewA = "%76 = make_partition_view %40 : ";
const std::string kPvDynamicStrides =
    "partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xbf16, strides=[?,?]>>";
// S with the row maximum reshaped to 1x1 and back to 1 before it is broadcast.
const std::vector<Edit> kReshapedBack = {
    {"%82 = reshape %81 : tile<f32> -> tile<1xf32>",
     "%82 = reshape %81 : tile<f32> -> tile<1x1xf32>\n"
     "      %82b = reshape %82 : tile<1x1xf32> -> tile<1xf32>"},
    {"%83 = broadcast %82 :", "%83 = broadcast %82b :"}};

std::string loadHint(const std::string& hints)
{
    return kLoadA + "optimization_hints = #cuda_tile.optimization_hints<default = {" + hints +
           "}> :";
}

// M with the A operand read through a strided view at element offsets
// (index * tile size) instead of a partition view at tile indices.
std::vector<Edit> stridedA(const std::string& view)
{
    return {{kViewA + kPv, "%76 = make_strided_view %40 : " + view},
            {kLoadA + ": " + kPv, "%93e = muli %93, %55 : tile<i32>\n        %102e = muli %102, "
                                  "%57 : tile<i32>\n        %104, %105 = load_view_tko weak "
                                  "%76[%93e, %102e] token = %18 : " +
                                      view}};
}

struct RuleCase
{
    std::string rule;
    const char* file;
    std::vector<Edit> gen;      // edits making the generated side
    std::string needle;         // text on the line the divergence must point at ("" = no check)
    std::vector<Edit> nearMiss; // generated side that must not trigger the rule
    std::vector<Edit> ref = {}; // edits of the reference side (both variants)
    // Non-empty: the mistake leaves IR that does not verify (a type the dialect forbids), so
    // the diff refuses the generated side with the verifier's error on the line holding this
    // text instead of comparing it (issue 32: the differ crashed on such IR).
    std::string refusedAt = {};
};

// Edits whose `to` is kDrop remove the whole line holding `from`.
bool apply(std::string& text, const std::vector<Edit>& edits, std::string& missing)
{
    for (const auto& [from, to] : edits) {
        const auto pos = text.find(from);
        if (pos == std::string::npos) {
            missing = from;
            return false;
        }
        if (to == kDrop) {
            const auto b = text.rfind('\n', pos);
            const auto e = text.find('\n', pos);
            text.erase(b == std::string::npos ? 0 : b,
                       e == std::string::npos ? std::string::npos : e - b);
        } else {
            text.replace(pos, from.size(), to);
        }
    }
    return true;
}

const std::vector<RuleCase>& cases()
{
    static const std::vector<RuleCase> c = {
        // Normal forms equal: a signed min written as compare-and-select.
        {"proven-equivalent",
         M,
         {{"%84 = mini %83, %58 signed : tile<i32>",
           "%84c = cmpi less_than %83, %58, signed : tile<i32> -> tile<i1>\n      %84 = select "
           "%84c, %83, %58 : tile<i1>, tile<i32>"}},
         "%84 = select",
         {{"%84 = mini %83, %58 signed : tile<i32>", "%84 = maxi %83, %58 signed : tile<i32>"}}},
        // ceil(x/128) as floor((x+128-1)/128): equal while x + 127 does not wrap.
        {"proven-under-precondition",
         M,
         {{"%62 = divi %15, %55 signed rounding positive_inf : tile<i32>",
           "%62s = addi %15, %55 : tile<i32>\n    %62t = subi %62s, %31 : tile<i32>\n    %62 = "
           "divi %62t, %55 signed rounding negative_inf : tile<i32>"}},
         "%62 = divi %62t",
         // The same numerator rounded up: ceil((x+127)/128) is not ceil(x/128).
         {{"%62 = divi %15, %55 signed rounding positive_inf : tile<i32>",
           "%62s = addi %15, %55 : tile<i32>\n    %62t = subi %62s, %31 : tile<i32>\n    %62 = "
           "divi %62t, %55 signed rounding positive_inf : tile<i32>"}}},
        // The one make_token, consumed directly by every memory op, dropped.
        {"root-token-op",
         W,
         {{"%15 = make_token : token", kDrop},
          {"%68 token=%15", "%68"},
          {"%95 token=%15", "%95"},
          {"%128 token=%15", "%128"}},
         "%15 = make_token",
         {}},
        {"root-token-operand", W, {{"%128 token=%15", "%128"}}, "store_ptr_tko", {}},
        // A loop-carried token replaced by the root token.
        {"token-operand",
         S,
         {{"%101 = store_ptr_tko weak %100, %92, %98 token=%67",
           "%101 = store_ptr_tko weak %100, %92, %98 token=%10"}},
         "%101 = store_ptr_tko",
         {}},
        {"assume-div-by-hint",
         S,
         {{"%14 = assume div_by<4>, %3 : tile<i32>", "%14 = assume div_by<8>, %3 : tile<i32>"}},
         "%14 = assume",
         {{"%14 = assume div_by<4>, %3 : tile<i32>",
           "%14 = assume bounded<0, ?>, %3 : tile<i32>"}}},
        // A gather without padding whose lanes only reach lane-wise ops and the
        // store (under another tensor's mask).
        {"gather-padding",
         W,
         {{"%69, %70 = load_ptr_tko weak %65, %60, %68 token=%15 : tile<4096xptr<bf16>>, "
           "tile<4096xi1>, tile<4096xbf16> ->",
           "%69, %70 = load_ptr_tko weak %65, %60 token=%15 : tile<4096xptr<bf16>>, "
           "tile<4096xi1> ->"}},
         "%69, %70 = load_ptr_tko",
         // Another padding value instead: gather-padding-value.
         {{"%66 = constant <bf16: 0.0> : tile<bf16>", "%66 = constant <bf16: 1.0> : tile<bf16>"}}},
        // swiglu pads its gather of a with 0; a port padding with 1 stores silu(1) * b
        // wherever the store mask admits a lane the load mask excludes.
        {"gather-padding-value",
         W,
         {{"%66 = constant <bf16: 0.0> : tile<bf16>", "%66 = constant <bf16: 1.0> : tile<bf16>"}},
         "%69, %70 = load_ptr_tko",
         // No padding at all: gather-padding.
         {{"%69, %70 = load_ptr_tko weak %65, %60, %68 token=%15 : tile<4096xptr<bf16>>, "
           "tile<4096xi1>, tile<4096xbf16> ->",
           "%69, %70 = load_ptr_tko weak %65, %60 token=%15 : tile<4096xptr<bf16>>, "
           "tile<4096xi1> ->"}}},
        {"assume-wrapped-loop-step",
         M,
         {{"%110 = for %102 in (%74 to %64, step %75)",
           "%75a = assume bounded<1, ?>, %75 : tile<i32>\n      %110 = for %102 in (%74 to %64, "
           "step %75a)"}},
         "%75a = assume",
         {{"%110 = for %102 in (%74 to %64, step %75)",
           "%64a = assume bounded<1, ?>, %64 : tile<i32>\n      %110 = for %102 in (%74 to %64a, "
           "step %75)"}}},
        {"dead-constant",
         M,
         {{"%57 = constant <i32: 64> : tile<i32>",
           "%57 = constant <i32: 64> : tile<i32>\n    %997 = constant <i32: 12345> : tile<i32>"}},
         "%997 = constant",
         {}},
        {"dead-pure-op",
         M,
         {{"%57 = constant <i32: 64> : tile<i32>",
           "%57 = constant <i32: 64> : tile<i32>\n    %997 = addi %57, %15 : tile<i32>"}},
         "%997 = addi",
         {}},
        {"duplicate-pure-op",
         M,
         {{"%58 = constant <i32: 8> : tile<i32>",
           "%58 = constant <i32: 8> : tile<i32>\n    %997 = constant <i32: 64> : tile<i32>"}},
         "%997 = constant",
         {}},
        {"extra-assume-bounded",
         M,
         {{"%113 = for %79 in (%59 to",
           "%59a = assume bounded<0, ?>, %59 : tile<i32>\n    %113 = for %79 in (%59a to"}},
         "%59a = assume",
         {{"%113 = for %79 in (%59 to %65,",
           "%65a = assume bounded<0, ?>, %65 : tile<i32>\n    %113 = for %79 in (%59 to %65a,"}}},
        {"extra-assume",
         M,
         {{"%113 = for %79 in (%59 to %65,",
           "%65a = assume bounded<0, ?>, %65 : tile<i32>\n    %113 = for %79 in (%59 to %65a,"}},
         "%65a = assume",
         {}},
        {"no-debug-locations",
         S,
         {},
         "",
         {{"%34 = iota : tile<2048xi32>", "%34 = iota : tile<2048xi32> loc(\"softmax.py\":10:4)"}},
         {{"%34 = iota : tile<2048xi32>", "%34 = iota : tile<2048xi32> loc(\"softmax.py\":10:4)"}}},
        {"simt-num-warps-unsupported",
         S,
         {},
         "",
         {{"{occupancy = 4}", "{num_worker_warps_per_cta = 4, occupancy = 4}"}},
         {{"{occupancy = 4}", "{num_worker_warps_per_cta = 4, occupancy = 4}"}}},
        {"entry-cga-occupancy", S, {{"{occupancy = 4}", "{occupancy = 2}"}}, "entry @", {}},
        // A launch hint only in G: clusters of 2 CTAs where R keeps the default (issue 30
        // item 5); another entry hint only in G is not a launch hint of M1.
        {"entry-cga-occupancy-extra",
         S,
         {{"{occupancy = 4}", "{num_cta_in_cga = 2, occupancy = 4}"}},
         "entry @",
         {{"{occupancy = 4}", "{num_worker_warps_per_cta = 4, occupancy = 4}"}}},
        {"entry-cga-occupancy-missing",
         M,
         {{"{num_cta_in_cga = 4, occupancy = 1}", "{num_cta_in_cga = 4}"}},
         "entry @",
         {{"{num_cta_in_cga = 4, occupancy = 1}",
           "{num_cta_in_cga = 4, occupancy = 1, num_worker_warps_per_cta = 4}"}}},
        {"tensor-view-strides",
         M,
         {{"strides = [%39, 1] : tile<i32> -> tensor_view<?x?xbf16, strides=[?,1]>",
           "strides = [%39, %31] : tile<i32> -> tensor_view<?x?xbf16, strides=[?,?]>"},
          {kPv, kPvDynamicStrides},
          {kPv, kPvDynamicStrides}},
         "%40 = make_tensor_view",
         {}},
        {"mma-accumulator-dtype",
         M,
         {{"%73 = constant <f32: 0.0> : tile<128x512xf32>",
           "%73 = constant <f16: 0.0> : tile<128x512xf16>"},
          {"-> (tile<128x512xf32>)", "-> (tile<128x512xf16>)"},
          {"tile<64x512xbf16>, tile<128x512xf32>", "tile<64x512xbf16>, tile<128x512xf16>"}},
         "%109 = mmaf",
         {},
         {},
         "%109 = mmaf"}, // bf16 accumulates only into f32
        {"ftof-before-store",
         M,
         {{"%111 = ftof %110 : tile<128x512xf32> -> tile<128x512xbf16>", kDrop},
          {"store_view_tko weak %111,", "store_view_tko weak %110,"}},
         "%111 = ftof",
         {},
         {},
         "store_view_tko weak %110,"}, // an f32 tile into a bf16 view
        {"mma-operands",
         M,
         {{"%109 = mmaf %104, %108, %103", "%109 = mmaf %108, %104, %103"}},
         "%109 = mmaf",
         {},
         {},
         "%109 = mmaf"}, // 64x512 by 128x64
        {"token-op-count",
         M,
         {{"continue %112 : token",
           "%112j = join_tokens %112, %80 : token\n      continue %112j : token"}},
         "%112j = join_tokens",
         {}},
        {"loop-step",
         S,
         {{"step %31)", "step %32)"}},
         "step %32)",
         {{"(%28 to %27,", "(%29 to %27,"}}},
        {"loop-bounds",
         S,
         {{"(%28 to %27,", "(%29 to %27,"}},
         "(%29 to %27,",
         {{"step %31)", "step %32)"}}},
        {"partition-tile-shape",
         M,
         {{"%78 = make_partition_view %54 : partition_view<tile=(128x512),",
           "%78 = make_partition_view %54 : partition_view<tile=(128x256),"}},
         "%78 = make_partition_view",
         {},
         {},
         "%112 = store_view_tko"}, // a 128x512 tile into 128x256 tiles
        {"partition-padding",
         M,
         {{"%76 = make_partition_view %40 : partition_view<tile=(128x64), padding_value = zero, ",
           "%76 = make_partition_view %40 : partition_view<tile=(128x64), "}},
         "%76 = make_partition_view",
         {}},
        {"dead-load",
         M,
         {{kLoadA, "%104d, %105d = load_view_tko weak %76[%102, %93] token = %18 : " + kPv +
                       ", tile<i32> -> tile<128x64xbf16>, token\n        " + kLoadA}},
         "%104d, %105d = load_view_tko",
         {}},
        // rounding_mode = 0 is nearest_even, the default of other float ops: kept on maxf.
        // The port's entry is not specialised on the reference's I4096 but takes integers.
        {"entry-specialised-constant",
         W,
         {{"entry @_swiglu_forward_kernel_Kt1_A2bf16_1v8l0_2t1_3i16_p16_A2bf16_1v8l0_2t1_3i16_p16_"
           "A2bf16_1v8l0_2t1_3i16_p16_I4096(",
           "entry @swiglu_forward_kernel_entry("}},
         "entry @swiglu_forward_kernel_entry(",
         {}},
        {"maxf-minf-no-rounding",
         S,
         {{"%80 = maxf %78, %79 : tile<f32>",
           "%80 = maxf %78, %79 {rounding_mode = 0} : tile<f32>"}},
         "%80 = maxf",
         {}},
        {"ftz-approx",
         S,
         {{"%92 = divf %85, %91 rounding<approx> flush_to_zero : tile<2048xf32>",
           "%92 = divf %85, %91 rounding<approx> : tile<2048xf32>"}},
         "%92 = divf",
         {}},
        // Another IEEE rounding mode is its own rule; rounding<approx> stays ftz-approx's.
        {"rounding-mode",
         S,
         {{"%84 = subf %76, %83 : tile<2048xf32>",
           "%84 = subf %76, %83 rounding<positive_inf> : tile<2048xf32>"}},
         "%84 = subf",
         {{"%84 = subf %76, %83 : tile<2048xf32>",
           "%84 = subf %76, %83 rounding<approx> : tile<2048xf32>"}}},
        // The ftz'd product times the constant 2 only reaches the cast to f16: both sides
        // store the same signed zero. Times 1e32 a flushed input could reach 2^-20 > 2^-25.
        {"ftz-hidden-by-narrowing",
         SiluF16,
         {{"%101 = mulf %100, %89 :", "%101c = constant <f32: 2.0> : tile<1024xf32>\n    "
                                      "%101 = mulf %101c, %100 flush_to_zero :"}},
         "%101 = mulf",
         {{"%101 = mulf %100, %89 :", "%101c = constant <f32: 1.0e32> : tile<1024xf32>\n    "
                                      "%101 = mulf %101c, %100 flush_to_zero :"}},
         {{"%101 = mulf %100, %89 :", "%101c = constant <f32: 2.0> : tile<1024xf32>\n    "
                                      "%101 = mulf %101c, %100 :"}}},
        // Times the f16 input b: harmless unless b is infinite (NaN instead of inf).
        {"ftz-hidden-by-narrowing-if",
         SiluF16,
         {{"%101 = mulf %100, %89 :", "%101 = mulf %100, %89 flush_to_zero :"}},
         "%101 = mulf",
         {{"%95 = addf %94, %91 :", "%95 = addf %94, %91 flush_to_zero :"}}},
        {"memory-op-family",
         S,
         {{"%101 = store_ptr_tko weak", kDrop}, {"continue %101 : token", "continue %67 : token"}},
         "%101 = store_ptr_tko",
         {}},
        // rms_norm's rstd store: the pointer plus the row offset is 4-byte aligned, not 16.
        {"assume-div-by-stronger-computed",
         RmsCached,
         {{"%75 = assume div_by<4>, %74", "%75 = assume div_by<16>, %74"}},
         "%75 = assume",
         // On an entry argument (a stride) the launcher chooses the hint: assume-div-by-hint.
         {{"%18 = assume div_by<8>, %3", "%18 = assume div_by<16>, %3"}}},
        {"math-core-op",
         S,
         {{"%85 = exp %84 {rounding_mode = 4} : tile<2048xf32>",
           "%85 = exp2 %84 : tile<2048xf32>"}},
         "%85 = exp",
         {}},
        {"reduce-identity", S, {{"identities=[-inf]", "identities=[0]"}}, "identities=[0]", {}},
        {"tile-shape", S, kReshapedBack, "%82 = reshape", {}},
        {"type-change-propagated",
         S,
         {{"%82 = reshape %81 : tile<f32> -> tile<1xf32>",
           "%82 = reshape %81 : tile<f32> -> tile<1x1xf32>"},
          {"%83 = broadcast %82 : tile<1xf32> -> tile<2048xf32>",
           "%83w = broadcast %82 : tile<1x1xf32> -> tile<1x2048xf32>\n"
           "      %83 = reshape %83w : tile<1x2048xf32> -> tile<2048xf32>"}},
         "%83w = broadcast",
         kReshapedBack}, // the changed shape stops at the next reshape
        {"scalar-assume-div-by-in-gen",
         M,
         {{"%62 = divi %15,", "%15a = assume div_by<8>, %15 : tile<i32>\n    %62 = divi %15,"}},
         "%15a = assume",
         {{"%62 = divi %15,",
           "%15a = assume bounded<0, ?>, %15 : tile<i32>\n    %62 = divi %15,"}}},
        {"missing-pointer-assume-raw",
         S,
         {{"%11 = assume div_by<16>, %0 : tile<ptr<f32>>", kDrop},
          {"%64 = reshape %11 :", "%64 = reshape %0 :"}},
         "%11 = assume",
         {}},
        {"missing-pointer-assume-view",
         M,
         {{"%19 = assume div_by<16>, %0 : tile<ptr<bf16>>", kDrop},
          {"%40 = make_tensor_view %19,", "%40 = make_tensor_view %0,"}},
         "%19 = assume",
         {}},
        {"missing-assume",
         M,
         {{"%34 = assume bounded<0, ?>, %20 : tile<i32>", kDrop},
          {"%35 = assume div_by<16>, %34", "%35 = assume div_by<16>, %20"}},
         "%34 = assume",
         {}},
        {"constant-value",
         M,
         {{"%57 = constant <i32: 64> : tile<i32>", "%57 = constant <i32: 32> : tile<i32>"}},
         "%57 = constant",
         {}},
        // A mask compare (M's compares sit in a Python-modulo correction the
        // normal form folds away).
        {"comparison-predicate",
         S,
         {{"%62 = cmpi less_than %58, %61, unsigned",
           "%62 = cmpi greater_than %58, %61, unsigned"}},
         "%62 = cmpi",
         {{"%62 = cmpi less_than %58, %61, unsigned", "%62 = cmpi less_than %61, %58, unsigned"}}},
        {"memory-ordering-scope",
         M,
         {{"%104, %105 = load_view_tko weak %76", "%104, %105 = load_view_tko relaxed device %76"}},
         "%104, %105 = load_view_tko",
         {}},
        {"tma-allowed",
         M,
         {{"%104, %105 = load_view_tko weak %76[%93, %102] token = %18 :",
           "%104, %105 = load_view_tko weak %76[%93, %102] token = %18 optimization_hints = "
           "#cuda_tile.optimization_hints<default = {allow_tma = false}> :"}},
         "%104, %105 = load_view_tko",
         {{"%104, %105 = load_view_tko weak %76[%93, %102] token = %18 :",
           "%104, %105 = load_view_tko weak %76[%93, %102] token = %18 optimization_hints = "
           "#cuda_tile.optimization_hints<default = {allow_tma = true}> :"}},
         {{"%104, %105 = load_view_tko weak %76[%93, %102] token = %18 :",
           "%104, %105 = load_view_tko weak %76[%93, %102] token = %18 optimization_hints = "
           "#cuda_tile.optimization_hints<default = {allow_tma = true}> :"}}},
        {"load-store-latency",
         M,
         {{"%104, %105 = load_view_tko weak %76[%93, %102] token = %18 :",
           "%104, %105 = load_view_tko weak %76[%93, %102] token = %18 optimization_hints = "
           "#cuda_tile.optimization_hints<default = {latency = 3}> :"}},
         "%104, %105 = load_view_tko",
         {}},
        {"entry-signature", S, {{"%4: tile<i32>", "%4: tile<i64>"}}, "entry @", {}},
        // An unused integer of the descriptor ABI passed as one more f32 pointer: a convention;
        // a pointer to another element type is a signature change.
        {"entry-abi",
         S,
         {{"%9: tile<i32>", "%9: tile<ptr<f32>>"}},
         "entry @",
         {{"%9: tile<i32>", "%9: tile<ptr<f16>>"}}},
        // The row bound of a gather's mask dropped (row < shape0 & col < shape1 -> col <
        // shape1): host evidence; dropping the column bound instead stays critical.
        {"mask-bounds-host",
         SiluRef,
         {{"load_ptr_tko weak %54, %49, %57", "load_ptr_tko weak %54, %48, %57"}},
         "%58, %59 = load_ptr_tko",
         {{"load_ptr_tko weak %54, %49, %57", "load_ptr_tko weak %54, %39, %57"}}},
        {"unmatched-function",
         S,
         {{"cuda_tile.module @kernels {",
           "cuda_tile.module @kernels {\n  entry @other_kernel() {\n    return\n  }"}},
         "entry @other_kernel",
         {}},
        {"index-space-shape-vs-ceildiv",
         M,
         {},
         "get_index_space_shape %76x",
         {{"%62 = divi %15, %55 signed rounding positive_inf",
           "%62 = divi %15, %55 signed rounding negative_inf"}},
         {{"%62 = divi %15, %55 signed rounding positive_inf : tile<i32>",
           "%76x = make_partition_view %40 : " + kPv +
               "\n    %62, %62y = get_index_space_shape %76x : " + kPv + " -> tile<i32>"}}},
        {"partition-vs-strided-view", M, stridedA(kSv), "%76 = make_strided_view",
         stridedA("strided_view<tile=(64x64), traversal_strides=[1,1], padding_value = zero, "
                  "tensor_view<?x?xbf16, strides=[?,1]>>")},
        {"strided-view-absent",
         M,
         {{"partition_view<tile=(128x64)", "partition_view<tile=(64x64)"},
          {"partition_view<tile=(128x64)", "partition_view<tile=(64x64)"}},
         "%76 = make_strided_view",
         {}, // the same tile through a partition view: an accepted equivalent instead
         stridedA(kSv),
         "%104, %105 = load_view_tko"}, // a 128x64 tile from 64x64 tiles
        {"tensor-dim-factor-hint",
         M,
         {},
         "%104, %105 = load_view_tko",
         {{kLoadA + ":", loadHint("tensor_dim_factor = 3")}},
         {{kLoadA + ":", loadHint("tensor_dim_factor = 2")}}},
        {"fallback-hint",
         M,
         {{kLoadA + ":", loadHint("tensor_dim_factor = 3")}},
         "%104, %105 = load_view_tko",
         {}, // dropped instead of changed: the known gap above
         {{kLoadA + ":", loadHint("tensor_dim_factor = 2")}}},
        {"fallback-hint-extra",
         M,
         {{kLoadA + ":", loadHint("tensor_dim_factor = 2")}},
         "%104, %105 = load_view_tko",
         {{kLoadA + ":", loadHint("latency = 3")}}},
        {"loop-kind",
         S,
         {{"%102 = for %66 in (%28 to %27, step %31) : tile<i32> iter_values(%67 = %10) -> (token) "
           "{",
           "%102 = loop iter_values(%66 = %28, %67 = %10) : tile<i32>, token -> token {"},
          {"continue %101 : token",
           "%66n = addi %66, %31 : tile<i32>\n      continue %66n, %101 : tile<i32>, token"}},
         "%102 = loop",
         {{"step %31)", "step %32)"}}},
        {"side-effect-order",
         S,
         {{"%34 = iota : tile<2048xi32>",
           "%34 = iota : tile<2048xi32>\n    %p2 = print_tko \"second %d\", %27 : tile<i32> -> "
           "token\n    %p1 = print_tko \"first %d\", %27 : tile<i32> -> token"}},
         "print_tko \"first",
         // Same order of the prints; two independent pure ops swapped instead.
         {{"%34 = iota : tile<2048xi32>",
           "%34 = iota : tile<2048xi32>\n    %p1 = print_tko \"first %d\", %27 : tile<i32> -> "
           "token\n    %p2 = print_tko \"second %d\", %27 : tile<i32> -> token"},
          {"    %27 = constant <i32: 256> : tile<i32>\n    %28, %29, %30 = get_tile_block_id : "
           "tile<i32>\n",
           "    %28, %29, %30 = get_tile_block_id : tile<i32>\n    %27 = constant <i32: 256> : "
           "tile<i32>\n"}},
         {{"%34 = iota : tile<2048xi32>",
           "%34 = iota : tile<2048xi32>\n    %p1 = print_tko \"first %d\", %27 : tile<i32> -> "
           "token\n    %p2 = print_tko \"second %d\", %27 : tile<i32> -> token"}}},
        // rope: the two gathers of q are joined and the first store of q waits on the join;
        // the port orders nothing there, but the stored value is computed from both tiles.
        // The reference's k join also waits on q's last store.
        {"dataflow-ordered-join",
         Rope,
         {{"%139 = join_tokens %32, %138 : token", kDrop},
          {"%146 = join_tokens %139, %145 : token", kDrop},
          {"token = %146 :", "token = %32 :"}},
         "%139 = join_tokens",
         // Dropping the k joins instead: one orders after a store, which no dataflow implies.
         {{"%179 = join_tokens %172, %178 : token", kDrop},
          {"%172 = join_tokens %32, %171 : token", kDrop},
          {"token = %179 :", "token = %32 :"}},
         {{"%172 = join_tokens %32, %171 : token", "%172 = join_tokens %166, %171 : token"}}},
        {"written-operand-type",
         M,
         {{"tile<i32> -> tile<128x64xbf16>", "tile<i64> -> tile<128x64xbf16>"}},
         "%104, %105 = load_view_tko",
         // A hint added to the load instead: no operand type written otherwise.
         {{kLoadA + ":", loadHint("tensor_dim_factor = 2")}}},
        {"fallback-semantic",
         M,
         {{"%86 = cmpi less_than %85, %70, signed", "%86 = cmpi less_than %70, %85, signed"}},
         "%86 = cmpi",
         {}},
    };
    return c;
}

class RuleTrigger : public ::testing::TestWithParam<size_t>
{
};

TEST_P(RuleTrigger, TriggersAtEditedLineAndNotOnNearMiss)
{
    const RuleCase& c = cases()[GetParam()];
    ASSERT_NE(RuleSet::defaults().find(c.rule), nullptr) << "no default rule " << c.rule;
    std::string base = fixture(c.file);
    ASSERT_FALSE(base.empty()) << c.file;
    std::string missing;
    std::string ref = base;
    ASSERT_TRUE(apply(ref, c.ref, missing)) << "reference edit not applicable: " << missing;
    std::string gen = base;
    ASSERT_TRUE(apply(gen, c.gen, missing)) << "edit not applicable: " << missing;

    if (!c.refusedAt.empty()) {
        Diagnostics diags;
        EXPECT_FALSE(compareVerifiedTexts(ref, gen, diags, "ref.mlir", "gen.mlir"))
            << c.rule << ": IR that does not verify was compared";
        const int line = lineOf(gen, c.refusedAt);
        EXPECT_TRUE(std::any_of(diags.begin(), diags.end(),
                                [&](const Diagnostic& d) {
                                    return d.severity == tilelens::Severity::Error &&
                                           d.place.file == "gen.mlir" && d.place.line == line;
                                }))
            << c.rule << ": no verifier error at the line of '" << c.refusedAt << "'";
        return;
    }
    const DiffResult hit = diffTexts(ref, gen);
    const auto found = withRule(hit, c.rule);
    ASSERT_FALSE(found.empty()) << c.rule << " did not fire:\n" << describe(hit);
    if (!c.needle.empty()) {
        const int genLine = lineOf(gen, c.needle);
        const int refLine = lineOf(ref, c.needle);
        bool atLine = false;
        for (const Divergence* d : found)
            atLine = atLine || (d->generated && d->generated->line == genLine) ||
                     (d->reference && d->reference->line == refLine);
        EXPECT_TRUE(atLine) << c.rule << " not at the line of '" << c.needle << "':\n"
                            << describe(hit);
    }

    std::string near = base;
    ASSERT_TRUE(apply(near, c.nearMiss, missing)) << "near-miss edit not applicable: " << missing;
    // A near miss that does not verify is refused: the rule cannot fire on it either.
    Diagnostics nearDiags;
    const auto miss = compareVerifiedTexts(ref, near, nearDiags);
    EXPECT_TRUE(miss || hasErrors(nearDiags)) << c.rule;
    if (miss) {
        EXPECT_TRUE(withRule(*miss, c.rule).empty()) << c.rule << " fired on the near miss:\n"
                                                     << describe(*miss);
    }
}

INSTANTIATE_TEST_SUITE_P(DefaultRules, RuleTrigger, ::testing::Range<size_t>(0, cases().size()),
                         [](const ::testing::TestParamInfo<size_t>& info) {
                             std::string n = cases()[info.param].rule;
                             for (char& ch : n)
                                 if (ch == '-')
                                     ch = '_';
                             return n;
                         });

// EQ6 in full: every difference of the strided rewrite is accepted, and a
// wrong element offset (index * another tile size) is still critical.
TEST(RuleTrigger, StridedViewAtElementOffsetsIsEquivalentOnlyWithTheTileSize)
{
    const std::string base = fixture(M);
    std::string gen = base, missing;
    ASSERT_TRUE(apply(gen, stridedA(kSv), missing)) << missing;
    const DiffResult ok = diffTexts(base, gen);
    EXPECT_EQ(ok.count(Severity::Critical), 0) << describe(ok);
    EXPECT_EQ(ok.verdict, Verdict::PassWithNotes) << describe(ok);

    std::string wrong = gen;
    ASSERT_TRUE(apply(wrong, {{"%102e = muli %102, %57", "%102e = muli %102, %55"}}, missing));
    const DiffResult bad = diffTexts(base, wrong);
    EXPECT_GT(bad.count(Severity::Critical), 0) << describe(bad);
}

// Launch hints change speed, not results: a changed or added occupancy / num_cta_in_cga is
// one warn at the entry that says so, never a critical (issue 30 item 5).
TEST(RuleTrigger, EntryLaunchHintsAreWarnsThatSayWhatTheyChange)
{
    const std::string base = fixture(S);
    for (const auto& [hints, rule] : std::vector<std::pair<std::string, std::string>>{
             {"{occupancy = 2}", "entry-cga-occupancy"},
             {"{num_cta_in_cga = 2, occupancy = 4}", "entry-cga-occupancy-extra"}}) {
        std::string gen = base, missing;
        ASSERT_TRUE(apply(gen, {{"{occupancy = 4}", hints}}, missing)) << missing;
        const DiffResult r = diffTexts(base, gen);
        EXPECT_EQ(r.count(Severity::Critical), 0) << hints << ":\n" << describe(r);
        const auto found = withRule(r, rule);
        ASSERT_EQ(found.size(), 1u) << hints << ":\n" << describe(r);
        EXPECT_EQ(found.front()->severity, Severity::Warn) << hints;
        EXPECT_NE(found.front()->message.find("changes speed, not the values computed"),
                  std::string::npos)
            << found.front()->message;
    }
}

// Every rule of the default set has a case above (a new rule needs one too).
TEST(RuleTrigger, CoversTheDefaultRules)
{
    std::set<std::string> tested;
    for (const auto& c : cases())
        tested.insert(c.rule);
    for (const Rule& r : RuleSet::defaults().rules())
        EXPECT_TRUE(tested.count(r.id)) << "rule without a trigger test: " << r.id;
}

} // namespace
} // namespace tilelens::diff::test
