// Dense constants: splat, nested lists, hex bit patterns, i8 wrap-around, i1, quoted hex blob.
cuda_tile.module @dense {
  entry @k() {
    %0 = constant <f32: 1.5> : tile<4xf32>
    %1 = constant <i32: [[1, 2], [3, 4]]> : tile<2x2xi32>
    %2 = constant <f32: [0x3F800000, 0x7F800000]> : tile<2xf32>
    %3 = constant <i8: [255, -1, 0x7F, 1]> : tile<4xi8>
    %4 = constant <i1: [true, false]> : tile<2xi1>
    %5 = constant <f16: "0x003C0040"> : tile<2xf16>
    %6 = constant <i32: [5, 5, 5]> : tile<3xi32>
    %7 = constant <f64: 2.7182818284590451> : tile<f64>
    return
  }
}
