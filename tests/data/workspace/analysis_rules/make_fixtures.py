#!/usr/bin/env python3
"""Writes one minimal analysis.json per validate_analysis.sh rule (port-workspace.md §2).

Each fixture is the valid base below with exactly one change, so the rule it
exercises is the only message (besides knock-on messages listed in the
.expected golden file next to it). Regenerate the .expected files with
TILELENS_UPDATE_GOLDEN=1 tilelens_workspace_tests --gtest_filter='AnalysisRules*'
and review the diff.
"""
import copy
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))

BASE = {
    "kernel_name": "softmax",
    "source": "src/tilegym/ops/cutile/softmax.py",
    "launch_path": "direct",
    "pattern": "single",
    "ops_used": ["ct.load", "ct.store"],
    "test_perf_configs": [{"test": "tests/ops/test_softmax.py::Test_Softmax::test_op",
                           "param_list": ["cutile-1024-4096-torch.float16"]}],
    "reference_backend": "cutile",
    "reference_backend_selection": {"method": "CUPTI", "winner": "cutile", "cutile_geo_mean_ms": 0.1,
                                    "per_variant": {"main": {"cutile_ms": 0.1, "winner": "cutile"}}},
    "kernel_variants": [{"variant_name": "main", "kernel_function": "softmax_kernel",
                         "reference_ir": "reference/reference.mlir", "dispatch_condition": "always",
                         "reference_backend": "cutile"}],
    "config_to_variant": {"1024-4096-torch.float16": "main"},
    "correctness_reference": {"function": "torch.softmax(x, dim=-1)",
                              "source": "tests/ops/test_softmax.py::Test_Softmax::reference"},
    "correctness_tolerance": {"f16": {"atol": 0.001, "rtol": 0.001}, "source": "tests/ops/test_softmax.py:40"},
}


def drop(path):
    def f(d):
        *head, last = path
        for k in head:
            d = d[k]
        del d[last]
    return f


def put(path, value):
    def f(d):
        *head, last = path
        for k in head:
            d = d[k]
        d[last] = value
    return f


def multi(d):
    d["pattern"] = "multi_variant"
    d["kernel_variants"].append({"variant_name": "sp", "kernel_function": "sp_kernel",
                                 "reference_ir": "reference/reference_sp.mlir", "dispatch_condition": "sp=True",
                                 "reference_backend": "cutile"})
    d["reference_backend_selection"]["per_variant"]["sp"] = {"winner": "cutile"}
    d["config_to_variant"]["2048-4096-torch.float16"] = "sp"
    d["test_perf_configs"][0]["param_list"].append("cutile-2048-4096-torch.float16")


def autotuned(d):
    d["launch_path"] = "autotune"
    d["autotune_backends"] = ["cutile"]
    d["autotune_key"] = ["M", "N"]
    d["autotune_configs"] = [{"TILE_M": 128, "occupancy": 1}]


def seq(*fs):
    def f(d):
        for g in fs:
            g(d)
    return f


FIXTURES = {
    # valid documents
    "valid_list_form": lambda d: None,
    "valid_dict_form": put(["test_perf_configs"], {"square": {"shapes": [[1024, 4096], [2048, 4096]], "dtype": "f16"}}),
    "valid_multi_variant": multi,
    "valid_autotune_variant_configs": seq(multi, lambda d: d.update(launch_path="autotune", autotune_backends=["cutile"],
                                                                   autotune_key=["M"]),
                                          put(["kernel_variants", 1, "autotune_configs"], [{"BLOCK_M": 64}])),
    # ERROR rules
    "error_missing_kernel_name": drop(["kernel_name"]),
    "error_kernel_name_not_string": put(["kernel_name"], 7),
    "error_missing_source": drop(["source"]),
    "error_missing_launch_path": drop(["launch_path"]),
    "error_missing_pattern": drop(["pattern"]),
    "error_missing_ops_used": drop(["ops_used"]),
    "error_ops_used_not_array": put(["ops_used"], "ct.load"),
    "error_missing_test_perf_configs": drop(["test_perf_configs"]),
    "error_perf_configs_zero_shapes": put(["test_perf_configs"], [{"param_list": []}]),
    "error_perf_configs_wrong_type": put(["test_perf_configs"], "1024"),
    "error_perf_configs_dict_value_not_object": put(["test_perf_configs"], {"square": [[1024, 4096]]}),
    "error_reference_backend_invalid": put(["reference_backend"], "triton_tileir"),
    "error_kernel_variants_not_array": seq(put(["kernel_variants"], {"main": {}}), drop(["config_to_variant"])),
    "error_variant_missing_name": drop(["kernel_variants", 0, "variant_name"]),
    "error_variant_missing_kernel_function": drop(["kernel_variants", 0, "kernel_function"]),
    "error_variant_missing_reference_ir": drop(["kernel_variants", 0, "reference_ir"]),
    "error_variant_reference_ir_absent": put(["kernel_variants", 0, "reference_ir"], "reference/reference_nope.mlir"),
    "error_variant_reference_ir_empty": put(["kernel_variants", 0, "reference_ir"], "reference/empty.mlir"),
    "error_variant_reference_backend_invalid": put(["kernel_variants", 0, "reference_backend"], "cuda"),
    "error_missing_correctness_reference": drop(["correctness_reference"]),
    "error_correctness_function_empty": put(["correctness_reference", "function"], ""),
    "error_missing_correctness_tolerance": drop(["correctness_tolerance"]),
    "error_tolerance_missing_rtol": put(["correctness_tolerance", "f16"], {"atol": 0.001}),
    "error_tolerance_free_form_key": put(["correctness_tolerance", "comment"], "loose for bf16"),
    "error_tolerance_no_dtype": put(["correctness_tolerance"], {"source": "tests/ops/test_softmax.py:40"}),
    "error_autotune_without_configs": put(["launch_path"], "autotune"),
    "error_autotune_configs_wrong_type": seq(autotuned, put(["autotune_configs"], {"TILE_M": 128})),
    "error_not_an_object": None,  # written below
    # WARN rules
    "warn_missing_reference_backend": drop(["reference_backend"]),
    "warn_missing_selection": drop(["reference_backend_selection"]),
    "warn_selection_missing_winner": drop(["reference_backend_selection", "winner"]),
    "warn_selection_no_perf_data": seq(drop(["reference_backend_selection", "per_variant"]),
                                       drop(["reference_backend_selection", "cutile_geo_mean_ms"]),
                                       put(["reference_backend_selection", "cutile_geomean_ms"], 0.1)),
    "warn_selection_per_variant_missing_variant": seq(multi, drop(["reference_backend_selection", "per_variant", "sp"])),
    "warn_variant_missing_dispatch_condition": drop(["kernel_variants", 0, "dispatch_condition"]),
    "warn_variant_missing_reference_backend": drop(["kernel_variants", 0, "reference_backend"]),
    "warn_missing_config_to_variant": drop(["config_to_variant"]),
    "warn_empty_config_to_variant": put(["config_to_variant"], {}),
    "warn_correctness_reference_no_source": drop(["correctness_reference", "source"]),
    "warn_tolerance_no_source": drop(["correctness_tolerance", "source"]),
    "warn_autotune_missing_backends": seq(autotuned, drop(["autotune_backends"]), put(["launch_path"], "autotune")),
    "warn_autotune_empty_key": seq(autotuned, put(["autotune_key"], [])),
    "warn_autotune_config_without_tile_key": seq(autotuned, put(["autotune_configs"], [{"occupancy": 2}])),
    "warn_unknown_launch_path": put(["launch_path"], "jit"),
    "warn_unknown_pattern": put(["pattern"], "multi"),
    # TileLens extras (warnings only)
    "extra_config_to_unknown_variant": put(["config_to_variant", "1024-4096-torch.float16"], "persistent"),
    "extra_supplement_outside_folder": put(["kernel_variants", 0, "reference_ir_f32_supplement"], "reference/ref_f32.mlir"),
    "extra_pattern_mismatch": put(["pattern"], "multi_variant"),
    "extra_variant_duplicate_name": seq(multi, put(["kernel_variants", 1, "variant_name"], "main")),
}

for name, change in FIXTURES.items():
    path = os.path.join(HERE, name + ".json")
    if change is None:
        with open(path, "w") as f:
            f.write('["kernel_name", "softmax"]\n')
        continue
    doc = copy.deepcopy(BASE)
    change(doc)
    with open(path, "w") as f:
        json.dump(doc, f, indent=2)
        f.write("\n")
