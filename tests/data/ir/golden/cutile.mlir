// cutile-ir printer style (cuTile Rust dumps): numeric names, untyped identities,
// `rounding X` / `overflow nsw`, integer-coded enums, entry hints as a full attribute.
cuda_tile.module @kernels {
  entry @k(%0: tile<ptr<f32>>, %1: tile<i32>) optimization_hints = #cuda_tile.optimization_hints<default = {occupancy = 2}> {
    %2 = constant <f32: -inf> : tile<128xf32>
    %3 = reduce %2 dim=0 identities=[-inf] : tile<128xf32> -> tile<f32> {
    ^bb0(%4: tile<f32>, %5: tile<f32>):
      %6 = maxf %4, %5 : tile<f32>
      yield %6 : tile<f32>
    }
    %7 = divi %1, %1 signed rounding negative_inf : tile<i32>
    %8 = addi %7, %1 overflow nsw : tile<i32>
    %9 = exp %3 {rounding_mode = 5} : tile<f32>
    %10, %11 = cuda_tile.loop iter_values(%12 = %8) : tile<i32> -> tile<i32>, tile<i32> {
      break %12, %12 : tile<i32>, tile<i32>
    }
    return
  }
}
