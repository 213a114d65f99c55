// TileLens example workspace: stage B's in-Rust compile test (port-workspace.md §6.2).
// Illustrative, not built: compiles both entries for sm_100 and writes the bytecode
// that generated/generated_{v}.tileirbc would hold (not shipped with the example).

#[cfg(test)]
mod pipeline {
    use cutile::compiler::{KernelCompiler, SpecializationBits};

    fn compile(entry: &str, consts: Vec<&str>, out: &str) {
        let spec = SpecializationBits { shape_div: 16, stride_div: 16, stride_one: true, base_ptr_div: 16, elements_disjoint: true };
        let artifacts = KernelCompiler::new(super::matmul_module::__module_ast_self, "matmul_module", entry)
            .generics(consts)
            .spec_args(&[("a", spec), ("b", spec), ("c", spec)])
            .target("sm_100")
            .compile()
            .expect("compile");
        std::fs::write(out, artifacts.bytecode()).expect("write bytecode");
    }

    #[test]
    fn dump_generated_ir() {
        compile("static_persistent_matmul_kernel", vec!["f16", "128", "512", "64", "8"],
                "generated/generated_static_persistent.tileirbc");
        compile("plain_matmul_kernel", vec!["f16", "128", "128", "32"], "generated/generated_plain.tileirbc");
    }
}
