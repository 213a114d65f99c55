// RoPE (in-place on 4-D q/k) — cuTile Rust port of TileGym src/tilegym/ops/cutile/rope.py
// `_rope_kernel`. One block per (batch, seq) row: batch = bid / SEQ_LEN, row = bid % SEQ_LEN.
// cos/sin [COS_BS, seq, rope_dim] loaded as (1, 1, TILE_RD) tiles at dim-tile 0; q/k loaded as
// (1, TILE_H, 1, TILE_RD) tiles at dim-tiles 0 and 1 (zero padded), rotated in E, stored back.
//   new1 = x1 * cos - x2 * sin  -> fma(x1, cos, -(x2 * sin))   (as cuTile Python emits)
//   new2 = x2 * cos + x1 * sin  -> fma(x2, cos, x1 * sin)

#[cutile::module]
pub mod rope_module {
    use cutile::core::*;

    #[cutile::entry()]
    pub unsafe fn rope_kernel<
        E: ElementType,
        const COS_BS: i32,
        const SEQ_LEN: i32,
        const TILE_QH: i32,
        const TILE_KH: i32,
        const TILE_RD: i32,
    >(
        q: &Tensor<E, { [-1, -1, -1, -1] }>, // in-place
        k: &Tensor<E, { [-1, -1, -1, -1] }>, // in-place
        cos: &Tensor<E, { [-1, -1, -1] }>,
        sin: &Tensor<E, { [-1, -1, -1] }>,
    ) {
        let bid: i32 = get_tile_block_id().0;
        let batch_idx: i32 = bid / SEQ_LEN;
        let row_idx: i32 = bid % SEQ_LEN;
        let cos_batch_idx: i32 = if COS_BS == 1i32 { 0i32 } else { batch_idx };

        // cos / sin rows
        let cos_part: Partition<E, { [1, 1, TILE_RD] }> = cos.partition(const_shape![1, 1, TILE_RD]);
        let cos3: Tile<E, { [1, 1, TILE_RD] }> = load_view_tko(
            &cos_part, [cos_batch_idx, row_idx, 0i32], ordering::Weak, scope::TileBlock, None, tma::Enabled,
        );
        let cos_row: Tile<E, { [1, TILE_RD] }> = cos3.reshape(const_shape![1, TILE_RD]);
        let sin_part: Partition<E, { [1, 1, TILE_RD] }> = sin.partition(const_shape![1, 1, TILE_RD]);
        let sin3: Tile<E, { [1, 1, TILE_RD] }> = load_view_tko(
            &sin_part, [cos_batch_idx, row_idx, 0i32], ordering::Weak, scope::TileBlock, None, tma::Enabled,
        );
        let sin_row: Tile<E, { [1, TILE_RD] }> = sin3.reshape(const_shape![1, TILE_RD]);

        // ── q ──
        let q_part: Partition<E, { [1, TILE_QH, 1, TILE_RD] }> = q.partition(const_shape![1, TILE_QH, 1, TILE_RD]);
        let q1_4: Tile<E, { [1, TILE_QH, 1, TILE_RD] }> = load_view_tko(
            &q_part, [batch_idx, 0i32, row_idx, 0i32], ordering::Weak, scope::TileBlock, None, tma::Enabled,
        );
        let q1: Tile<E, { [TILE_QH, TILE_RD] }> = q1_4.reshape(const_shape![TILE_QH, TILE_RD]);
        let q2_4: Tile<E, { [1, TILE_QH, 1, TILE_RD] }> = load_view_tko(
            &q_part, [batch_idx, 0i32, row_idx, 1i32], ordering::Weak, scope::TileBlock, None, tma::Enabled,
        );
        let q2: Tile<E, { [TILE_QH, TILE_RD] }> = q2_4.reshape(const_shape![TILE_QH, TILE_RD]);
        let cq: Tile<E, { [TILE_QH, TILE_RD] }> = cos_row.broadcast(const_shape![TILE_QH, TILE_RD]);
        let sq: Tile<E, { [TILE_QH, TILE_RD] }> = sin_row.broadcast(const_shape![TILE_QH, TILE_RD]);
        let q2s: Tile<E, { [TILE_QH, TILE_RD] }> = q2 * sq;
        let nq2s: Tile<E, { [TILE_QH, TILE_RD] }> = negf(q2s);
        let new_q1: Tile<E, { [TILE_QH, TILE_RD] }> = fma(q1, cq, nq2s, rounding::NearestEven, ftz::Disabled);
        let q1s: Tile<E, { [TILE_QH, TILE_RD] }> = q1 * sq;
        let new_q2: Tile<E, { [TILE_QH, TILE_RD] }> = fma(q2, cq, q1s, rounding::NearestEven, ftz::Disabled);
        let mut q_out: PartitionMut<E, { [1, TILE_QH, 1, TILE_RD] }> =
            unsafe { q.partition_full_mut(const_shape![1, TILE_QH, 1, TILE_RD]) };
        let nq1_4: Tile<E, { [1, TILE_QH, 1, TILE_RD] }> = new_q1.reshape(const_shape![1, TILE_QH, 1, TILE_RD]);
        let nq2_4: Tile<E, { [1, TILE_QH, 1, TILE_RD] }> = new_q2.reshape(const_shape![1, TILE_QH, 1, TILE_RD]);
        unsafe {
            store_view_tko_mut(&mut q_out, nq1_4, [batch_idx, 0i32, row_idx, 0i32], ordering::Weak, scope::TileBlock, None, tma::Enabled);
            store_view_tko_mut(&mut q_out, nq2_4, [batch_idx, 0i32, row_idx, 1i32], ordering::Weak, scope::TileBlock, None, tma::Enabled);
        }

        // ── k ──
        let k_part: Partition<E, { [1, TILE_KH, 1, TILE_RD] }> = k.partition(const_shape![1, TILE_KH, 1, TILE_RD]);
        let k1_4: Tile<E, { [1, TILE_KH, 1, TILE_RD] }> = load_view_tko(
            &k_part, [batch_idx, 0i32, row_idx, 0i32], ordering::Weak, scope::TileBlock, None, tma::Enabled,
        );
        let k1: Tile<E, { [TILE_KH, TILE_RD] }> = k1_4.reshape(const_shape![TILE_KH, TILE_RD]);
        let k2_4: Tile<E, { [1, TILE_KH, 1, TILE_RD] }> = load_view_tko(
            &k_part, [batch_idx, 0i32, row_idx, 1i32], ordering::Weak, scope::TileBlock, None, tma::Enabled,
        );
        let k2: Tile<E, { [TILE_KH, TILE_RD] }> = k2_4.reshape(const_shape![TILE_KH, TILE_RD]);
        let ck: Tile<E, { [TILE_KH, TILE_RD] }> = cos_row.broadcast(const_shape![TILE_KH, TILE_RD]);
        let sk: Tile<E, { [TILE_KH, TILE_RD] }> = sin_row.broadcast(const_shape![TILE_KH, TILE_RD]);
        let k2s: Tile<E, { [TILE_KH, TILE_RD] }> = k2 * sk;
        let nk2s: Tile<E, { [TILE_KH, TILE_RD] }> = negf(k2s);
        let new_k1: Tile<E, { [TILE_KH, TILE_RD] }> = fma(k1, ck, nk2s, rounding::NearestEven, ftz::Disabled);
        let k1s: Tile<E, { [TILE_KH, TILE_RD] }> = k1 * sk;
        let new_k2: Tile<E, { [TILE_KH, TILE_RD] }> = fma(k2, ck, k1s, rounding::NearestEven, ftz::Disabled);
        let mut k_out: PartitionMut<E, { [1, TILE_KH, 1, TILE_RD] }> =
            unsafe { k.partition_full_mut(const_shape![1, TILE_KH, 1, TILE_RD]) };
        let nk1_4: Tile<E, { [1, TILE_KH, 1, TILE_RD] }> = new_k1.reshape(const_shape![1, TILE_KH, 1, TILE_RD]);
        let nk2_4: Tile<E, { [1, TILE_KH, 1, TILE_RD] }> = new_k2.reshape(const_shape![1, TILE_KH, 1, TILE_RD]);
        unsafe {
            store_view_tko_mut(&mut k_out, nk1_4, [batch_idx, 0i32, row_idx, 0i32], ordering::Weak, scope::TileBlock, None, tma::Enabled);
            store_view_tko_mut(&mut k_out, nk2_4, [batch_idx, 0i32, row_idx, 1i32], ordering::Weak, scope::TileBlock, None, tma::Enabled);
        }
    }
}
