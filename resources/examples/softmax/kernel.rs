// TileLens example workspace: cuTile Rust device module of the softmax port
// (stage B output, first compile). Illustrative: written for the TileLens
// example in the style of a TileGym cutile-rs port, not built against a crate.
//
//   y[r, :] = softmax(x[r, :])   for every row r of a 2-D tensor
//
// Mirrors `_softmax_kernel_tma` of reference/softmax.py: persistent grid-stride
// loop over rows, one (1, TILE_SIZE) tile per row through TMA partition views,
// -inf padding on the input view, f32 math, cast back to E on store.
//
// const-generic order (FFI .generics()): <E, N_ROWS, TILE_SIZE>

#[cutile::module]
pub mod softmax_module {
    use cutile::core::*;

    /// Row-wise softmax, persistent over rows.
    ///
    /// Const generics:
    ///   * `E`         : element type of x and y (f16 / bf16 / f32).
    ///   * `N_ROWS`    : number of rows (a ct.Constant in the reference).
    ///   * `TILE_SIZE` : tile width, >= n_cols, power of two (chosen by ffi.rs).
    ///
    /// Grid: 1-D, min(num_sms * occupancy, N_ROWS) tile blocks.
    #[cutile::entry(unchecked_accesses = true)]
    pub unsafe fn softmax_kernel<E: ElementType, const N_ROWS: i32, const TILE_SIZE: i32>(
        y: &Tensor<E, { [-1, -1] }>,
        x: &Tensor<E, { [-1, -1] }>,
    ) {
        let tile_shape: Shape<{ [1, TILE_SIZE] }> = const_shape![1, TILE_SIZE];

        // Input view: columns past n_cols read as -inf so they drop out of
        // both reductions.
        let x_part: Partition<E, { [1, TILE_SIZE] }> = make_partition_view(
            x,
            tile_shape,
            padding::NegInf,
            dim_map::Identity,
            get_tensor_token(x),
        );
        // Output view over the read-only &Tensor, written in the loop body.
        let mut y_part: PartitionMut<E, { [1, TILE_SIZE] }> =
            unsafe { y.partition_full_mut(tile_shape) };

        let pid: i32 = unsafe { assume_bounds_lower::<_, 0>(get_tile_block_id().0) };
        let num_programs: i32 = get_num_tile_blocks().0;

        for row in (pid..N_ROWS).step_by(num_programs as usize) {
            let x_tile: Tile<E, { [1, TILE_SIZE] }> = load_view_tko(
                &x_part,
                [row, 0i32],
                ordering::Weak,
                scope::TileBlock,
                Some(3i32),
                tma::Enabled,
            );
            let row_f32: Tile<f32, { [1, TILE_SIZE] }> = convert_tile(x_tile);

            // Row maximum (numerical stability).
            let row_max: Tile<f32, { [1] }> =
                reduce_with_identity(row_f32, 1i32, 0.0f32, reduce_op::Max);
            let row_max: Tile<f32, { [1, TILE_SIZE] }> =
                row_max.reshape(const_shape![1, 1]).broadcast(tile_shape);

            let shifted: Tile<f32, { [1, TILE_SIZE] }> = row_f32 - row_max;
            let num: Tile<f32, { [1, TILE_SIZE] }> = exp(shifted, rounding::Approx);

            let denom: Tile<f32, { [1] }> = reduce_sum(num, 1i32);
            let denom: Tile<f32, { [1, TILE_SIZE] }> =
                denom.reshape(const_shape![1, 1]).broadcast(tile_shape);

            let probs: Tile<f32, { [1, TILE_SIZE] }> =
                divf(num, denom, rounding::Approx, ftz::Disabled);
            let out: Tile<E, { [1, TILE_SIZE] }> = convert_tile(probs);

            unsafe {
                store_view_tko_mut(
                    &mut y_part,
                    out,
                    [row, 0i32],
                    ordering::Weak,
                    scope::TileBlock,
                    None,
                    tma::Enabled,
                );
            }
        }
    }
}
