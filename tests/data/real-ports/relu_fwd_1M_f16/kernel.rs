// relu forward — cuTile Rust port of TileGym src/tilegym/ops/cutile/activation/relu.py
// (`_relu_fwd_kernel`), pointer gather/scatter like the Python `ct.gather`/`ct.scatter`.
//   y[i] = max(x[i] as f32, 0.0) as E,  i = pid * BLOCK_SIZE + arange(BLOCK_SIZE)
// x and y are flattened contiguous 1-D tensors (stride 1); masks: i < x.shape0 / i < y.shape0.

#[cutile::module]
pub mod relu_module {
    use cutile::core::*;

    #[cutile::entry()]
    pub unsafe fn relu_fwd_kernel<E: ElementType, const BLOCK_SIZE: i32>(
        x_ptr: *mut E,
        x_shape0: i32,
        x_stride0: i32,
        y_ptr: *mut E,
        y_shape0: i32,
        y_stride0: i32,
    ) {
        let x_ptr = unsafe { assume_div_by::<_, 16>(x_ptr) };
        let y_ptr = unsafe { assume_div_by::<_, 16>(y_ptr) };
        let x_shape0 = unsafe { assume_bounds_lower::<_, 0>(x_shape0) };
        let y_shape0 = unsafe { assume_bounds_lower::<_, 0>(y_shape0) };
        let _ = x_stride0; // contiguous: stride 1
        let _ = y_stride0;

        let pid: i32 = get_tile_block_id().0;
        let block_start: i32 = pid * BLOCK_SIZE;

        // offsets = block_start + arange(BLOCK_SIZE)  (i32), widened to i64 for addressing
        let base: Tile<i32, { [BLOCK_SIZE] }> =
            broadcast_scalar(block_start, const_shape![BLOCK_SIZE]);
        let ar: Tile<i32, { [BLOCK_SIZE] }> = iota(const_shape![BLOCK_SIZE]);
        let offs: Tile<i32, { [BLOCK_SIZE] }> = base + ar;
        let offs64: Tile<i64, { [BLOCK_SIZE] }> = exti(offs);

        // ── gather x (mask offs < x.shape0) ──
        let x_mask: Tile<bool, { [BLOCK_SIZE] }> = {
            let lim_i32: Tile<i32, { [] }> = scalar_to_tile(x_shape0);
            let lim_s: Tile<i64, { [] }> = exti(lim_i32);
            let lim: Tile<i64, { [BLOCK_SIZE] }> =
                lim_s.reshape(const_shape![1]).broadcast(const_shape![BLOCK_SIZE]);
            cmpi(offs64, lim, predicate::LessThan)
        };
        let x_p0: PointerTile<*mut E, { [] }> = pointer_to_tile(x_ptr);
        let x_p1: PointerTile<*mut E, { [1] }> = x_p0.reshape(const_shape![1]);
        let x_pb: PointerTile<*mut E, { [BLOCK_SIZE] }> = x_p1.broadcast(const_shape![BLOCK_SIZE]);
        let x_ptrs: PointerTile<*mut E, { [BLOCK_SIZE] }> = x_pb.offset_tile(offs64);
        let (x_tile, x_tok): (Tile<E, { [BLOCK_SIZE] }>, Token) = load_ptr_tko(
            x_ptrs,
            ordering::Weak,
            None::<scope::TileBlock>,
            Some(x_mask),
            None,
            None,
            Latency::<0>,
        );
        let _ = x_tok;

        // ── relu in f32 ──
        let x_f32: Tile<f32, { [BLOCK_SIZE] }> = convert_tile(x_tile);
        let zeros: Tile<f32, { [BLOCK_SIZE] }> = constant(0.0f32, const_shape![BLOCK_SIZE]);
        let y_f32: Tile<f32, { [BLOCK_SIZE] }> = maxf(x_f32, zeros, nan::Disabled, ftz::Disabled);
        let y_tile: Tile<E, { [BLOCK_SIZE] }> = convert_tile(y_f32);

        // ── scatter y (mask offs < y.shape0) ──
        let y_mask: Tile<bool, { [BLOCK_SIZE] }> = {
            let lim_i32: Tile<i32, { [] }> = scalar_to_tile(y_shape0);
            let lim_s: Tile<i64, { [] }> = exti(lim_i32);
            let lim: Tile<i64, { [BLOCK_SIZE] }> =
                lim_s.reshape(const_shape![1]).broadcast(const_shape![BLOCK_SIZE]);
            cmpi(offs64, lim, predicate::LessThan)
        };
        let y_p0: PointerTile<*mut E, { [] }> = pointer_to_tile(y_ptr);
        let y_p1: PointerTile<*mut E, { [1] }> = y_p0.reshape(const_shape![1]);
        let y_pb: PointerTile<*mut E, { [BLOCK_SIZE] }> = y_p1.broadcast(const_shape![BLOCK_SIZE]);
        let y_ptrs: PointerTile<*mut E, { [BLOCK_SIZE] }> = y_pb.offset_tile(offs64);
        let y_tok = store_ptr_tko(
            y_ptrs,
            y_tile,
            ordering::Weak,
            None::<scope::TileBlock>,
            Some(y_mask),
            None,
            Latency::<0>,
        );
        let _ = y_tok;
    }
}
