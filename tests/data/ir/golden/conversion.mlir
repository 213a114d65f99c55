// Op family: conversions.
cuda_tile.module @conv {
  entry @k(%i: tile<8xi32>, %f: tile<8xf32>, %p: tile<ptr<f32>>, %n: tile<8xi8>) {
    %0 = exti %n signed : tile<8xi8> -> tile<8xi32>
    %1 = trunci %i overflow<no_unsigned_wrap> : tile<8xi32> -> tile<8xi8>
    %2 = ftof %f rounding<zero> : tile<8xf32> -> tile<8xbf16>
    %3 = ftoi %f signed : tile<8xf32> -> tile<8xi32>
    %4 = itof %i unsigned rounding<nearest_even> : tile<8xi32> -> tile<8xf32>
    %5 = bitcast %f : tile<8xf32> -> tile<8xi32>
    %6 = ptr_to_int %p : tile<ptr<f32>> -> tile<i64>
    %7 = int_to_ptr %6 : tile<i64> -> tile<ptr<f16>>
    %8 = ptr_to_ptr %p : tile<ptr<f32>> -> tile<ptr<i8>>
    return
  }
}
