cuda_tile.module @bmm_module {
  entry @non_persistent_bmm_kernel_entry(%0: tile<ptr<f16>>, %1: tile<i32>, %2: tile<i32>, %3: tile<i32>, %4: tile<i32>, %5: tile<i32>, %6: tile<i32>, %7: tile<ptr<f16>>, %8: tile<i32>, %9: tile<i32>, %10: tile<i32>, %11: tile<i32>, %12: tile<i32>, %13: tile<i32>, %14: tile<ptr<f16>>, %15: tile<i32>, %16: tile<i32>, %17: tile<i32>, %18: tile<i32>, %19: tile<i32>, %20: tile<i32>) {
    %21 = constant <i32: 128> : tile<i32>
    %22 = constant <i32: 128> : tile<i32>
    %23 = constant <i32: 32> : tile<i32>
    %24 = assume bounded<0, ?>, %1 : tile<i32>
    %25 = assume div_by<8>, %24 : tile<i32>
    %26 = assume bounded<0, ?>, %2 : tile<i32>
    %27 = assume div_by<16>, %26 : tile<i32>
    %28 = assume bounded<0, ?>, %3 : tile<i32>
    %29 = assume div_by<16>, %28 : tile<i32>
    %30 = assume bounded<0, ?>, %4 : tile<i32>
    %31 = assume div_by<16>, %30 : tile<i32>
    %32 = assume bounded<0, ?>, %5 : tile<i32>
    %33 = assume div_by<16>, %32 : tile<i32>
    %34 = make_token : token
    %35 = assume div_by<16>, %0 : tile<ptr<f16>>
    %36 = make_tensor_view %35, shape = [%25, %27, %29], strides = [%31, %33, 1] : tile<i32> -> tensor_view<?x?x?xf16, strides=[?,?,1]>
    %37 = assume bounded<0, ?>, %8 : tile<i32>
    %38 = assume div_by<8>, %37 : tile<i32>
    %39 = assume bounded<0, ?>, %9 : tile<i32>
    %40 = assume div_by<16>, %39 : tile<i32>
    %41 = assume bounded<0, ?>, %10 : tile<i32>
    %42 = assume div_by<16>, %41 : tile<i32>
    %43 = assume bounded<0, ?>, %11 : tile<i32>
    %44 = assume div_by<16>, %43 : tile<i32>
    %45 = assume bounded<0, ?>, %12 : tile<i32>
    %46 = assume div_by<16>, %45 : tile<i32>
    %47 = make_token : token
    %48 = assume div_by<16>, %7 : tile<ptr<f16>>
    %49 = make_tensor_view %48, shape = [%38, %40, %42], strides = [%44, %46, 1] : tile<i32> -> tensor_view<?x?x?xf16, strides=[?,?,1]>
    %50 = assume bounded<0, ?>, %15 : tile<i32>
    %51 = assume div_by<8>, %50 : tile<i32>
    %52 = assume bounded<0, ?>, %16 : tile<i32>
    %53 = assume div_by<16>, %52 : tile<i32>
    %54 = assume bounded<0, ?>, %17 : tile<i32>
    %55 = assume div_by<16>, %54 : tile<i32>
    %56 = assume bounded<0, ?>, %18 : tile<i32>
    %57 = assume div_by<16>, %56 : tile<i32>
    %58 = assume bounded<0, ?>, %19 : tile<i32>
    %59 = assume div_by<16>, %58 : tile<i32>
    %60 = make_token : token
    %61 = assume div_by<16>, %14 : tile<ptr<f16>>
    %62 = make_tensor_view %61, shape = [%51, %53, %55], strides = [%57, %59, 1] : tile<i32> -> tensor_view<?x?x?xf16, strides=[?,?,1]>
    %63 = constant <i32: 128> : tile<i32>
    %64 = constant <i32: 128> : tile<i32>
    %65 = constant <i32: 32> : tile<i32>
    %66, %67, %68 = get_tile_block_id : tile<i32>
    %69 = assume bounded<0, ?>, %66 : tile<i32>
    %70 = assume bounded<0, ?>, %67 : tile<i32>
    %71 = assume bounded<0, ?>, %68 : tile<i32>
    %72 = constant <i32: -1> : tile<i32>
    %73 = constant <i32: -1> : tile<i32>
    %74 = constant <i32: -1> : tile<i32>
    %75 = make_partition_view %36 : partition_view<tile=(1x128x32), tensor_view<?x?x?xf16, strides=[?,?,1]>>
    %76, %77, %78 = get_index_space_shape %75 : partition_view<tile=(1x128x32), tensor_view<?x?x?xf16, strides=[?,?,1]>> -> tile<i32>
    %79 = constant <i32: 2> : tile<i32>
    %80 = constant <i32: 1> : tile<i32>
    %81 = constant <i32: 128> : tile<i32>
    %82 = constant <i32: 32> : tile<i32>
    %83 = constant <i32: -1> : tile<i32>
    %84 = constant <i32: -1> : tile<i32>
    %85 = constant <i32: -1> : tile<i32>
    %86 = constant <i32: -1> : tile<i32>
    %87 = constant <i32: -1> : tile<i32>
    %88 = constant <i32: -1> : tile<i32>
    %89 = make_partition_view %36 : partition_view<tile=(1x128x32), padding_value = zero, tensor_view<?x?x?xf16, strides=[?,?,1]>>
    %90 = constant <i32: 1> : tile<i32>
    %91 = constant <i32: 32> : tile<i32>
    %92 = constant <i32: 128> : tile<i32>
    %93 = constant <i32: -1> : tile<i32>
    %94 = constant <i32: -1> : tile<i32>
    %95 = constant <i32: -1> : tile<i32>
    %96 = constant <i32: -1> : tile<i32>
    %97 = constant <i32: -1> : tile<i32>
    %98 = constant <i32: -1> : tile<i32>
    %99 = make_partition_view %49 : partition_view<tile=(1x32x128), padding_value = zero, tensor_view<?x?x?xf16, strides=[?,?,1]>>
    %100 = constant <i32: 1> : tile<i32>
    %101 = constant <i32: 128> : tile<i32>
    %102 = constant <i32: 128> : tile<i32>
    %103 = constant <i32: -1> : tile<i32>
    %104 = constant <i32: -1> : tile<i32>
    %105 = constant <i32: -1> : tile<i32>
    %106 = constant <i32: -1> : tile<i32>
    %107 = constant <i32: -1> : tile<i32>
    %108 = constant <i32: -1> : tile<i32>
    %109 = make_partition_view %62 : partition_view<tile=(1x128x128), tensor_view<?x?x?xf16, strides=[?,?,1]>>
    %110 = constant <f32: 0.0> : tile<128x128xf32>
    %111 = constant <i32: 0> : tile<i32>
    %112 = constant <i32: 1> : tile<i32>
    %133 = for %113 in (%111 to %78, step %112) : tile<i32> iter_values(%114 = %110) -> (tile<128x128xf32>) {
      %115 = assume bounded<0, ?>, %113 : tile<i32>
      %116, %117 = load_view_tko weak %89[%71, %70, %115] token = %34 : partition_view<tile=(1x128x32), padding_value = zero, tensor_view<?x?x?xf16, strides=[?,?,1]>>, tile<i32> -> tile<1x128x32xf16>, token
      %118 = constant <i32: 1> : tile<i32>
      %119 = constant <i32: 128> : tile<i32>
      %120 = constant <i32: 32> : tile<i32>
      %121 = constant <i32: 128> : tile<i32>
      %122 = constant <i32: 32> : tile<i32>
      %123 = reshape %116 : tile<1x128x32xf16> -> tile<128x32xf16>
      %124, %125 = load_view_tko weak %99[%71, %115, %70] token = %47 : partition_view<tile=(1x32x128), padding_value = zero, tensor_view<?x?x?xf16, strides=[?,?,1]>>, tile<i32> -> tile<1x32x128xf16>, token
      %126 = constant <i32: 1> : tile<i32>
      %127 = constant <i32: 32> : tile<i32>
      %128 = constant <i32: 128> : tile<i32>
      %129 = constant <i32: 32> : tile<i32>
      %130 = constant <i32: 128> : tile<i32>
      %131 = reshape %124 : tile<1x32x128xf16> -> tile<32x128xf16>
      %132 = mmaf %123, %131, %114 : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
      continue %132 : tile<128x128xf32>
    }
    %134 = ftof %133 : tile<128x128xf32> -> tile<128x128xf16>
    %135 = constant <i32: 128> : tile<i32>
    %136 = constant <i32: 128> : tile<i32>
    %137 = constant <i32: 1> : tile<i32>
    %138 = constant <i32: 128> : tile<i32>
    %139 = constant <i32: 128> : tile<i32>
    %140 = reshape %134 : tile<128x128xf16> -> tile<1x128x128xf16>
    %141 = store_view_tko weak %140, %109[%71, %69, %70] token = %60 : tile<1x128x128xf16>, partition_view<tile=(1x128x128), tensor_view<?x?x?xf16, strides=[?,?,1]>>, tile<i32> -> token
    return
  }
}
