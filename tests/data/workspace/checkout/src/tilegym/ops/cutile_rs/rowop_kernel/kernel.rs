#[cutile::module]
pub mod rowop_module {
    #[cutile::entry()]
    pub unsafe fn rowop_kernel<E: ElementType>(x: *mut E, y: *mut E) {}
}
