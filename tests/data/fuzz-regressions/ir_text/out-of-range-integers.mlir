cuda_tile.module @m {
  entry @k(%a: tile<99999999999999999999xi32>) {
    return {x = 99999999999999999999999 : i64, y = 300 : i8}
  }
}
