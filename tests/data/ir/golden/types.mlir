// Type forms: short and long spellings, 0-d tiles, pointers, dynamic dims, all views, token.
cuda_tile.module @types {
  testing$func @k(%a: tile<f32>, %b: !cuda_tile.tile<2x4xf8E4M3FN>, %c: tile<4xptr<bf16>>, %d: !cuda_tile.tensor_view<?x?xf32, strides=[?,1]>, %e: tensor_view<f64>, %f: partition_view<tile=(4x4), padding_value = neg_inf, !cuda_tile.tensor_view<8x8xf16, strides=[8,1]>, dim_map=[0, 1]>, %g: token, %h: tile<16xf4E2M1FN>, %i: tile<8xtf32>) -> tile<f32> {
    return %a : tile<f32>
  }
}
