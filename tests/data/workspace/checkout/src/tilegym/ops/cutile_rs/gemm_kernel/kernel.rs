#[cutile::module]
pub mod gemm_module {
    use cutile::core::*;

    #[cutile::entry()]
    pub unsafe fn static_persistent_gemm_kernel<E: ElementType>(a: &Tensor<E, { [-1, -1] }>) {}

    #[cutile::entry(unchecked_accesses = true)]
    pub unsafe fn non_persistent_gemm_kernel<E: ElementType>(a: &Tensor<E, { [-1, -1] }>) {}
}
