// softmax (multi-wave, full row, register cached, ldg) — cuTile Rust port of TileGym
// src/tilegym/ops/cutile/softmax.py `_softmax_kernel_multi_wave_full_row_reg_cached_ldg`.
// One block per row (grid = n_rows); TILE_SIZE = N = n_cols (power of two) so
// check_bound = (TILE_SIZE != N) = false: unmasked pointer gather/scatter, as the Python.
//   out[row, :] = exp(x - max(x)) / sum(exp(x - max(x)))   computed in f32.

#[cutile::module]
pub mod softmax_module {
    use cutile::core::*;

    #[cutile::entry()]
    pub unsafe fn softmax_multi_wave_kernel<E: ElementType, const TILE_SIZE: i32>(
        out_ptr: *mut E,
        out_shape0: i32,
        out_shape1: i32,
        out_stride0: i32,
        out_stride1: i32,
        in_ptr: *mut E,
        in_shape0: i32,
        in_shape1: i32,
        in_stride0: i32,
        in_stride1: i32,
    ) {
        let out_ptr = unsafe { assume_div_by::<_, 16>(out_ptr) };
        let in_ptr = unsafe { assume_div_by::<_, 16>(in_ptr) };
        let out_stride0 = unsafe { assume_bounds_lower::<_, 0>(out_stride0) };
        let in_stride0 = unsafe { assume_bounds_lower::<_, 0>(in_stride0) };
        let _ = (out_shape0, out_shape1, out_stride1, in_shape0, in_shape1, in_stride1);

        let row: i32 = get_tile_block_id().0;
        let cols_i32: Tile<i32, { [TILE_SIZE] }> = iota(const_shape![TILE_SIZE]);
        let cols_i64: Tile<i64, { [TILE_SIZE] }> = exti(cols_i32);
        let row_i32_s: Tile<i32, { [] }> = scalar_to_tile(row);
        let row_i64_s: Tile<i64, { [] }> = exti(row_i32_s);
        let row_i64: Tile<i64, { [TILE_SIZE] }> =
            row_i64_s.reshape(const_shape![1]).broadcast(const_shape![TILE_SIZE]);

        // ── gather input[row, :] (no mask: TILE_SIZE == N) ──
        let in_off: Tile<i64, { [TILE_SIZE] }> = {
            let s32: Tile<i32, { [] }> = scalar_to_tile(in_stride0);
            let s64: Tile<i64, { [] }> = exti(s32);
            let s: Tile<i64, { [TILE_SIZE] }> =
                s64.reshape(const_shape![1]).broadcast(const_shape![TILE_SIZE]);
            row_i64 * s + cols_i64
        };
        let in_p0: PointerTile<*mut E, { [] }> = pointer_to_tile(in_ptr);
        let in_p1: PointerTile<*mut E, { [1] }> = in_p0.reshape(const_shape![1]);
        let in_pb: PointerTile<*mut E, { [TILE_SIZE] }> = in_p1.broadcast(const_shape![TILE_SIZE]);
        let in_ptrs: PointerTile<*mut E, { [TILE_SIZE] }> = in_pb.offset_tile(in_off);
        let (x, x_tok): (Tile<E, { [TILE_SIZE] }>, Token) = load_ptr_tko(
            in_ptrs,
            ordering::Weak,
            None::<scope::TileBlock>,
            None,
            None,
            None,
            Latency::<0>,
        );
        let _ = x_tok;

        // ── softmax in f32 ──
        let xf: Tile<f32, { [TILE_SIZE] }> = convert_tile(x);
        let row_max: Tile<f32, { [] }> = reduce_max(xf, 0i32);
        let row_max_b: Tile<f32, { [TILE_SIZE] }> =
            row_max.reshape(const_shape![1]).broadcast(const_shape![TILE_SIZE]);
        let numerator: Tile<f32, { [TILE_SIZE] }> = exp(xf - row_max_b);
        let denom: Tile<f32, { [] }> = reduce_sum(numerator, 0i32);
        let denom_b: Tile<f32, { [TILE_SIZE] }> =
            denom.reshape(const_shape![1]).broadcast(const_shape![TILE_SIZE]);
        // ct.truediv(..., rounding_mode=APPROX, flush_to_zero=True)
        let sm: Tile<f32, { [TILE_SIZE] }> = true_div(numerator, denom_b);
        let y: Tile<E, { [TILE_SIZE] }> = convert_tile(sm);

        // ── scatter output[row, :] ──
        let out_off: Tile<i64, { [TILE_SIZE] }> = {
            let s32: Tile<i32, { [] }> = scalar_to_tile(out_stride0);
            let s64: Tile<i64, { [] }> = exti(s32);
            let s: Tile<i64, { [TILE_SIZE] }> =
                s64.reshape(const_shape![1]).broadcast(const_shape![TILE_SIZE]);
            row_i64 * s + cols_i64
        };
        let o_p0: PointerTile<*mut E, { [] }> = pointer_to_tile(out_ptr);
        let o_p1: PointerTile<*mut E, { [1] }> = o_p0.reshape(const_shape![1]);
        let o_pb: PointerTile<*mut E, { [TILE_SIZE] }> = o_p1.broadcast(const_shape![TILE_SIZE]);
        let o_ptrs: PointerTile<*mut E, { [TILE_SIZE] }> = o_pb.offset_tile(out_off);
        let o_tok = store_ptr_tko(
            o_ptrs,
            y,
            ordering::Weak,
            None::<scope::TileBlock>,
            None,
            None,
            Latency::<0>,
        );
        let _ = o_tok;
    }
}
