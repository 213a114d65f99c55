cuda_tile.module @m {
entry @k(%p: tile<ptr<i32>>) {
  %z = constant <i32: 0> : tile<i32>
  %one = constant <i32: 1> : tile<i32>
  %n = constant <i32: 2147483647> : tile<i32>
  %s = for %i in (%z to %n, step %one) : tile<i32> iter_values(%acc = %z) -> (tile<i32>) {
    %t = addi %acc, %i : tile<i32>
    continue %t : tile<i32>
  }
  %ptr = offset %p, %z : tile<ptr<i32>>, tile<i32> -> tile<ptr<i32>>
  %tok = store_ptr_tko weak %ptr, %s : tile<ptr<i32>>, tile<i32> -> token
  return
}
}
