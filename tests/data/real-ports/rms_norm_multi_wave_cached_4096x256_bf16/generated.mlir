cuda_tile.module @rms_norm_mw_module {
  entry @rms_norm_multi_wave_cached_kernel_entry(%0: tile<ptr<bf16>>, %1: tile<i32>, %2: tile<i32>, %3: tile<i32>, %4: tile<i32>, %5: tile<ptr<bf16>>, %6: tile<i32>, %7: tile<i32>, %8: tile<ptr<bf16>>, %9: tile<i32>, %10: tile<i32>, %11: tile<i32>, %12: tile<i32>, %13: tile<ptr<f32>>, %14: tile<i32>, %15: tile<i32>) {
    %16 = constant <i32: 256> : tile<i32>
    %17 = constant <i32: 256> : tile<i32>
    %18 = assume div_by<16>, %0 : tile<ptr<bf16>>
    %19 = assume div_by<16>, %1 : tile<i32>
    %20 = assume div_by<16>, %2 : tile<i32>
    %21 = assume div_by<16>, %3 : tile<i32>
    %22 = assume div_by<16>, %5 : tile<ptr<bf16>>
    %23 = assume div_by<16>, %6 : tile<i32>
    %24 = assume div_by<16>, %8 : tile<ptr<bf16>>
    %25 = assume div_by<16>, %9 : tile<i32>
    %26 = assume div_by<16>, %10 : tile<i32>
    %27 = assume div_by<16>, %11 : tile<i32>
    %28 = assume div_by<16>, %13 : tile<ptr<f32>>
    %29 = assume div_by<16>, %14 : tile<i32>
    %30 = constant <i32: 256> : tile<i32>
    %31 = constant <i32: 256> : tile<i32>
    %32 = assume div_by<16>, %18 : tile<ptr<bf16>>
    %33 = assume div_by<16>, %22 : tile<ptr<bf16>>
    %34 = assume div_by<16>, %24 : tile<ptr<bf16>>
    %35 = assume div_by<16>, %28 : tile<ptr<f32>>
    %36 = assume bounded<0, ?>, %21 : tile<i32>
    %37 = assume bounded<0, ?>, %25 : tile<i32>
    %38 = assume bounded<0, ?>, %26 : tile<i32>
    %39 = assume bounded<0, ?>, %27 : tile<i32>
    %40 = assume bounded<0, ?>, %29 : tile<i32>
    %41, %42, %43 = get_tile_block_id : tile<i32>
    %44 = assume bounded<0, ?>, %41 : tile<i32>
    %45 = assume bounded<0, ?>, %42 : tile<i32>
    %46 = assume bounded<0, ?>, %43 : tile<i32>
    %47 = constant <f32: 0.0> : tile<256xf32>
    %48 = iota : tile<256xi32>
    %49 = exti %48 signed : tile<256xi32> -> tile<256xi64>
    %50 = exti %44 signed : tile<i32> -> tile<i64>
    %51 = constant <i32: 1> : tile<i32>
    %52 = reshape %50 : tile<i64> -> tile<1xi64>
    %53 = constant <i32: 1> : tile<i32>
    %54 = constant <i32: 256> : tile<i32>
    %55 = broadcast %52 : tile<1xi64> -> tile<256xi64>
    %56 = exti %36 signed : tile<i32> -> tile<i64>
    %57 = constant <i32: 1> : tile<i32>
    %58 = reshape %56 : tile<i64> -> tile<1xi64>
    %59 = constant <i32: 1> : tile<i32>
    %60 = constant <i32: 256> : tile<i32>
    %61 = broadcast %58 : tile<1xi64> -> tile<256xi64>
    %62 = muli %55, %61 : tile<256xi64>
    %63 = addi %62, %49 : tile<256xi64>
    %64 = constant <i32: 1> : tile<i32>
    %65 = reshape %32 : tile<ptr<bf16>> -> tile<1xptr<bf16>>
    %66 = constant <i32: 1> : tile<i32>
    %67 = constant <i32: 256> : tile<i32>
    %68 = broadcast %65 : tile<1xptr<bf16>> -> tile<256xptr<bf16>>
    %69 = constant <i32: 256> : tile<i32>
    %70 = offset %68, %63 : tile<256xptr<bf16>>, tile<256xi64> -> tile<256xptr<bf16>>
    %71, %72 = load_ptr_tko weak %70 optimization_hints = #cuda_tile.optimization_hints<sm_100 = {latency = 1}> : tile<256xptr<bf16>> -> tile<256xbf16>, token
    %73 = ftof %71 : tile<256xbf16> -> tile<256xf32>
    %74 = mulf %73, %73 : tile<256xf32>
    %75 = addf %47, %74 : tile<256xf32>
    %76 = itof %30 signed : tile<i32> -> tile<f32>
    %77 = constant <f32: 0.000009999999747378752> : tile<f32>
    %81 = reduce %75 dim=0 identities=[0] : tile<256xf32> -> tile<f32> {
    ^bb0(%78: tile<f32>, %79: tile<f32>):
      %80 = addf %78, %79 : tile<f32>
      yield %80 : tile<f32>
    }
    %82 = divf %81, %76 : tile<f32>
    %83 = addf %82, %77 : tile<f32>
    %84 = rsqrt %83 : tile<f32>
    %85 = exti %40 signed : tile<i32> -> tile<i64>
    %86 = cmpi less_than %50, %85, signed : tile<i64> -> tile<i1>
    %87 = offset %35, %50 : tile<ptr<f32>>, tile<i64> -> tile<ptr<f32>>
    %88 = assume div_by<4>, %87 : tile<ptr<f32>>
    %89 = store_ptr_tko weak %88, %84, %86 : tile<ptr<f32>>, tile<f32>, tile<i1> -> token
    %90 = constant <i32: 1> : tile<i32>
    %91 = reshape %33 : tile<ptr<bf16>> -> tile<1xptr<bf16>>
    %92 = constant <i32: 1> : tile<i32>
    %93 = constant <i32: 256> : tile<i32>
    %94 = broadcast %91 : tile<1xptr<bf16>> -> tile<256xptr<bf16>>
    %95 = constant <i32: 256> : tile<i32>
    %96 = offset %94, %49 : tile<256xptr<bf16>>, tile<256xi64> -> tile<256xptr<bf16>>
    %97, %98 = load_ptr_tko weak %96 optimization_hints = #cuda_tile.optimization_hints<sm_100 = {latency = 1}> : tile<256xptr<bf16>> -> tile<256xbf16>, token
    %99 = ftof %97 : tile<256xbf16> -> tile<256xf32>
    %100 = constant <i32: 1> : tile<i32>
    %101 = reshape %84 : tile<f32> -> tile<1xf32>
    %102 = constant <i32: 1> : tile<i32>
    %103 = constant <i32: 256> : tile<i32>
    %104 = broadcast %101 : tile<1xf32> -> tile<256xf32>
    %105 = mulf %73, %104 : tile<256xf32>
    %106 = constant <f32: 0.0> : tile<256xf32>
    %107 = addf %106, %99 : tile<256xf32>
    %108 = mulf %105, %107 : tile<256xf32>
    %109 = ftof %108 : tile<256xf32> -> tile<256xbf16>
    %110 = exti %37 signed : tile<i32> -> tile<i64>
    %111 = constant <i32: 1> : tile<i32>
    %112 = reshape %110 : tile<i64> -> tile<1xi64>
    %113 = constant <i32: 1> : tile<i32>
    %114 = constant <i32: 256> : tile<i32>
    %115 = broadcast %112 : tile<1xi64> -> tile<256xi64>
    %116 = exti %38 signed : tile<i32> -> tile<i64>
    %117 = constant <i32: 1> : tile<i32>
    %118 = reshape %116 : tile<i64> -> tile<1xi64>
    %119 = constant <i32: 1> : tile<i32>
    %120 = constant <i32: 256> : tile<i32>
    %121 = broadcast %118 : tile<1xi64> -> tile<256xi64>
    %122 = cmpi less_than %55, %115, signed : tile<256xi64> -> tile<256xi1>
    %123 = cmpi less_than %49, %121, signed : tile<256xi64> -> tile<256xi1>
    %124 = andi %122, %123 : tile<256xi1>
    %125 = exti %39 signed : tile<i32> -> tile<i64>
    %126 = constant <i32: 1> : tile<i32>
    %127 = reshape %125 : tile<i64> -> tile<1xi64>
    %128 = constant <i32: 1> : tile<i32>
    %129 = constant <i32: 256> : tile<i32>
    %130 = broadcast %127 : tile<1xi64> -> tile<256xi64>
    %131 = muli %55, %130 : tile<256xi64>
    %132 = addi %131, %49 : tile<256xi64>
    %133 = constant <i32: 1> : tile<i32>
    %134 = reshape %34 : tile<ptr<bf16>> -> tile<1xptr<bf16>>
    %135 = constant <i32: 1> : tile<i32>
    %136 = constant <i32: 256> : tile<i32>
    %137 = broadcast %134 : tile<1xptr<bf16>> -> tile<256xptr<bf16>>
    %138 = constant <i32: 256> : tile<i32>
    %139 = offset %137, %132 : tile<256xptr<bf16>>, tile<256xi64> -> tile<256xptr<bf16>>
    %140 = store_ptr_tko weak %139, %109, %124 optimization_hints = #cuda_tile.optimization_hints<sm_100 = {latency = 1}> : tile<256xptr<bf16>>, tile<256xbf16>, tile<256xi1> -> token
    return
  }
}
