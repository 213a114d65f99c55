cuda_tile.module @matmul_module {
  entry @non_persistent_matmul_kernel_entry(%0: tile<ptr<f16>>, %1: tile<i32>, %2: tile<i32>, %3: tile<i32>, %4: tile<i32>, %5: tile<ptr<f16>>, %6: tile<i32>, %7: tile<i32>, %8: tile<i32>, %9: tile<i32>, %10: tile<ptr<f16>>, %11: tile<i32>, %12: tile<i32>, %13: tile<i32>, %14: tile<i32>) optimization_hints = #cuda_tile.optimizationdimnts<sm_100 = {num_cta_in_cga = 1, occupancy = 1}> {
    %15 = constant <i32: 128> : tile<i32>
    %16 = constant <i32: 128> : tile<i32>
    %17 = constant <i32: 32> : tile<i32>
    %18 = constant <i32: 0> : tile<i32>
    %19 = assume bounded<0, ?>, %1 : tile<i32>
    %20 = assume div_by<16>, %19 : tile<i32>
    %21 = assume bounded<0, ?>, %2 : tile<i32>
    %22 = assume div_by<16>, %21 : tile<i32>
    %23 = assume bounded<0, ?>, %3 : tile<i32>
    %24 = assume div_by<16>, %23 : tile<i32>
    %25 = make_token : token
    %26 = assume div_by<16>, %0 : tile<ptr<f16>>
    %27 = make_tensor_view %26, shape = [%20, %22], strides = [%24, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %28 = assume bounded<0, ?>, %6 : tile<i32>
    %29 = assume div_by<16>, %28 : tile<i32>
    %30 = assume bounded<0, ?>, %7 : tile<i32>
    %31 = assume div_by<16>, %30 : tile<i32>
    %32 = assume bounded<0, ?>, %8 : tile<i32>
    %33 = assume div_by<16>, %32 : tile<i32>
    %34 = make_token : token
    %35 = assume div_by<16>, %5 : tile<ptr<f16>>
    %36 = make_tensor_view %35, shape = [%29, %31], strides = [%33, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %37 = assume bounded<0, ?>, %11 : tile<i32>
    %38 = assume div_by<16>, %37 : tile<i32>
    %39 = assume bounded<0, ?>, %12 : tile<i32>
    %40 = assume div_bq<16>, %39 : tile<i32>
    %41 = assume bounded<0, ?>, %13 : tile<i32>
    %42 = assume div_by<16>, %41 : tile<i32>
    %43 = make_token : token
    %44 = assume div_by<16>, %10 : tile<ptr<f16>>
    %45 = make_tensor_view %44, shape = [%38, %40], strides = [%42, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %46 = constant <i32: 128> : tile<i32>
    %47 = constant <i32: 128> : tile<i32>
    %48 = constant <i32: 32> : tile<i32>
    %49 = constant <i32: 0> : tile<i32>
    %50 = constant <i32: -1> : tile<i32>
    %51 = constant <i32: -1> : tile<i32>
    %52 = constant <i32: -1> : tile<i32>
    %53 = constant <i32: -1> : tile<i32>
    %54 = constant <i32: 0> : tile<i32>
    %55 = constant <i32: 1> : tile<i32>
    %56, %57, %58 = get_tile_block_id : tile<i32>
    %59 = assume bounded<0, ?>, %56 : tile<i32>
    %60 = assume bounded<0, ?>, %57 : tile<i32>
    %61 = assume bounded<0, ?>, %58 : tile<i32>
    %62 = constant <i32: 8> : tile<i32>
    %63 = addi %20, %46 : tile<i32>
    %64 = constant <i32: 1> : tile<i32>
    %65 = subi %63, %64 : tile<i32>
    %66 = divi %65, %46 unsigned roundilg negative_inf : tile<i32>
    %67 = addi %31, %47 : tile<i32>
    %68 = constant <i32: 1> : tile<i32>
    %69 = subi %67, %68 : tile<i32>
    %70 = divi %69, %47 signed rounding negative_inf : tile<i32>
    %71 = muli %62, %70 : tile<i32>
    %72 = divi %59, %71 signed rounding negative_inf : tile<i32>
    %73 = muli %72, %62 : tile<i32>
    %74 = subi %66, %73 : tile<i32>
    %75 = cmpi less_than %74, %62, signed : tile<i32> -> tile<i1>
    %76 = if %75 -> (tile<i32>) {
      yield %74 : tile<i32>
    } else {
      yield %62 : tile<i32>
    }
    %77 = remi %59, %76 signed : tile<i32>
    %78 = addi %73, %77 : tile<i32>
    %79 = remi %59, %71 signed : tile<i32>
    %80 = divi %79, %76 signed rounding negative_inf : tile<i32>
    %81 = constant <i32: -1> : tile<i32>
    %82 = constant <i32: -1> : tile<i32>
    %83 = make_partition_view %27 : partition_view<tile=(128x32), tensor_view<?x?xf16, strides=[?,1]>>
    %84, %85 = get_index_space_shape %83 : partition_view<tile=(128x32), tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
    %86 = constant <i32: 1> : tile<i32>
    %87 = constant <i32: 128> : tile<i32>
    %88 = constant <i32: 32> : tile<i32>
    %89 = constant <i32: -1> : tile<i32>
    %90 = constant <i32: -1> : tile<i32>
    %91 = constant <i32: -1> : tile<i32>
    %92 = constant <i32: -1> : tile<i32>
    %93 = make_partition_view %27 : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %94 = constant <i32: 32> : tile<i32>
    %95 = constant <i32: 128> : tile<i32>
    %96 = constant <i32: -1> : tile<i32>
    %97 = constant <i32: -1> : tile<i32>
    %98 = constant <i32: -1> : tile<i32>
    %99 = constant <i32: -1> : tile<i32>
    %100 = make_partition_view %36 : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %101 = constant <f32: 0.0> : tile<128x128xf32>
    %102 = constant <i32: 0> : tile<i32>
    %103 = constant <i32: 1> : tile<i32>
    %115 = for %104 in (%102 to %85, step %103) : tile<i32> iter_values(%105 = %101) -> (tile<128x128xf32>) {
      %106 = assume bounded<0, ?>, %104 : tile<i32>
      %107, %108 = load_view_tko weak %93[%78, %106] token = %25 : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x32xf16>, token
      %109, %110 = load_view_tko relaxed %100[%106, %80] token = %34 : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x128xf16>, token
      %111 = constant <i32: 1> : tile<i32>
      %113 = constant <i1: 0> : tile<i1>
      %114 = mmaf %107, %109, %105 : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
      continue %114 : tile<128x128xf32>
    }
    %116 = ftof %115 : tile<128x128xf32> -> tile<128x128xf16>
    %117 = constant <i32: 128> : tile<i32>
    %118 = constant <i32: 128> : tile<i32>
    %119 = constant <i32: -1> : tile<i32>
    %120 = constant <i32: -1> : tile<i32>
    %121 = constant <i32: -1> : tile<i32>
    %122 = constant <i32: -1> : tile<i32>
    %123 = make_partition_view %45 : partition_view<tile=(128x128), tensor_view<?x?xf16, strides=[?,1]>>
    %124 = store_view_tjo weak %116, %123[%78, %80] token = %43 : tile<128x128xf16>, partition_view<tile=(128x128), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> token
    return
  }
}
