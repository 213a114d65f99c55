cuda_tile.module @t {
  entry @k(%x: tile<f32>) {
    %0 = negf %y : tile<f32>
    %1 = addf %0, %nope : tile<f32>
    %2:2 = get_tile_block_id : tile<i32>
    %3 = addi %2#5, %2#0 : tile<i32>
    return
  }
}
