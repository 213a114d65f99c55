cuda_tile.module @m {
entry @k(%p: tile<ptr<f32>>, %n: tile<i32>, %s: tile<i32>) {
  %bx, %by, %bz = get_tile_block_id : tile<i32>
  %tv = make_tensor_view %p, shape = [%n], strides = [%s] : tile<i32> -> tensor_view<?xf32, strides=[?]>
  %pv = make_partition_view %tv : partition_view<tile=(16), tensor_view<?xf32, strides=[?]>>
  %v, %t = load_view_tko weak %pv[%bx] : partition_view<tile=(16), tensor_view<?xf32, strides=[?]>>, tile<i32> -> tile<16xf32>, token
  %t2 = store_view_tko weak %v, %pv[%bx] : tile<16xf32>, partition_view<tile=(16), tensor_view<?xf32, strides=[?]>>, tile<i32> -> token
  return
}
}
