// Op family: control flow (for / if / loop with iter values, break, continue, yield).
cuda_tile.module @cf {
  entry @k(%lb: tile<i32>, %ub: tile<i32>, %c: tile<i1>, %x: tile<f32>) {
    %step = constant <i32: 1> : tile<i32>
    %r = for unsigned %iv in (%lb to %ub, step %step) : tile<i32> iter_values(%acc = %x) -> (tile<f32>) {
      %n = addf %acc, %acc : tile<f32>
      continue %n : tile<f32>
    }
    %s = if %c -> (tile<f32>) {
      yield %r : tile<f32>
    } else {
      yield %x : tile<f32>
    }
    if %c {
      print_tko "no else\0A" -> token
    }
    %l:2 = loop iter_values(%a = %lb, %b = %x) : tile<i32>, tile<f32> -> tile<i32>, tile<f32> {
      %done = cmpi greater_than %a, %ub, signed : tile<i32> -> tile<i1>
      if %done {
        break %a, %b : tile<i32>, tile<f32>
      }
      %a1 = addi %a, %step : tile<i32>
      continue %a1, %b : tile<i32>, tile<f32>
    }
    %last = addf %l#1, %s : tile<f32>
    return
  }
}
