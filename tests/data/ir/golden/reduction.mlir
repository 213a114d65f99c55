// Op family: reductions (C++ printer form with block arguments before the region).
cuda_tile.module @red {
  entry @k(%x: tile<8x16xf32>, %y: tile<16xi32>) {
    %r = reduce %x dim=1 identities=[0.000000e+00 : f32] : tile<8x16xf32> -> tile<8xf32>
      (%e: tile<f32>, %acc: tile<f32>) {
        %s = addf %e, %acc : tile<f32>
        yield %s : tile<f32>
      }
    %c = scan %y dim=0 reverse=true identities=[0 : i32] : tile<16xi32> -> tile<16xi32>
      (%e2: tile<i32>, %acc2: tile<i32>) {
        %m = maxi %e2, %acc2 signed : tile<i32>
        yield %m : tile<i32>
      }
    return
  }
}
