// Op family: math.
cuda_tile.module @math {
  entry @k(%x: tile<f32>, %y: tile<f32>) {
    %0 = exp %x rounding<approx> : tile<f32>
    %1 = exp2 %x flush_to_zero : tile<f32>
    %2 = sqrt %x rounding<approx> : tile<f32>
    %3 = rsqrt %x flush_to_zero : tile<f32>
    %4 = tanh %x rounding<approx> : tile<f32>
    %5 = pow %x, %y : tile<f32>
    %6 = atan2 %x, %y : tile<f32>
    %7 = log2 %x : tile<f32>
    %8 = floor %x : tile<f32>
    return
  }
}
