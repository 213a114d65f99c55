// MoE align-block-size stage 1 (per-block expert token counting) — cuTile Rust port of TileGym
// src/tilegym/ops/cutile/moe_align_block.py `_moe_align_block_size_stage1_kernel`.
// Each block counts TOKENS_PER_THREAD topk ids into its own row of tokens_cnts:
//   for i in 0..limit: idx = topk_ids[start+i]; tokens_cnts[off_c + idx] += 1
// The read-modify-write of tokens_cnts repeats on the same addresses across iterations, so the
// accesses are ordered by a loop-carried token exactly as cuTile Python does: the counter load
// takes the previous store's token, the store takes join(previous store, this load).
// NUM_EXPERTS / NUMEL / TOKENS_PER_THREAD: const generics. 1-element pointer tiles, padding 0.

#[cutile::module]
pub mod moe_align_module {
    use cutile::core::*;

    #[cutile::entry()]
    pub unsafe fn moe_align_stage1_kernel<
        const NUM_EXPERTS: i32,
        const NUMEL: i32,
        const TOKENS_PER_THREAD: i32,
    >(
        topk_ptr: *mut i32,
        topk_shape0: i32,
        topk_stride0: i32,
        cnts_ptr: *mut i32,
        cnts_shape0: i32,
        cnts_stride0: i32,
    ) {
        let topk_ptr = unsafe { assume_div_by::<_, 16>(topk_ptr) };
        let cnts_ptr = unsafe { assume_div_by::<_, 16>(cnts_ptr) };
        let topk_shape0 = unsafe { assume_bounds_lower::<_, 0>(topk_shape0) };
        let cnts_shape0 = unsafe { assume_bounds_lower::<_, 0>(cnts_shape0) };
        let _ = (topk_stride0, cnts_stride0);

        let bid: i32 = get_tile_block_id().0;
        let start_idx: i32 = bid * TOKENS_PER_THREAD;
        let off_c: i32 = (bid + 1i32) * NUM_EXPERTS;
        let limit: i32 = max(0i32, min(TOKENS_PER_THREAD, NUMEL - start_idx));

        let topk_lim_s: Tile<i32, { [] }> = scalar_to_tile(topk_shape0);
        let topk_lim64_s: Tile<i64, { [] }> = exti(topk_lim_s);
        let topk_lim: Tile<i64, { [1] }> = topk_lim64_s.reshape(const_shape![1]);
        let cnts_lim_s: Tile<i32, { [] }> = scalar_to_tile(cnts_shape0);
        let cnts_lim64_s: Tile<i64, { [] }> = exti(cnts_lim_s);
        let cnts_lim: Tile<i64, { [1] }> = cnts_lim64_s.reshape(const_shape![1]);
        let topk_p0: PointerTile<*mut i32, { [] }> = pointer_to_tile(topk_ptr);
        let topk_p: PointerTile<*mut i32, { [1] }> = topk_p0.reshape(const_shape![1]);
        let cnts_p0: PointerTile<*mut i32, { [] }> = pointer_to_tile(cnts_ptr);
        let cnts_p: PointerTile<*mut i32, { [1] }> = cnts_p0.reshape(const_shape![1]);
        let off_c_t: Tile<i32, { [1] }> = broadcast_scalar(off_c, const_shape![1]);
        let one: Tile<i32, { [1] }> = constant(1i32, const_shape![1]);

        let mut tok: Token = new_token_unordered();
        for i in 0i32..limit {
            let cur: i32 = start_idx + i;
            let cur_t: Tile<i32, { [1] }> = broadcast_scalar(cur, const_shape![1]);
            let cur64: Tile<i64, { [1] }> = exti(cur_t);
            let m1: Tile<bool, { [1] }> = cmpi(cur64, topk_lim, predicate::LessThan);
            let p1: PointerTile<*mut i32, { [1] }> = topk_p.offset_tile(cur64);
            let p1 = unsafe { assume_div_by::<_, 4>(p1) };
            let (idx, _t1): (Tile<i32, { [1] }>, Token) = load_ptr_tko(
                p1, ordering::Weak, None::<scope::TileBlock>, Some(m1), Some(0i32), None, Latency::<0>,
            );
            let cnt_off: Tile<i32, { [1] }> = off_c_t + idx;
            let co64: Tile<i64, { [1] }> = exti(cnt_off);
            let m2: Tile<bool, { [1] }> = cmpi(co64, cnts_lim, predicate::LessThan);
            let p2: PointerTile<*mut i32, { [1] }> = cnts_p.offset_tile(co64);
            let p2 = unsafe { assume_div_by::<_, 4>(p2) };
            let (cnt, t2): (Tile<i32, { [1] }>, Token) = load_ptr_tko(
                p2, ordering::Weak, None::<scope::TileBlock>, Some(m2), Some(0i32), Some(tok), Latency::<0>,
            );
            let jt: Token = join_tokens(&[tok, t2]);
            let new_cnt: Tile<i32, { [1] }> = cnt + one;
            tok = store_ptr_tko(p2, new_cnt, ordering::Weak, None::<scope::TileBlock>, Some(m2), Some(jt), Latency::<0>);
        }
    }
}
