#[cutile::module]
pub mod scale_module {
    use cutile::core::*;

    #[cutile::entry()]
    pub unsafe fn scale_kernel<E: ElementType, const TILE: i32>(
        x: &Tensor<E, { [-1] }>,
        y: &mut Tensor<E, { [TILE] }>,
    ) {
        let t = load_tile_like_1d(x, y);
        y.store(t * 2);
    }
}
