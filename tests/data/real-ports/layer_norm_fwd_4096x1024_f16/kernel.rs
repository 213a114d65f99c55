// LayerNorm forward — cuTile Rust port of TileGym src/tilegym/ops/cutile/layer_norm_legacy.py
// `_layer_norm_fwd_kernel`: one block per row, three column loops of BLOCK_SIZE (mean, variance,
// normalize), pointer gather/scatter with (row < shape0) & (col < shape1) masks and padding 0,
// x*x+var and x_hat*w+b as fma (what cuTile Python emits), mean/rstd scattered as 1-element tiles,
// y scatters chained by a loop-carried token (as the reference).
// N is ct.Constant[int] in Python -> const generic here. EPS / WEIGHT_SHIFT are ct.Constant[float]
// in Python; Rust const generics cannot be f32, so they are runtime f32 scalars here.

#[cutile::module]
pub mod layer_norm_module {
    use cutile::core::*;

    #[cutile::entry()]
    pub unsafe fn layer_norm_fwd_kernel<E: ElementType, const N: i32, const BLOCK_SIZE: i32>(
        x_ptr: *mut E,
        x_shape0: i32,
        x_shape1: i32,
        x_stride0: i32,
        x_stride1: i32,
        y_ptr: *mut E,
        y_shape0: i32,
        y_shape1: i32,
        y_stride0: i32,
        y_stride1: i32,
        w_ptr: *mut E,
        w_shape0: i32,
        w_stride0: i32,
        b_ptr: *mut E,
        b_shape0: i32,
        b_stride0: i32,
        mean_ptr: *mut f32,
        mean_shape0: i32,
        mean_stride0: i32,
        rstd_ptr: *mut f32,
        rstd_shape0: i32,
        rstd_stride0: i32,
        eps: f32,
        weight_shift: f32,
    ) {
        let x_ptr = unsafe { assume_div_by::<_, 16>(x_ptr) };
        let y_ptr = unsafe { assume_div_by::<_, 16>(y_ptr) };
        let w_ptr = unsafe { assume_div_by::<_, 16>(w_ptr) };
        let b_ptr = unsafe { assume_div_by::<_, 16>(b_ptr) };
        let mean_ptr = unsafe { assume_div_by::<_, 16>(mean_ptr) };
        let rstd_ptr = unsafe { assume_div_by::<_, 16>(rstd_ptr) };
        let x_shape0 = unsafe { assume_bounds_lower::<_, 0>(x_shape0) };
        let x_shape1 = unsafe { assume_bounds_lower::<_, 0>(x_shape1) };
        let x_stride0 = unsafe { assume_bounds_lower::<_, 0>(x_stride0) };
        let y_shape0 = unsafe { assume_bounds_lower::<_, 0>(y_shape0) };
        let y_shape1 = unsafe { assume_bounds_lower::<_, 0>(y_shape1) };
        let y_stride0 = unsafe { assume_bounds_lower::<_, 0>(y_stride0) };
        let w_shape0 = unsafe { assume_bounds_lower::<_, 0>(w_shape0) };
        let b_shape0 = unsafe { assume_bounds_lower::<_, 0>(b_shape0) };
        let mean_shape0 = unsafe { assume_bounds_lower::<_, 0>(mean_shape0) };
        let rstd_shape0 = unsafe { assume_bounds_lower::<_, 0>(rstd_shape0) };
        let _ = (x_stride1, y_stride1, w_stride0, b_stride0, mean_stride0, rstd_stride0);

        let zero_e: E = convert_scalar(0.0f32);
        let row: i32 = get_tile_block_id().0;
        let row_tile: Tile<i32, { [BLOCK_SIZE] }> = broadcast_scalar(row, const_shape![BLOCK_SIZE]);
        let row64: Tile<i64, { [BLOCK_SIZE] }> = exti(row_tile);
        let ar: Tile<i32, { [BLOCK_SIZE] }> = iota(const_shape![BLOCK_SIZE]);

        // X row mask and row base offset (row < X.shape0; row * X.stride0)
        let x_row_ok: Tile<bool, { [BLOCK_SIZE] }> = {
            let l32: Tile<i32, { [] }> = scalar_to_tile(x_shape0);
            let l64: Tile<i64, { [] }> = exti(l32);
            let l: Tile<i64, { [BLOCK_SIZE] }> = l64.reshape(const_shape![1]).broadcast(const_shape![BLOCK_SIZE]);
            cmpi(row64, l, predicate::LessThan)
        };
        let x_row_off: Tile<i64, { [BLOCK_SIZE] }> = {
            let s32: Tile<i32, { [] }> = scalar_to_tile(x_stride0);
            let s64: Tile<i64, { [] }> = exti(s32);
            let s: Tile<i64, { [BLOCK_SIZE] }> = s64.reshape(const_shape![1]).broadcast(const_shape![BLOCK_SIZE]);
            row64 * s
        };
        let x_col_lim: Tile<i64, { [BLOCK_SIZE] }> = {
            let l32: Tile<i32, { [] }> = scalar_to_tile(x_shape1);
            let l64: Tile<i64, { [] }> = exti(l32);
            l64.reshape(const_shape![1]).broadcast(const_shape![BLOCK_SIZE])
        };
        let x_base: PointerTile<*mut E, { [BLOCK_SIZE] }> = {
            let p0: PointerTile<*mut E, { [] }> = pointer_to_tile(x_ptr);
            let p1: PointerTile<*mut E, { [1] }> = p0.reshape(const_shape![1]);
            p1.broadcast(const_shape![BLOCK_SIZE])
        };

        // ── pass 1: mean ──
        let mut acc_m: Tile<f32, { [BLOCK_SIZE] }> = constant(0.0f32, const_shape![BLOCK_SIZE]);
        for off in (0i32..N).step_by(BLOCK_SIZE as usize) {
            let offt: Tile<i32, { [BLOCK_SIZE] }> = broadcast_scalar(off, const_shape![BLOCK_SIZE]);
            let cols: Tile<i32, { [BLOCK_SIZE] }> = offt + ar;
            let cols64: Tile<i64, { [BLOCK_SIZE] }> = exti(cols);
            let col_ok: Tile<bool, { [BLOCK_SIZE] }> = cmpi(cols64, x_col_lim, predicate::LessThan);
            let mask: Tile<bool, { [BLOCK_SIZE] }> = andi(x_row_ok, col_ok);
            let x_off: Tile<i64, { [BLOCK_SIZE] }> = x_row_off + cols64;
            let ptrs: PointerTile<*mut E, { [BLOCK_SIZE] }> = x_base.offset_tile(x_off);
            let (a, _t): (Tile<E, { [BLOCK_SIZE] }>, Token) = load_ptr_tko(
                ptrs, ordering::Weak, None::<scope::TileBlock>, Some(mask), Some(zero_e), None, Latency::<0>,
            );
            let af: Tile<f32, { [BLOCK_SIZE] }> = convert_tile(a);
            acc_m = acc_m + af;
        }
        let n_f: f32 = convert_scalar(N);
        let n_t: Tile<f32, { [] }> = scalar_to_tile(n_f);
        let sum_m: Tile<f32, { [] }> = reduce_sum(acc_m, 0i32);
        let mean: Tile<f32, { [] }> = sum_m / n_t;
        let mean_b: Tile<f32, { [BLOCK_SIZE] }> = mean.reshape(const_shape![1]).broadcast(const_shape![BLOCK_SIZE]);

        // ── pass 2: variance ──
        let zeros: Tile<f32, { [BLOCK_SIZE] }> = constant(0.0f32, const_shape![BLOCK_SIZE]);
        let n_tile: Tile<i32, { [BLOCK_SIZE] }> = broadcast_scalar(N, const_shape![BLOCK_SIZE]);
        let mut acc_v: Tile<f32, { [BLOCK_SIZE] }> = constant(0.0f32, const_shape![BLOCK_SIZE]);
        for off in (0i32..N).step_by(BLOCK_SIZE as usize) {
            let offt: Tile<i32, { [BLOCK_SIZE] }> = broadcast_scalar(off, const_shape![BLOCK_SIZE]);
            let cols: Tile<i32, { [BLOCK_SIZE] }> = offt + ar;
            let cols64: Tile<i64, { [BLOCK_SIZE] }> = exti(cols);
            let col_ok: Tile<bool, { [BLOCK_SIZE] }> = cmpi(cols64, x_col_lim, predicate::LessThan);
            let mask: Tile<bool, { [BLOCK_SIZE] }> = andi(x_row_ok, col_ok);
            let x_off: Tile<i64, { [BLOCK_SIZE] }> = x_row_off + cols64;
            let ptrs: PointerTile<*mut E, { [BLOCK_SIZE] }> = x_base.offset_tile(x_off);
            let (xv, _t): (Tile<E, { [BLOCK_SIZE] }>, Token) = load_ptr_tko(
                ptrs, ordering::Weak, None::<scope::TileBlock>, Some(mask), Some(zero_e), None, Latency::<0>,
            );
            let xf: Tile<f32, { [BLOCK_SIZE] }> = convert_tile(xv);
            let in_n: Tile<bool, { [BLOCK_SIZE] }> = cmpi(cols, n_tile, predicate::LessThan);
            let xd: Tile<f32, { [BLOCK_SIZE] }> = xf - mean_b;
            let xc: Tile<f32, { [BLOCK_SIZE] }> = select(in_n, xd, zeros);
            acc_v = fma(xc, xc, acc_v, rounding::NearestEven, ftz::Disabled);
        }
        let sum_v: Tile<f32, { [] }> = reduce_sum(acc_v, 0i32);
        let var: Tile<f32, { [] }> = sum_v / n_t;
        let eps_t: Tile<f32, { [] }> = scalar_to_tile(eps);
        let var_eps: Tile<f32, { [] }> = var + eps_t;
        let rstd: Tile<f32, { [] }> = rsqrt(var_eps, ftz::Disabled);

        // ── mean / rstd: 1-element scatters at [row] (mask row < shape0) ──
        let row_s: Tile<i32, { [] }> = scalar_to_tile(row);
        let row1: Tile<i32, { [1] }> = row_s.reshape(const_shape![1]);
        let row1_64: Tile<i64, { [1] }> = exti(row1);
        {
            let v: Tile<f32, { [1] }> = mean.reshape(const_shape![1]);
            let l32: Tile<i32, { [] }> = scalar_to_tile(mean_shape0);
            let l64: Tile<i64, { [] }> = exti(l32);
            let l1: Tile<i64, { [1] }> = l64.reshape(const_shape![1]);
            let m: Tile<bool, { [1] }> = cmpi(row1_64, l1, predicate::LessThan);
            let p0: PointerTile<*mut f32, { [] }> = pointer_to_tile(mean_ptr);
            let p1: PointerTile<*mut f32, { [1] }> = p0.reshape(const_shape![1]);
            let p: PointerTile<*mut f32, { [1] }> = p1.offset_tile(row1_64);
            let p = unsafe { assume_div_by::<_, 4>(p) };
            let _tk = store_ptr_tko(p, v, ordering::Weak, None::<scope::TileBlock>, Some(m), None, Latency::<0>);
        }
        {
            let v: Tile<f32, { [1] }> = rstd.reshape(const_shape![1]);
            let l32: Tile<i32, { [] }> = scalar_to_tile(rstd_shape0);
            let l64: Tile<i64, { [] }> = exti(l32);
            let l1: Tile<i64, { [1] }> = l64.reshape(const_shape![1]);
            let m: Tile<bool, { [1] }> = cmpi(row1_64, l1, predicate::LessThan);
            let p0: PointerTile<*mut f32, { [] }> = pointer_to_tile(rstd_ptr);
            let p1: PointerTile<*mut f32, { [1] }> = p0.reshape(const_shape![1]);
            let p: PointerTile<*mut f32, { [1] }> = p1.offset_tile(row1_64);
            let p = unsafe { assume_div_by::<_, 4>(p) };
            let _tk = store_ptr_tko(p, v, ordering::Weak, None::<scope::TileBlock>, Some(m), None, Latency::<0>);
        }

        // ── pass 3: normalize, y = (x - mean) * rstd * (w + shift) + b ──
        let w_lim: Tile<i64, { [BLOCK_SIZE] }> = {
            let l32: Tile<i32, { [] }> = scalar_to_tile(w_shape0);
            let l64: Tile<i64, { [] }> = exti(l32);
            l64.reshape(const_shape![1]).broadcast(const_shape![BLOCK_SIZE])
        };
        let w_base: PointerTile<*mut E, { [BLOCK_SIZE] }> = {
            let p0: PointerTile<*mut E, { [] }> = pointer_to_tile(w_ptr);
            let p1: PointerTile<*mut E, { [1] }> = p0.reshape(const_shape![1]);
            p1.broadcast(const_shape![BLOCK_SIZE])
        };
        let shift_s: Tile<f32, { [] }> = scalar_to_tile(weight_shift);
        let shift_b: Tile<f32, { [BLOCK_SIZE] }> = shift_s.reshape(const_shape![1]).broadcast(const_shape![BLOCK_SIZE]);
        let shift_e: Tile<E, { [BLOCK_SIZE] }> = convert_tile(shift_b);
        let b_lim: Tile<i64, { [BLOCK_SIZE] }> = {
            let l32: Tile<i32, { [] }> = scalar_to_tile(b_shape0);
            let l64: Tile<i64, { [] }> = exti(l32);
            l64.reshape(const_shape![1]).broadcast(const_shape![BLOCK_SIZE])
        };
        let b_base: PointerTile<*mut E, { [BLOCK_SIZE] }> = {
            let p0: PointerTile<*mut E, { [] }> = pointer_to_tile(b_ptr);
            let p1: PointerTile<*mut E, { [1] }> = p0.reshape(const_shape![1]);
            p1.broadcast(const_shape![BLOCK_SIZE])
        };
        let rstd_b: Tile<f32, { [BLOCK_SIZE] }> = rstd.reshape(const_shape![1]).broadcast(const_shape![BLOCK_SIZE]);
        let y_row_ok: Tile<bool, { [BLOCK_SIZE] }> = {
            let l32: Tile<i32, { [] }> = scalar_to_tile(y_shape0);
            let l64: Tile<i64, { [] }> = exti(l32);
            let l: Tile<i64, { [BLOCK_SIZE] }> = l64.reshape(const_shape![1]).broadcast(const_shape![BLOCK_SIZE]);
            cmpi(row64, l, predicate::LessThan)
        };
        let y_row_off: Tile<i64, { [BLOCK_SIZE] }> = {
            let s32: Tile<i32, { [] }> = scalar_to_tile(y_stride0);
            let s64: Tile<i64, { [] }> = exti(s32);
            let s: Tile<i64, { [BLOCK_SIZE] }> = s64.reshape(const_shape![1]).broadcast(const_shape![BLOCK_SIZE]);
            row64 * s
        };
        let y_col_lim: Tile<i64, { [BLOCK_SIZE] }> = {
            let l32: Tile<i32, { [] }> = scalar_to_tile(y_shape1);
            let l64: Tile<i64, { [] }> = exti(l32);
            l64.reshape(const_shape![1]).broadcast(const_shape![BLOCK_SIZE])
        };
        let y_base: PointerTile<*mut E, { [BLOCK_SIZE] }> = {
            let p0: PointerTile<*mut E, { [] }> = pointer_to_tile(y_ptr);
            let p1: PointerTile<*mut E, { [1] }> = p0.reshape(const_shape![1]);
            p1.broadcast(const_shape![BLOCK_SIZE])
        };
        let mut tok: Token = new_token_unordered();
        for off in (0i32..N).step_by(BLOCK_SIZE as usize) {
            let offt: Tile<i32, { [BLOCK_SIZE] }> = broadcast_scalar(off, const_shape![BLOCK_SIZE]);
            let cols: Tile<i32, { [BLOCK_SIZE] }> = offt + ar;
            let cols64: Tile<i64, { [BLOCK_SIZE] }> = exti(cols);
            let w_ptrs: PointerTile<*mut E, { [BLOCK_SIZE] }> = w_base.offset_tile(cols64);
            let w_mask: Tile<bool, { [BLOCK_SIZE] }> = cmpi(cols64, w_lim, predicate::LessThan);
            let (wv, _t1): (Tile<E, { [BLOCK_SIZE] }>, Token) = load_ptr_tko(
                w_ptrs, ordering::Weak, None::<scope::TileBlock>,
                Some(w_mask), Some(zero_e), None, Latency::<0>,
            );
            // w = w + WEIGHT_SHIFT in the input dtype E (as the Python), then widened for the fma
            let ws_e: Tile<E, { [BLOCK_SIZE] }> = wv + shift_e;
            let ws: Tile<f32, { [BLOCK_SIZE] }> = convert_tile(ws_e);
            let b_ptrs: PointerTile<*mut E, { [BLOCK_SIZE] }> = b_base.offset_tile(cols64);
            let b_mask: Tile<bool, { [BLOCK_SIZE] }> = cmpi(cols64, b_lim, predicate::LessThan);
            let (bv, _t2): (Tile<E, { [BLOCK_SIZE] }>, Token) = load_ptr_tko(
                b_ptrs, ordering::Weak, None::<scope::TileBlock>,
                Some(b_mask), Some(zero_e), None, Latency::<0>,
            );
            let bf: Tile<f32, { [BLOCK_SIZE] }> = convert_tile(bv);
            let xcol_ok: Tile<bool, { [BLOCK_SIZE] }> = cmpi(cols64, x_col_lim, predicate::LessThan);
            let xmask: Tile<bool, { [BLOCK_SIZE] }> = andi(x_row_ok, xcol_ok);
            let x_off3: Tile<i64, { [BLOCK_SIZE] }> = x_row_off + cols64;
            let x_ptrs3: PointerTile<*mut E, { [BLOCK_SIZE] }> = x_base.offset_tile(x_off3);
            let (xv, _t3): (Tile<E, { [BLOCK_SIZE] }>, Token) = load_ptr_tko(
                x_ptrs3, ordering::Weak, None::<scope::TileBlock>,
                Some(xmask), Some(zero_e), None, Latency::<0>,
            );
            let xf: Tile<f32, { [BLOCK_SIZE] }> = convert_tile(xv);
            let xm: Tile<f32, { [BLOCK_SIZE] }> = xf - mean_b;
            let xhat: Tile<f32, { [BLOCK_SIZE] }> = xm * rstd_b;
            let yf: Tile<f32, { [BLOCK_SIZE] }> = fma(xhat, ws, bf, rounding::NearestEven, ftz::Disabled);
            let ye: Tile<E, { [BLOCK_SIZE] }> = convert_tile(yf);
            let ycol_ok: Tile<bool, { [BLOCK_SIZE] }> = cmpi(cols64, y_col_lim, predicate::LessThan);
            let ymask: Tile<bool, { [BLOCK_SIZE] }> = andi(y_row_ok, ycol_ok);
            let y_off: Tile<i64, { [BLOCK_SIZE] }> = y_row_off + cols64;
            let y_ptrs: PointerTile<*mut E, { [BLOCK_SIZE] }> = y_base.offset_tile(y_off);
            tok = store_ptr_tko(
                y_ptrs, ye, ordering::Weak, None::<scope::TileBlock>,
                Some(ymask), Some(tok), Latency::<0>,
            );
        }
    }
}
