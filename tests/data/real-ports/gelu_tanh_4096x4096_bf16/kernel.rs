// GELU (tanh approximation) forward — cuTile Rust port of TileGym
// src/tilegym/ops/cutile/activation/gelu.py `_gelu_kernel` with APPROXIMATE == GELU_TANH
// (only that branch is ported). Computed in the input dtype E, as the Python:
//   y = 0.5*x * (1 + tanh(sqrt(2/pi) * (x + 0.044715*x^3))),  tanh(z) = 2*sigmoid(2z) - 1,
//   sigmoid(z) = 1 / (1 + exp(-z)).
// The a*b + c forms that cuTile Python contracts (coeff*x^3 + x, 2*sig - 1) are written as fma.
// Float constants are f32 constants converted to E (E is generic; no E-typed float literals).

#[cutile::module]
pub mod gelu_module {
    use cutile::core::*;

    #[cutile::entry()]
    pub unsafe fn gelu_tanh_kernel<E: ElementType, const BLOCK_SIZE: i32>(
        y_ptr: *mut E,
        y_shape0: i32,
        y_stride0: i32,
        x_ptr: *mut E,
        x_shape0: i32,
        x_stride0: i32,
    ) {
        let y_ptr = unsafe { assume_div_by::<_, 16>(y_ptr) };
        let x_ptr = unsafe { assume_div_by::<_, 16>(x_ptr) };
        let y_shape0 = unsafe { assume_bounds_lower::<_, 0>(y_shape0) };
        let x_shape0 = unsafe { assume_bounds_lower::<_, 0>(x_shape0) };
        let _ = (y_stride0, x_stride0);

        let pid: i32 = get_tile_block_id().0;
        let block_start: i32 = pid * BLOCK_SIZE;
        let ar: Tile<i32, { [BLOCK_SIZE] }> = iota(const_shape![BLOCK_SIZE]);
        let base: Tile<i32, { [BLOCK_SIZE] }> = broadcast_scalar(block_start, const_shape![BLOCK_SIZE]);
        let offs: Tile<i32, { [BLOCK_SIZE] }> = ar + base;
        let offs64: Tile<i64, { [BLOCK_SIZE] }> = exti(offs);

        // gather x (padding 0)
        let x_mask: Tile<bool, { [BLOCK_SIZE] }> = {
            let l32: Tile<i32, { [] }> = scalar_to_tile(x_shape0);
            let l64: Tile<i64, { [] }> = exti(l32);
            let l: Tile<i64, { [BLOCK_SIZE] }> = l64.reshape(const_shape![1]).broadcast(const_shape![BLOCK_SIZE]);
            cmpi(offs64, l, predicate::LessThan)
        };
        let x_p0: PointerTile<*mut E, { [] }> = pointer_to_tile(x_ptr);
        let x_p1: PointerTile<*mut E, { [1] }> = x_p0.reshape(const_shape![1]);
        let x_pb: PointerTile<*mut E, { [BLOCK_SIZE] }> = x_p1.broadcast(const_shape![BLOCK_SIZE]);
        let x_ptrs: PointerTile<*mut E, { [BLOCK_SIZE] }> = x_pb.offset_tile(offs64);
        let zero_e: E = convert_scalar(0.0f32);
        let (x, _xt): (Tile<E, { [BLOCK_SIZE] }>, Token) = load_ptr_tko(
            x_ptrs, ordering::Weak, None::<scope::TileBlock>, Some(x_mask), Some(zero_e), None, Latency::<0>,
        );

        // constants in E
        let half_f: Tile<f32, { [BLOCK_SIZE] }> = constant(0.5f32, const_shape![BLOCK_SIZE]);
        let one_f: Tile<f32, { [BLOCK_SIZE] }> = constant(1.0f32, const_shape![BLOCK_SIZE]);
        let s2p_f: Tile<f32, { [BLOCK_SIZE] }> = constant(0.7978845608028654f32, const_shape![BLOCK_SIZE]);
        let coeff_f: Tile<f32, { [BLOCK_SIZE] }> = constant(0.044715f32, const_shape![BLOCK_SIZE]);
        let two_f: Tile<f32, { [BLOCK_SIZE] }> = constant(2.0f32, const_shape![BLOCK_SIZE]);
        let half: Tile<E, { [BLOCK_SIZE] }> = convert_tile(half_f);
        let one: Tile<E, { [BLOCK_SIZE] }> = convert_tile(one_f);
        let s2p: Tile<E, { [BLOCK_SIZE] }> = convert_tile(s2p_f);
        let coeff: Tile<E, { [BLOCK_SIZE] }> = convert_tile(coeff_f);
        let two: Tile<E, { [BLOCK_SIZE] }> = convert_tile(two_f);

        // gelu_tanh
        let x2: Tile<E, { [BLOCK_SIZE] }> = x * x;
        let x3: Tile<E, { [BLOCK_SIZE] }> = x2 * x;
        let inner: Tile<E, { [BLOCK_SIZE] }> = fma(coeff, x3, x, rounding::NearestEven, ftz::Disabled);
        let scaled: Tile<E, { [BLOCK_SIZE] }> = s2p * inner;
        let two_z: Tile<E, { [BLOCK_SIZE] }> = two * scaled;
        let neg: Tile<E, { [BLOCK_SIZE] }> = negf(two_z);
        let e: Tile<E, { [BLOCK_SIZE] }> = exp(neg);
        let denom: Tile<E, { [BLOCK_SIZE] }> = one + e;
        let sig: Tile<E, { [BLOCK_SIZE] }> = one / denom;
        let neg_one: Tile<E, { [BLOCK_SIZE] }> = negf(one);
        let tanh_v: Tile<E, { [BLOCK_SIZE] }> = fma(two, sig, neg_one, rounding::NearestEven, ftz::Disabled);
        let one_plus: Tile<E, { [BLOCK_SIZE] }> = one + tanh_v;
        let half_x: Tile<E, { [BLOCK_SIZE] }> = half * x;
        let y: Tile<E, { [BLOCK_SIZE] }> = half_x * one_plus;

        // scatter y (mask offs < y.shape0)
        let y_mask: Tile<bool, { [BLOCK_SIZE] }> = {
            let l32: Tile<i32, { [] }> = scalar_to_tile(y_shape0);
            let l64: Tile<i64, { [] }> = exti(l32);
            let l: Tile<i64, { [BLOCK_SIZE] }> = l64.reshape(const_shape![1]).broadcast(const_shape![BLOCK_SIZE]);
            cmpi(offs64, l, predicate::LessThan)
        };
        let y_p0: PointerTile<*mut E, { [] }> = pointer_to_tile(y_ptr);
        let y_p1: PointerTile<*mut E, { [1] }> = y_p0.reshape(const_shape![1]);
        let y_pb: PointerTile<*mut E, { [BLOCK_SIZE] }> = y_p1.broadcast(const_shape![BLOCK_SIZE]);
        let y_ptrs: PointerTile<*mut E, { [BLOCK_SIZE] }> = y_pb.offset_tile(offs64);
        let _yt = store_ptr_tko(y_ptrs, y, ordering::Weak, None::<scope::TileBlock>, Some(y_mask), None, Latency::<0>);
    }
}
