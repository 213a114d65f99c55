// Op family: shape ops.
cuda_tile.module @shape {
  entry @k(%a: tile<2x8xf32>, %b: tile<2x8xf32>, %i: tile<i32>) {
    %0 = cat %a, %b dim = 0 : tile<2x8xf32>, tile<2x8xf32> -> tile<4x8xf32>
    %1 = permute %0 [1, 0] : tile<4x8xf32> -> tile<8x4xf32>
    %2 = reshape %1 : tile<8x4xf32> -> tile<32xf32>
    %3 = extract %a[%i, %i] : tile<2x8xf32> -> tile<1x4xf32>
    %4 = iota : tile<16xi32>
    %5 = broadcast %3 : tile<1x4xf32> -> tile<4x4xf32>
    return
  }
}
