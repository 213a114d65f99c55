#[cutile::module]
pub mod orphan_module {
    #[cutile::entry()]
    pub unsafe fn orphan_kernel<E: ElementType>(x: *mut E) {}
}
