// Op family: views (tensor / partition / strided / gather-scatter) with view loads and stores.
cuda_tile.module @views {
  entry @k(%p: tile<ptr<f32>>, %n: tile<i32>, %i: tile<i32>, %rows: tile<8xi32>) {
    %tv = make_tensor_view %p, shape = [%n, 64], strides = [64, 1] : tile<i32> -> tensor_view<?x64xf32, strides=[64,1]>
    %pv = make_partition_view %tv : partition_view<tile=(16x64), padding_value = zero, tensor_view<?x64xf32, strides=[64,1]>, dim_map=[1, 0]>
    %sv = make_strided_view %tv : strided_view<tile=(8x8), traversal_strides=[2,1], tensor_view<?x64xf32, strides=[64,1]>>
    %gv = make_gather_scatter_view %tv : gather_scatter_view<tile=(8x64), tensor_view<?x64xf32, strides=[64,1]>, sparse_dim = 0>
    %x, %t = load_view_tko weak %pv[%i, %i] : partition_view<tile=(16x64), padding_value = zero, tensor_view<?x64xf32, strides=[64,1]>, dim_map=[1, 0]>, tile<i32> -> tile<16x64xf32>, token
    %t2 = store_view_tko release device %x, %pv[%i, %i] token = %t : tile<16x64xf32>, partition_view<tile=(16x64), padding_value = zero, tensor_view<?x64xf32, strides=[64,1]>, dim_map=[1, 0]>, tile<i32> -> token
    %d0, %d1 = get_tensor_shape %tv : tensor_view<?x64xf32, strides=[64,1]> -> tile<i64>
    %s0, %s1 = get_index_space_shape %pv : partition_view<tile=(16x64), padding_value = zero, tensor_view<?x64xf32, strides=[64,1]>, dim_map=[1, 0]> -> tile<i32>
    return
  }
}
