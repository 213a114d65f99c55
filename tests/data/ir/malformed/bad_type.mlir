cuda_tile.module @t {
  entry @k(%x: tile<f32>) {
    %0 = negf %x : tile<4xfloat32>
    %1 = negf %x : tensor<4xf32>
    %2 = negf %x : partition_view<tile=(4), f32>
    return
  }
}
