// softmax (TMA, static persistent) — cuTile Rust port of TileGym src/tilegym/ops/cutile/softmax.py
// `_softmax_kernel_tma` (@ct.kernel(occupancy=2)): grid-stride loop over rows; each row loaded
// as one (1, TILE_SIZE) tile from a NEG_INF-padded partition view, softmax in f32 along dim 1
// (exp, approx/ftz division), stored through an unpadded view.
// N_ROWS / N_COLS / TILE_SIZE are ct.Constant[int] -> const generics.

#[cutile::module]
pub mod softmax_tma_module {
    use cutile::core::*;

    #[cutile::entry()]
    pub unsafe fn softmax_tma_kernel<
        E: ElementType,
        const N_ROWS: i32,
        const N_COLS: i32,
        const TILE_SIZE: i32,
    >(
        output: &Tensor<E, { [-1, -1] }>, // OUTPUT
        input: &Tensor<E, { [-1, -1] }>,
    ) {
        let pid: i32 = get_tile_block_id().0;
        let num_programs: i32 = get_num_tile_blocks().0;
        let in_tok: Token = get_tensor_token(input);
        let in_part: Partition<E, { [1, TILE_SIZE] }> = make_partition_view(
            input,
            const_shape![1, TILE_SIZE],
            padding::NegInf,
            dim_map::Identity,
            in_tok,
        );
        let mut out_part: PartitionMut<E, { [1, TILE_SIZE] }> =
            unsafe { output.partition_full_mut(const_shape![1, TILE_SIZE]) };

        for row_idx in (pid..N_ROWS).step_by(num_programs as usize) {
            let row: Tile<E, { [1, TILE_SIZE] }> = load_view_tko(
                &in_part, [row_idx, 0i32], ordering::Weak, scope::TileBlock, None, tma::Enabled,
            );
            let rowf: Tile<f32, { [1, TILE_SIZE] }> = convert_tile(row);
            let row_max: Tile<f32, { [1] }> = reduce_max(rowf, 1i32);
            let row_max_b: Tile<f32, { [1, TILE_SIZE] }> =
                row_max.reshape(const_shape![1, 1]).broadcast(const_shape![1, TILE_SIZE]);
            let diff: Tile<f32, { [1, TILE_SIZE] }> = rowf - row_max_b;
            let num: Tile<f32, { [1, TILE_SIZE] }> = exp(diff);
            let den: Tile<f32, { [1] }> = reduce_sum(num, 1i32);
            let den_b: Tile<f32, { [1, TILE_SIZE] }> =
                den.reshape(const_shape![1, 1]).broadcast(const_shape![1, TILE_SIZE]);
            let sm: Tile<f32, { [1, TILE_SIZE] }> = true_div(num, den_b);
            let out: Tile<E, { [1, TILE_SIZE] }> = convert_tile(sm);
            unsafe {
                store_view_tko_mut(
                    &mut out_part, out, [row_idx, 0i32], ordering::Weak, scope::TileBlock, None, tma::Enabled,
                );
            }
        }
    }
}
