cuda_tile.module @rms_norm_module {
  entry @rms_norm_static_persistent_kernel_entry(%0: tile<ptr<bf16>>, %1: tile<i32>, %2: tile<i32>, %3: tile<i32>, %4: tile<i32>, %5: tile<ptr<bf16>>, %6: tile<i32>, %7: tile<i32>, %8: tile<i32>, %9: tile<i32>, %10: tile<ptr<bf16>>, %11: tile<i32>, %12: tile<i32>, %13: tile<ptr<f32>>, %14: tile<i32>, %15: tile<i32>, %16: tile<f32>, %17: tile<f32>) {
    %18 = constant <i32: 16> : tile<i32>
    %19 = constant <i32: 256> : tile<i32>
    %20 = assume bounded<0, ?>, %1 : tile<i32>
    %21 = assume div_by<16>, %20 : tile<i32>
    %22 = assume bounded<0, ?>, %2 : tile<i32>
    %23 = assume div_by<16>, %22 : tile<i32>
    %24 = assume bounded<0, ?>, %3 : tile<i32>
    %25 = assume div_by<16>, %24 : tile<i32>
    %26 = make_token : token
    %27 = assume div_by<16>, %0 : tile<ptr<bf16>>
    %28 = make_tensor_view %27, shape = [%21, %23], strides = [%25, 1] : tile<i32> -> tensor_view<?x?xbf16, strides=[?,1]>
    %29 = assume bounded<0, ?>, %6 : tile<i32>
    %30 = assume div_by<16>, %29 : tile<i32>
    %31 = assume bounded<0, ?>, %7 : tile<i32>
    %32 = assume div_by<16>, %31 : tile<i32>
    %33 = assume bounded<0, ?>, %8 : tile<i32>
    %34 = assume div_by<16>, %33 : tile<i32>
    %35 = make_token : token
    %36 = assume div_by<16>, %5 : tile<ptr<bf16>>
    %37 = make_tensor_view %36, shape = [%30, %32], strides = [%34, 1] : tile<i32> -> tensor_view<?x?xbf16, strides=[?,1]>
    %38 = assume bounded<0, ?>, %11 : tile<i32>
    %39 = assume div_by<16>, %38 : tile<i32>
    %40 = make_token : token
    %41 = assume div_by<16>, %10 : tile<ptr<bf16>>
    %42 = make_tensor_view %41, shape = [%39], strides = [1] : tile<i32> -> tensor_view<?xbf16, strides=[1]>
    %43 = assume bounded<0, ?>, %14 : tile<i32>
    %44 = assume div_by<16>, %43 : tile<i32>
    %45 = make_token : token
    %46 = assume div_by<16>, %13 : tile<ptr<f32>>
    %47 = make_tensor_view %46, shape = [%44], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %48 = constant <i32: 16> : tile<i32>
    %49 = constant <i32: 256> : tile<i32>
    %50, %51, %52 = get_tile_block_id : tile<i32>
    %53 = assume bounded<0, ?>, %50 : tile<i32>
    %54 = assume bounded<0, ?>, %51 : tile<i32>
    %55 = assume bounded<0, ?>, %52 : tile<i32>
    %56 = constant <i32: -1> : tile<i32>
    %57 = constant <i32: -1> : tile<i32>
    %58 = constant <i32: 0> : tile<i32>
    %59 = constant <i32: 1> : tile<i32>
    %60 = addi %21, %48 : tile<i32>
    %61 = constant <i32: 1> : tile<i32>
    %62 = subi %60, %61 : tile<i32>
    %63 = divi %62, %48 signed rounding negative_inf : tile<i32>
    %64 = constant <i32: 256> : tile<i32>
    %65 = constant <i32: -1> : tile<i32>
    %66 = constant <i32: -1> : tile<i32>
    %67 = make_partition_view %42 : partition_view<tile=(256), padding_value = zero, tensor_view<?xbf16, strides=[1]>>
    %68 = constant <i32: 0> : tile<i32>
    %69, %70 = load_view_tko weak %67[%68] token = %40 : partition_view<tile=(256), padding_value = zero, tensor_view<?xbf16, strides=[1]>>, tile<i32> -> tile<256xbf16>, token
    %71 = ftof %69 : tile<256xbf16> -> tile<256xf32>
    %72, %73, %74 = get_num_tile_blocks : tile<i32>
    %75 = assume bounded<0, ?>, %72 : tile<i32>
    %76 = assume bounded<0, ?>, %73 : tile<i32>
    %77 = assume bounded<0, ?>, %74 : tile<i32>
    %78 = constant <i32: 16> : tile<i32>
    %79 = constant <i32: 256> : tile<i32>
    %80 = constant <i32: -1> : tile<i32>
    %81 = constant <i32: -1> : tile<i32>
    %82 = constant <i32: -1> : tile<i32>
    %83 = constant <i32: -1> : tile<i32>
    %84 = make_partition_view %28 : partition_view<tile=(16x256), padding_value = zero, tensor_view<?x?xbf16, strides=[?,1]>>
    %85 = constant <i32: 16> : tile<i32>
    %86 = constant <i32: -1> : tile<i32>
    %87 = constant <i32: -1> : tile<i32>
    %88 = make_partition_view %47 : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>
    %89 = constant <i32: 16> : tile<i32>
    %90 = constant <i32: 256> : tile<i32>
    %91 = constant <i32: -1> : tile<i32>
    %92 = constant <i32: -1> : tile<i32>
    %93 = constant <i32: -1> : tile<i32>
    %94 = constant <i32: -1> : tile<i32>
    %95 = make_partition_view %37 : partition_view<tile=(16x256), tensor_view<?x?xbf16, strides=[?,1]>>
    %96 = itof %23 signed : tile<i32> -> tile<f32>
    %97 = constant <f32: 2.0> : tile<f32>
    %98 = mulf %96, %97 : tile<f32>
    %99 = constant <i32: 16> : tile<i32>
    %100 = constant <i32: 1> : tile<i32>
    %101 = constant <i32: 1> : tile<i32>
    %102 = constant <i32: 1> : tile<i32>
    %103 = constant <i32: 1> : tile<i32>
    %104 = reshape %98 : tile<f32> -> tile<1x1xf32>
    %105 = constant <i32: 1> : tile<i32>
    %106 = constant <i32: 1> : tile<i32>
    %107 = constant <i32: 16> : tile<i32>
    %108 = constant <i32: 1> : tile<i32>
    %109 = broadcast %104 : tile<1x1xf32> -> tile<16x1xf32>
    %110 = constant <i32: 16> : tile<i32>
    %111 = constant <i32: 1> : tile<i32>
    %112 = constant <i32: 1> : tile<i32>
    %113 = constant <i32: 1> : tile<i32>
    %114 = constant <i32: 1> : tile<i32>
    %115 = reshape %16 : tile<f32> -> tile<1x1xf32>
    %116 = constant <i32: 1> : tile<i32>
    %117 = constant <i32: 1> : tile<i32>
    %118 = constant <i32: 16> : tile<i32>
    %119 = constant <i32: 1> : tile<i32>
    %120 = broadcast %115 : tile<1x1xf32> -> tile<16x1xf32>
    %121 = constant <i32: 256> : tile<i32>
    %122 = constant <i32: 1> : tile<i32>
    %123 = constant <i32: 256> : tile<i32>
    %124 = reshape %71 : tile<256xf32> -> tile<1x256xf32>
    %125 = constant <i32: 1> : tile<i32>
    %126 = constant <i32: 256> : tile<i32>
    %127 = constant <i32: 1> : tile<i32>
    %128 = constant <i32: 1> : tile<i32>
    %129 = constant <i32: 1> : tile<i32>
    %130 = reshape %17 : tile<f32> -> tile<1x1xf32>
    %131 = constant <i32: 1> : tile<i32>
    %132 = constant <i32: 1> : tile<i32>
    %133 = constant <i32: 1> : tile<i32>
    %134 = constant <i32: 256> : tile<i32>
    %135 = broadcast %130 : tile<1x1xf32> -> tile<1x256xf32>
    %136 = addf %135, %124 : tile<1x256xf32>
    for %137 in (%53 to %63, step %75) : tile<i32> {
      %138 = constant <i32: 0> : tile<i32>
      %139, %140 = load_view_tko weak %84[%137, %138] token = %26 optimization_hints = #cuda_tile.optimization_hints<sm_100 = {latency = 10}> : partition_view<tile=(16x256), padding_value = zero, tensor_view<?x?xbf16, strides=[?,1]>>, tile<i32> -> tile<16x256xbf16>, token
      %141 = ftof %139 : tile<16x256xbf16> -> tile<16x256xf32>
      %142 = mulf %141, %141 : tile<16x256xf32>
      %146 = reduce %142 dim=1 identities=[0] : tile<16x256xf32> -> tile<16xf32> {
      ^bb0(%143: tile<f32>, %144: tile<f32>):
        %145 = addf %143, %144 : tile<f32>
        yield %145 : tile<f32>
      }
      %147 = constant <i32: 16> : tile<i32>
      %148 = constant <i32: 16> : tile<i32>
      %149 = constant <i32: 1> : tile<i32>
      %150 = reshape %146 : tile<16xf32> -> tile<16x1xf32>
      %151 = divf %150, %109 : tile<16x1xf32>
      %152 = addf %151, %120 : tile<16x1xf32>
      %153 = rsqrt %152 : tile<16x1xf32>
      %154 = constant <i32: 16> : tile<i32>
      %155 = constant <i32: 1> : tile<i32>
      %156 = constant <i32: 16> : tile<i32>
      %157 = reshape %153 : tile<16x1xf32> -> tile<16xf32>
      %158 = store_view_tko weak %157, %88[%137] token = %45 optimization_hints = #cuda_tile.optimization_hints<sm_100 = {allow_tma = false}> : tile<16xf32>, partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
      %159 = constant <i32: 16> : tile<i32>
      %160 = constant <i32: 1> : tile<i32>
      %161 = constant <i32: 16> : tile<i32>
      %162 = constant <i32: 256> : tile<i32>
      %163 = broadcast %153 : tile<16x1xf32> -> tile<16x256xf32>
      %164 = mulf %141, %163 : tile<16x256xf32>
      %165 = constant <i32: 1> : tile<i32>
      %166 = constant <i32: 256> : tile<i32>
      %167 = constant <i32: 16> : tile<i32>
      %168 = constant <i32: 256> : tile<i32>
      %169 = broadcast %136 : tile<1x256xf32> -> tile<16x256xf32>
      %170 = mulf %164, %169 : tile<16x256xf32>
      %171 = ftof %170 : tile<16x256xf32> -> tile<16x256xbf16>
      %172 = constant <i32: 0> : tile<i32>
      %173 = store_view_tko weak %171, %95[%137, %172] token = %35 optimization_hints = #cuda_tile.optimization_hints<sm_100 = {latency = 3, allow_tma = false}> : tile<16x256xbf16>, partition_view<tile=(16x256), tensor_view<?x?xbf16, strides=[?,1]>>, tile<i32> -> token
      continue
    }
    return
  }
}
