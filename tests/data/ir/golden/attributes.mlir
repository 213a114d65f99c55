// Attribute forms: typed/untyped ints, hex and decimal floats, bools, strings with
// escapes, unit flags, enums, arrays, dictionaries, dense arrays, type and symbol refs.
cuda_tile.module @attrs {
  entry @k(%x: tile<f32>) {
    %0 = negf %x {i = 2, j = 3 : i32, f = 1.5 : f32, h = 0x7F800000 : f32, b = true, s = "a\0Ab\"c", u, e = #cuda_tile.rounding<zero>, arr = [1, 2.5 : f64, "x"], d = {k = 1 : i16}, da = array<i32: 1, 0>, t = tile<4xf16>, sym = @foo, ov = #cuda_tile.overflow<no_wrap>} : tile<f32>
    return
  }
}
