cuda_tile.module @t {
  entry @k(%x: tile<f32>) {
    return
  }
}
}
