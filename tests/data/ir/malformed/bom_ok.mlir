cuda_tile.module @t {
  entry @k() {
    return
  }
}
