// Op family: atomics.
cuda_tile.module @atomics {
  entry @k(%ptrs: tile<8xptr<i32>>, %c: tile<8xi32>, %v: tile<8xi32>, %m: tile<8xi1>) {
    %o, %t = atomic_cas_tko acq_rel device %ptrs, %c, %v : tile<8xptr<i32>>, tile<8xi32> -> tile<8xi32>, token
    %o2, %t2 = atomic_rmw_tko relaxed sys %ptrs, add, %v, %m token=%t : tile<8xptr<i32>>, tile<8xi32>, tile<8xi1> -> tile<8xi32>, token
    return
  }
}
