// dropout (training) — cuTile Rust port of TileGym src/tilegym/ops/cutile/dropout.py `_dropout_kernel`.
// Deterministic xor-shift hash of (offset * 1103515245 + SEED) -> [0, 1) float; keep if > P;
// kept elements scaled by 1 / (1 - P) (0 if P >= 1). Pointer gather (padding 0) / scatter.
// SEED, TILE_SIZE, TRAINING: const generics (TRAINING as i32). P is ct.Constant[float] in Python;
// Rust const generics cannot be f32, so P is a runtime f32 and the scale is computed in-kernel.

#[cutile::module]
pub mod dropout_module {
    use cutile::core::*;

    #[cutile::entry()]
    pub unsafe fn dropout_kernel<E: ElementType, const SEED: i32, const TILE_SIZE: i32, const TRAINING: i32>(
        x_ptr: *mut E,
        x_shape0: i32,
        x_stride0: i32,
        out_ptr: *mut E,
        out_shape0: i32,
        out_stride0: i32,
        p: f32,
    ) {
        let x_ptr = unsafe { assume_div_by::<_, 16>(x_ptr) };
        let out_ptr = unsafe { assume_div_by::<_, 16>(out_ptr) };
        let x_shape0 = unsafe { assume_bounds_lower::<_, 0>(x_shape0) };
        let out_shape0 = unsafe { assume_bounds_lower::<_, 0>(out_shape0) };
        let _ = (x_stride0, out_stride0);

        let bid: i32 = get_tile_block_id().0;
        let tile_start: i32 = bid * TILE_SIZE;
        let ar: Tile<i32, { [TILE_SIZE] }> = iota(const_shape![TILE_SIZE]);
        let st: Tile<i32, { [TILE_SIZE] }> = broadcast_scalar(tile_start, const_shape![TILE_SIZE]);
        let offsets: Tile<i32, { [TILE_SIZE] }> = ar + st;
        let off64: Tile<i64, { [TILE_SIZE] }> = exti(offsets);

        // gather x (padding 0)
        let x_mask: Tile<bool, { [TILE_SIZE] }> = {
            let a: Tile<i32, { [] }> = scalar_to_tile(x_shape0);
            let b: Tile<i64, { [] }> = exti(a);
            let l: Tile<i64, { [TILE_SIZE] }> = b.reshape(const_shape![1]).broadcast(const_shape![TILE_SIZE]);
            cmpi(off64, l, predicate::LessThan)
        };
        let x_p0: PointerTile<*mut E, { [] }> = pointer_to_tile(x_ptr);
        let x_p1: PointerTile<*mut E, { [1] }> = x_p0.reshape(const_shape![1]);
        let x_pb: PointerTile<*mut E, { [TILE_SIZE] }> = x_p1.broadcast(const_shape![TILE_SIZE]);
        let x_ptrs: PointerTile<*mut E, { [TILE_SIZE] }> = x_pb.offset_tile(off64);
        let zero_e: E = convert_scalar(0.0f32);
        let (x_tile, _xt): (Tile<E, { [TILE_SIZE] }>, Token) = load_ptr_tko(
            x_ptrs, ordering::Weak, None::<scope::TileBlock>, Some(x_mask), Some(zero_e), None, Latency::<0>,
        );

        let zeros_f: Tile<f32, { [TILE_SIZE] }> = constant(0.0f32, const_shape![TILE_SIZE]);
        let zeros: Tile<E, { [TILE_SIZE] }> = convert_tile(zeros_f);
        let mut output_tile: Tile<E, { [TILE_SIZE] }> = zeros;
        if TRAINING == 1i32 {
            let lcg: Tile<i32, { [TILE_SIZE] }> = constant(1103515245i32, const_shape![TILE_SIZE]);
            let seed_t: Tile<i32, { [TILE_SIZE] }> = broadcast_scalar(SEED, const_shape![TILE_SIZE]);
            let combined: Tile<i32, { [TILE_SIZE] }> = offsets * lcg + seed_t;
            let c16: Tile<i32, { [TILE_SIZE] }> = constant(16i32, const_shape![TILE_SIZE]);
            let c8: Tile<i32, { [TILE_SIZE] }> = constant(8i32, const_shape![TILE_SIZE]);
            let c4: Tile<i32, { [TILE_SIZE] }> = constant(4i32, const_shape![TILE_SIZE]);
            let h1: Tile<i32, { [TILE_SIZE] }> = xori(combined, shri(combined, c16));
            let h2: Tile<i32, { [TILE_SIZE] }> = xori(h1, shli(h1, c8, overflow::None));
            let h3: Tile<i32, { [TILE_SIZE] }> = xori(h2, shri(h2, c4));
            let m31: Tile<i32, { [TILE_SIZE] }> = constant(2147483647i32, const_shape![TILE_SIZE]);
            let hm: Tile<i32, { [TILE_SIZE] }> = andi(h3, m31);
            let hf0: Tile<f32, { [TILE_SIZE] }> = convert_tile(hm);
            let denom: Tile<f32, { [TILE_SIZE] }> = constant(2147483647.0f32, const_shape![TILE_SIZE]);
            let hash_float: Tile<f32, { [TILE_SIZE] }> = hf0 / denom;
            let p_t: Tile<f32, { [TILE_SIZE] }> = broadcast_scalar(p, const_shape![TILE_SIZE]);
            let keep: Tile<bool, { [TILE_SIZE] }> = gt_tile(hash_float, p_t);
            let scale_s: f32 = if p >= 1.0f32 { 0.0f32 } else { 1.0f32 / (1.0f32 - p) };
            let scale_f: Tile<f32, { [TILE_SIZE] }> = broadcast_scalar(scale_s, const_shape![TILE_SIZE]);
            let scale: Tile<E, { [TILE_SIZE] }> = convert_tile(scale_f);
            let scaled_x: Tile<E, { [TILE_SIZE] }> = x_tile * scale;
            output_tile = select(keep, scaled_x, output_tile);
        } else {
            output_tile = x_tile;
        }

        // scatter
        let o_mask: Tile<bool, { [TILE_SIZE] }> = {
            let a: Tile<i32, { [] }> = scalar_to_tile(out_shape0);
            let b: Tile<i64, { [] }> = exti(a);
            let l: Tile<i64, { [TILE_SIZE] }> = b.reshape(const_shape![1]).broadcast(const_shape![TILE_SIZE]);
            cmpi(off64, l, predicate::LessThan)
        };
        let o_p0: PointerTile<*mut E, { [] }> = pointer_to_tile(out_ptr);
        let o_p1: PointerTile<*mut E, { [1] }> = o_p0.reshape(const_shape![1]);
        let o_pb: PointerTile<*mut E, { [TILE_SIZE] }> = o_p1.broadcast(const_shape![TILE_SIZE]);
        let o_ptrs: PointerTile<*mut E, { [TILE_SIZE] }> = o_pb.offset_tile(off64);
        let _ot = store_ptr_tko(o_ptrs, output_tile, ordering::Weak, None::<scope::TileBlock>, Some(o_mask), None, Latency::<0>);
    }
}
