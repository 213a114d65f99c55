use gemm_module::{non_persistent_gemm_kernel, static_persistent_gemm_kernel};
