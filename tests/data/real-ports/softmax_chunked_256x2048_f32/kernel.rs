// softmax (chunked, 3-pass, static persistent) — cuTile Rust port of TileGym
// src/tilegym/ops/cutile/softmax.py `_softmax_kernel_chunked` (@ct.kernel(occupancy=4)).
// Grid-stride loop over rows; per row: pass 1 running max over TILE_SIZE chunks, pass 2 sum of
// exp(x - max), reciprocal once, pass 3 exp(x - max) * inv scattered. Pointer gathers with
// (row < shape0) & (col < shape1) masks, masked lanes set to -inf; scatters chained by a token (as R).
// N_ROWS / N_COLS / TILE_SIZE are ct.Constant[int] -> const generics.

#[cutile::module]
pub mod softmax_chunked_module {
    use cutile::core::*;

    #[cutile::entry()]
    pub unsafe fn softmax_chunked_kernel<
        E: ElementType,
        const N_ROWS: i32,
        const N_COLS: i32,
        const TILE_SIZE: i32,
    >(
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
        let out_shape0 = unsafe { assume_bounds_lower::<_, 0>(out_shape0) };
        let out_shape1 = unsafe { assume_bounds_lower::<_, 0>(out_shape1) };
        let out_stride0 = unsafe { assume_bounds_lower::<_, 0>(out_stride0) };
        let in_shape0 = unsafe { assume_bounds_lower::<_, 0>(in_shape0) };
        let in_shape1 = unsafe { assume_bounds_lower::<_, 0>(in_shape1) };
        let in_stride0 = unsafe { assume_bounds_lower::<_, 0>(in_stride0) };
        let _ = (out_stride1, in_stride1);

        let pid: i32 = get_tile_block_id().0;
        let num_programs: i32 = get_num_tile_blocks().0;
        // -inf padding: cutile-rs cannot pass an E-typed -inf as padding_value for a generic E
        // (convert_scalar(f32::NEG_INFINITY) / Some(E::NEG_INFINITY) are rejected), so masked-off
        // lanes are replaced after the f32 conversion: select(mask, x, -inf). Same values.
        let ninf_t: Tile<f32, { [TILE_SIZE] }> = constant(f32::NEG_INFINITY, const_shape![TILE_SIZE]);
        let ar: Tile<i32, { [TILE_SIZE] }> = iota(const_shape![TILE_SIZE]);

        let in_s0: Tile<i64, { [TILE_SIZE] }> = {
            let a: Tile<i32, { [] }> = scalar_to_tile(in_shape0);
            let b: Tile<i64, { [] }> = exti(a);
            b.reshape(const_shape![1]).broadcast(const_shape![TILE_SIZE])
        };
        let in_st0: Tile<i64, { [TILE_SIZE] }> = {
            let a: Tile<i32, { [] }> = scalar_to_tile(in_stride0);
            let b: Tile<i64, { [] }> = exti(a);
            b.reshape(const_shape![1]).broadcast(const_shape![TILE_SIZE])
        };
        let in_s1: Tile<i64, { [TILE_SIZE] }> = {
            let a: Tile<i32, { [] }> = scalar_to_tile(in_shape1);
            let b: Tile<i64, { [] }> = exti(a);
            b.reshape(const_shape![1]).broadcast(const_shape![TILE_SIZE])
        };
        let out_s0: Tile<i64, { [TILE_SIZE] }> = {
            let a: Tile<i32, { [] }> = scalar_to_tile(out_shape0);
            let b: Tile<i64, { [] }> = exti(a);
            b.reshape(const_shape![1]).broadcast(const_shape![TILE_SIZE])
        };
        let out_st0: Tile<i64, { [TILE_SIZE] }> = {
            let a: Tile<i32, { [] }> = scalar_to_tile(out_stride0);
            let b: Tile<i64, { [] }> = exti(a);
            b.reshape(const_shape![1]).broadcast(const_shape![TILE_SIZE])
        };
        let out_s1: Tile<i64, { [TILE_SIZE] }> = {
            let a: Tile<i32, { [] }> = scalar_to_tile(out_shape1);
            let b: Tile<i64, { [] }> = exti(a);
            b.reshape(const_shape![1]).broadcast(const_shape![TILE_SIZE])
        };
        let in_base: PointerTile<*mut E, { [TILE_SIZE] }> = {
            let p0: PointerTile<*mut E, { [] }> = pointer_to_tile(in_ptr);
            let p1: PointerTile<*mut E, { [1] }> = p0.reshape(const_shape![1]);
            p1.broadcast(const_shape![TILE_SIZE])
        };
        let out_base: PointerTile<*mut E, { [TILE_SIZE] }> = {
            let p0: PointerTile<*mut E, { [] }> = pointer_to_tile(out_ptr);
            let p1: PointerTile<*mut E, { [1] }> = p0.reshape(const_shape![1]);
            p1.broadcast(const_shape![TILE_SIZE])
        };
        let num_chunks: i32 = (N_COLS + TILE_SIZE - 1i32) / TILE_SIZE;

        let mut tok: Token = new_token_unordered();
        for row_idx in (pid..N_ROWS).step_by(num_programs as usize) {
            let r32: Tile<i32, { [TILE_SIZE] }> = broadcast_scalar(row_idx, const_shape![TILE_SIZE]);
            let r64: Tile<i64, { [TILE_SIZE] }> = exti(r32);
            let in_row_ok: Tile<bool, { [TILE_SIZE] }> = cmpi(r64, in_s0, predicate::LessThan);
            let in_row_off: Tile<i64, { [TILE_SIZE] }> = r64 * in_st0;

            // pass 1: max
            let mut row_max: Tile<f32, { [1] }> = constant(f32::NEG_INFINITY, const_shape![1]);
            for chunk_idx in 0i32..num_chunks {
                let start: i32 = chunk_idx * TILE_SIZE;
                let st: Tile<i32, { [TILE_SIZE] }> = broadcast_scalar(start, const_shape![TILE_SIZE]);
                let cols: Tile<i32, { [TILE_SIZE] }> = st + ar;
                let c64: Tile<i64, { [TILE_SIZE] }> = exti(cols);
                let col_ok: Tile<bool, { [TILE_SIZE] }> = cmpi(c64, in_s1, predicate::LessThan);
                let mask: Tile<bool, { [TILE_SIZE] }> = andi(in_row_ok, col_ok);
                let off: Tile<i64, { [TILE_SIZE] }> = in_row_off + c64;
                let ptrs: PointerTile<*mut E, { [TILE_SIZE] }> = in_base.offset_tile(off);
                let (ch, _t): (Tile<E, { [TILE_SIZE] }>, Token) = load_ptr_tko(
                    ptrs, ordering::Weak, None::<scope::TileBlock>, Some(mask), None, None, Latency::<0>,
                );
                let chc: Tile<f32, { [TILE_SIZE] }> = convert_tile(ch);
                let chf: Tile<f32, { [TILE_SIZE] }> = select(mask, chc, ninf_t);
                let cm: Tile<f32, { [] }> = reduce_max(chf, 0i32);
                let cm1: Tile<f32, { [1] }> = cm.reshape(const_shape![1]);
                row_max = maxf(row_max, cm1, nan::Disabled, ftz::Disabled);
            }

            // pass 2: denominator
            let rm_b: Tile<f32, { [TILE_SIZE] }> = row_max.broadcast(const_shape![TILE_SIZE]);
            let mut denom: Tile<f32, { [1] }> = constant(0.0f32, const_shape![1]);
            for chunk_idx in 0i32..num_chunks {
                let start: i32 = chunk_idx * TILE_SIZE;
                let st: Tile<i32, { [TILE_SIZE] }> = broadcast_scalar(start, const_shape![TILE_SIZE]);
                let cols: Tile<i32, { [TILE_SIZE] }> = st + ar;
                let c64: Tile<i64, { [TILE_SIZE] }> = exti(cols);
                let col_ok: Tile<bool, { [TILE_SIZE] }> = cmpi(c64, in_s1, predicate::LessThan);
                let mask: Tile<bool, { [TILE_SIZE] }> = andi(in_row_ok, col_ok);
                let off: Tile<i64, { [TILE_SIZE] }> = in_row_off + c64;
                let ptrs: PointerTile<*mut E, { [TILE_SIZE] }> = in_base.offset_tile(off);
                let (ch, _t): (Tile<E, { [TILE_SIZE] }>, Token) = load_ptr_tko(
                    ptrs, ordering::Weak, None::<scope::TileBlock>, Some(mask), None, None, Latency::<0>,
                );
                let chc: Tile<f32, { [TILE_SIZE] }> = convert_tile(ch);
                let chf: Tile<f32, { [TILE_SIZE] }> = select(mask, chc, ninf_t);
                let d: Tile<f32, { [TILE_SIZE] }> = chf - rm_b;
                let num: Tile<f32, { [TILE_SIZE] }> = exp(d);
                let s: Tile<f32, { [] }> = reduce_sum(num, 0i32);
                let s1: Tile<f32, { [1] }> = s.reshape(const_shape![1]);
                denom = denom + s1;
            }
            let one1: Tile<f32, { [1] }> = constant(1.0f32, const_shape![1]);
            let inv: Tile<f32, { [1] }> = true_div(one1, denom);

            // pass 3: output
            let inv_b: Tile<f32, { [TILE_SIZE] }> = inv.broadcast(const_shape![TILE_SIZE]);
            let out_row_ok: Tile<bool, { [TILE_SIZE] }> = cmpi(r64, out_s0, predicate::LessThan);
            let out_row_off: Tile<i64, { [TILE_SIZE] }> = r64 * out_st0;
            for chunk_idx in 0i32..num_chunks {
                let start: i32 = chunk_idx * TILE_SIZE;
                let st: Tile<i32, { [TILE_SIZE] }> = broadcast_scalar(start, const_shape![TILE_SIZE]);
                let cols: Tile<i32, { [TILE_SIZE] }> = st + ar;
                let c64: Tile<i64, { [TILE_SIZE] }> = exti(cols);
                let col_ok: Tile<bool, { [TILE_SIZE] }> = cmpi(c64, in_s1, predicate::LessThan);
                let mask: Tile<bool, { [TILE_SIZE] }> = andi(in_row_ok, col_ok);
                let off: Tile<i64, { [TILE_SIZE] }> = in_row_off + c64;
                let ptrs: PointerTile<*mut E, { [TILE_SIZE] }> = in_base.offset_tile(off);
                let (ch, _t): (Tile<E, { [TILE_SIZE] }>, Token) = load_ptr_tko(
                    ptrs, ordering::Weak, None::<scope::TileBlock>, Some(mask), None, None, Latency::<0>,
                );
                let chc: Tile<f32, { [TILE_SIZE] }> = convert_tile(ch);
                let chf: Tile<f32, { [TILE_SIZE] }> = select(mask, chc, ninf_t);
                let d: Tile<f32, { [TILE_SIZE] }> = chf - rm_b;
                let num: Tile<f32, { [TILE_SIZE] }> = exp(d);
                let sm: Tile<f32, { [TILE_SIZE] }> = num * inv_b;
                let y: Tile<E, { [TILE_SIZE] }> = convert_tile(sm);
                let ocol_ok: Tile<bool, { [TILE_SIZE] }> = cmpi(c64, out_s1, predicate::LessThan);
                let omask: Tile<bool, { [TILE_SIZE] }> = andi(out_row_ok, ocol_ok);
                let ooff: Tile<i64, { [TILE_SIZE] }> = out_row_off + c64;
                let optrs: PointerTile<*mut E, { [TILE_SIZE] }> = out_base.offset_tile(ooff);
                tok = store_ptr_tko(optrs, y, ordering::Weak, None::<scope::TileBlock>, Some(omask), Some(tok), Latency::<0>);
            }
        }
    }
}
