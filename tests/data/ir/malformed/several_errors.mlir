cuda_tile.module @t {
  entry @k(%x: tile<f32>) {
    %0 = negf %x : tile<f32>
    %1 = addf %0, %missing : tile<f32>
    %2 = constant <i8: 300> : tile<i8>
    %3 = constant <i32: [1, 2, 3]> : tile<2xi32>
    %4 = negf %0 : tile<f32> loc(#never_defined)
    %5 = frobnicate %0 : tile<f32>
    return
  }
}
