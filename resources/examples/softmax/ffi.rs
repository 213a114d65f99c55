// TileLens example workspace: C-ABI launcher of the softmax port (stage D).
// Illustrative: written for the TileLens example in the style of a TileGym
// cutile-rs port, not built against a crate.
//
// One exported symbol, `cutile_softmax`, called through cffi by the Python
// wrapper ops/cutile_rs/softmax.py. Tensors arrive as `TensorDesc`
// (crate::ffi_util); `borrow_tensor` wraps the PyTorch memory without owning it.
//
//   y: [n_rows, n_cols] (output)   x: [n_rows, n_cols] (input), same dtype
//
// const-generic order (from #[cutile::entry]): <E, N_ROWS, TILE_SIZE>
// grid: (min(num_programs, n_rows), 1, 1), persistent over rows.

use core::ffi::c_void;
use cuda_core::{Device, Stream};
use cutile::half::{bf16, f16};
use cutile::prelude::*;
use cutile::tile_kernel::{CompileOptions, TileKernel};

use crate::ffi_util::{TensorDesc, borrow_tensor, rc};
use softmax_module::softmax_kernel;

/// Smallest tile width handed to the kernel. Keeps the number of distinct
/// TILE_SIZE specialisations (and JIT compiles) small for narrow rows.
const MIN_TILE_SIZE: i32 = 512;

/// Widest row that fits one tile (same bound as the reference).
const MAX_TILE_SIZE: i32 = 8192;

fn tile_size_for(n_cols: i32) -> i32 {
    let pow2 = (n_cols.max(1) as u32).next_power_of_two() as i32;
    pow2.max(MIN_TILE_SIZE)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cutile_softmax(
    y: *const TensorDesc,
    x: *const TensorDesc,
    // persistent grid size computed by the wrapper (num_sms * occupancy)
    num_programs: i32,
    // compile options: <= 0 means compiler default
    num_cta_in_cga: i32,
    occupancy: i32,
    // CUDA device ordinal of the tensors and the stream
    device_id: i32,
    raw_stream: u64,
) -> i32 {
    let (y_d, x_d) = crate::deref_descs!(y, x);
    let dty: &'static str = crate::resolve_dtype!(x_d);
    if x_d.ndim != 2 || y_d.ndim != 2 || x_d.dtype != y_d.dtype {
        return rc::INVALID_ARGS;
    }
    let n_rows = x_d.dim(0);
    let n_cols = x_d.dim(1);
    if n_rows <= 0 || n_cols <= 0 || num_programs <= 0 {
        return rc::INVALID_ARGS;
    }
    let tile_size = tile_size_for(n_cols);
    if tile_size > MAX_TILE_SIZE {
        return rc::INVALID_ARGS;
    }
    let grid_x = num_programs.min(n_rows) as u32;

    if device_id < 0 {
        return rc::DEVICE_INIT_FAILED;
    }
    let device = match Device::new(device_id as usize) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("cutile_softmax: Device::new failed: {e:?}");
            return rc::DEVICE_INIT_FAILED;
        }
    };
    let stream = unsafe { Stream::borrow_raw(raw_stream as *mut c_void, &device) };

    macro_rules! dispatch {
        ($E:ty) => {{
            // Borrowed views of the PyTorch tensors; dropping them frees nothing.
            let y_t = unsafe { borrow_tensor::<$E>(y_d) };
            let x_t = unsafe { borrow_tensor::<$E>(x_d) };

            // generics: <E, N_ROWS, TILE_SIZE>
            let generics = vec![dty.to_string(), n_rows.to_string(), tile_size.to_string()];
            let opts = crate::compile_options!(occupancy, num_cta_in_cga);

            let op = unsafe { softmax_kernel(&*y_t, &*x_t) }
                .generics(generics)
                .grid((grid_x, 1, 1))
                .compile_options(opts);
            match op.sync_on(&stream) {
                Ok(_) => rc::OK,
                Err(e) => {
                    eprintln!("cutile_softmax: launch error: {e:?}");
                    rc::LAUNCH_FAILED
                }
            }
        }};
    }

    crate::dispatch_by_dtype!(dty, dispatch, f32, f16, bf16)
}
