// TileLens example workspace: C-ABI launcher of the matmul port (stage D).
// Illustrative, in the style of TileGym's in-tree ffi.rs files; not built.
//
// cutile_matmul(c, a, b, static_persistent, tile_m, tile_n, tile_k, group_size_m,
//               num_cta_in_cga, occupancy, device_id, stream) -> rc
// rc: 0 ok, -2 dtype, -3 launch, -4 device, -5 null, -6 invalid args.
// num_cta_in_cga / occupancy: -1 = auto (the autotuner passes the chosen config).

use crate::ffi_util::{borrow_tensor, TensorDesc};
use cutile::api::*;

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cutile_matmul(
    c: *const TensorDesc,
    a: *const TensorDesc,
    b: *const TensorDesc,
    static_persistent: i32,
    tile_m: i32,
    tile_n: i32,
    tile_k: i32,
    group_size_m: i32,
    num_cta_in_cga: i32,
    occupancy: i32,
    device_id: i32,
    stream: u64,
) -> i32 {
    if c.is_null() || a.is_null() || b.is_null() {
        return -5;
    }
    let device = match Device::new(device_id) {
        Ok(d) => d,
        Err(_) => return -4,
    };
    let (c, a, b) = unsafe { (borrow_tensor(&*c), borrow_tensor(&*a), borrow_tensor(&*b)) };
    let dtype = a.dtype_str();
    if dtype != "f16" && dtype != "bf16" && dtype != "f32" {
        return -2;
    }
    let mut options = CompileOptions::default();
    if num_cta_in_cga > 0 {
        options = options.num_cta_in_cga(num_cta_in_cga);
    }
    if occupancy > 0 {
        options = options.occupancy(occupancy);
    }
    let (m, n) = (a.shape()[0], b.shape()[1]);
    let result = if static_persistent != 0 {
        let grid = (device.num_sms() * occupancy.max(1), 1, 1);
        launch(&device, stream, "static_persistent_matmul_kernel", dtype,
               &[tile_m, tile_n, tile_k, group_size_m], grid, options, (&c, &a, &b))
    } else {
        let grid = ((m + tile_m - 1) / tile_m, (n + tile_n - 1) / tile_n, 1);
        launch(&device, stream, "plain_matmul_kernel", dtype, &[tile_m, tile_n, tile_k], grid, options, (&c, &a, &b))
    };
    match result {
        Ok(()) => 0,
        Err(_) => -3,
    }
}
