// Op family: arithmetic (custom syntax of the C++ printer).
cuda_tile.module @arith {
  entry @k(%a: tile<i32>, %b: tile<i32>, %x: tile<f32>, %y: tile<f32>) {
    %0 = addi %a, %b overflow<no_signed_wrap> : tile<i32>
    %1 = subi %a, %b : tile<i32>
    %2 = muli %a, %b overflow<no_wrap> : tile<i32>
    %3 = divi %a, %b signed rounding<negative_inf> : tile<i32>
    %4 = remi %a, %b unsigned : tile<i32>
    %5 = addf %x, %y rounding<zero> flush_to_zero : tile<f32>
    %6 = divf %x, %y rounding<approx> flush_to_zero : tile<f32>
    %7 = fma %x, %y, %x rounding<positive_inf> : tile<f32>
    %8 = maxf %x, %y propagate_nan flush_to_zero : tile<f32>
    %9 = cmpi less_than %a, %b, signed : tile<i32> -> tile<i1>
    %10 = cmpf greater_than_or_equal unordered %x, %y : tile<f32> -> tile<i1>
    %11 = select %9, %x, %y : tile<i1>, tile<f32>
    %12 = andi %9, %10 : tile<i1>
    %13 = shri %a, %b unsigned : tile<i32>
    %14 = mulhii %a, %b : tile<i32>
    %15 = negi %a overflow<no_signed_wrap> : tile<i32>
    return
  }
}
