// TileLens example workspace: cuTile Rust device module of the matmul port
// (stage B output). Illustrative: written for the TileLens example in the
// style of a TileGym cutile-rs port, not built against a crate.
//
//   c = a @ b   (fp16/bf16 in, f32 accumulate, cast back on store)
//
// Two structural variants, one entry each (port-workspace.md §1.5 matching):
//   * static_persistent -> `static_persistent_matmul_kernel` (autotuned tiles)
//   * plain             -> `plain_matmul_kernel`
//
// const-generic order (FFI .generics()): <E, TILE_M, TILE_N, TILE_K[, GROUP_SIZE_M]>

#[cutile::module]
pub mod matmul_module {
    use cutile::core::*;

    /// Persistent matmul: the grid is NUM_SMS * occupancy blocks; each block
    /// walks output tiles in GROUP_SIZE_M-swizzled order.
    #[cutile::entry(unchecked_accesses = true)]
    pub unsafe fn static_persistent_matmul_kernel<
        E: ElementType,
        const TILE_M: i32,
        const TILE_N: i32,
        const TILE_K: i32,
        const GROUP_SIZE_M: i32,
    >(
        c: &Tensor<E, { [-1, -1] }>,
        a: &Tensor<E, { [-1, -1] }>,
        b: &Tensor<E, { [-1, -1] }>,
    ) {
        let a_part: Partition<E, { [TILE_M, TILE_K] }> =
            make_partition_view(a, const_shape![TILE_M, TILE_K], padding::Zero, dim_map::Identity, get_tensor_token(a));
        let b_part: Partition<E, { [TILE_K, TILE_N] }> =
            make_partition_view(b, const_shape![TILE_K, TILE_N], padding::Zero, dim_map::Identity, get_tensor_token(b));
        let mut c_part: PartitionMut<E, { [TILE_M, TILE_N] }> =
            unsafe { c.partition_full_mut(const_shape![TILE_M, TILE_N]) };

        let num_m: i32 = ceil_div(a.shape()[0], TILE_M);
        let num_n: i32 = ceil_div(b.shape()[1], TILE_N);
        let num_k: i32 = ceil_div(a.shape()[1], TILE_K);
        let pid: i32 = unsafe { assume_bounds_lower::<_, 0>(get_tile_block_id().0) };
        let num_programs: i32 = get_num_tile_blocks().0;

        for tile_id in (pid..num_m * num_n).step_by(num_programs as usize) {
            let group = tile_id / (GROUP_SIZE_M * num_n);
            let first_m = group * GROUP_SIZE_M;
            let rows = min(num_m - first_m, GROUP_SIZE_M);
            let bid_m = first_m + tile_id % rows;
            let bid_n = (tile_id % (GROUP_SIZE_M * num_n)) / rows;

            let mut acc: Tile<f32, { [TILE_M, TILE_N] }> = zeros();
            for k in 0..num_k {
                let a_tile = load_view_tko(&a_part, [bid_m, k], ordering::Weak, scope::TileBlock, None, tma::Enabled);
                let b_tile = load_view_tko(&b_part, [k, bid_n], ordering::Weak, scope::TileBlock, None, tma::Enabled);
                acc = mma(a_tile, b_tile, acc);
            }
            let out: Tile<E, { [TILE_M, TILE_N] }> = convert_tile(acc);
            store_view_tko(&mut c_part, out, [bid_m, bid_n], ordering::Weak, scope::TileBlock);
        }
    }

    /// One output tile per block, grid (cdiv(M, TILE_M), cdiv(N, TILE_N)).
    #[cutile::entry(unchecked_accesses = true)]
    pub unsafe fn plain_matmul_kernel<E: ElementType, const TILE_M: i32, const TILE_N: i32, const TILE_K: i32>(
        c: &Tensor<E, { [-1, -1] }>,
        a: &Tensor<E, { [-1, -1] }>,
        b: &Tensor<E, { [-1, -1] }>,
    ) {
        let a_part: Partition<E, { [TILE_M, TILE_K] }> =
            make_partition_view(a, const_shape![TILE_M, TILE_K], padding::Zero, dim_map::Identity, get_tensor_token(a));
        let b_part: Partition<E, { [TILE_K, TILE_N] }> =
            make_partition_view(b, const_shape![TILE_K, TILE_N], padding::Zero, dim_map::Identity, get_tensor_token(b));
        let mut c_part: PartitionMut<E, { [TILE_M, TILE_N] }> =
            unsafe { c.partition_full_mut(const_shape![TILE_M, TILE_N]) };

        let bid_m: i32 = get_tile_block_id().0;
        let bid_n: i32 = get_tile_block_id().1;
        let num_k: i32 = ceil_div(a.shape()[1], TILE_K);
        let mut acc: Tile<f32, { [TILE_M, TILE_N] }> = zeros();
        for k in 0..num_k {
            let a_tile = load_view_tko(&a_part, [bid_m, k], ordering::Weak, scope::TileBlock, None, tma::Enabled);
            let b_tile = load_view_tko(&b_part, [k, bid_n], ordering::Weak, scope::TileBlock, None, tma::Enabled);
            acc = mma(a_tile, b_tile, acc);
        }
        let out: Tile<E, { [TILE_M, TILE_N] }> = convert_tile(acc);
        store_view_tko(&mut c_part, out, [bid_m, bid_n], ordering::Weak, scope::TileBlock);
    }
}
