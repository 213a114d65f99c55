cuda_tile.module @t {
  entry @k(%x: tile<f32>) {
    %0 = negf %x : tile<f32>
    %1 = addf %0, %0 : tile<
