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
    %60 = divi %21, %48 signed rounding negative_inf : tile<i32>
    %61 = constant <i32: 256> : tile<i32>
    %62 = constant <i32: -1> : tile<i32>
    %63 = constant <i32: -1> : tile<i32>
    %64 = make_partition_view %42 : partition_view<tile=(256), padding_value = zero, tensor_view<?xbf16, strides=[1]>>
    %65 = constant <i32: 0> : tile<i32>
    %66, %67 = load_view_tko weak %64[%65] token = %40 : partition_view<tile=(256), padding_value = zero, tensor_view<?xbf16, strides=[1]>>, tile<i32> -> tile<256xbf16>, token
    %68 = ftof %66 : tile<256xbf16> -> tile<256xf32>
    %69, %70, %71 = get_num_tile_blocks : tile<i32>
    %72 = assume bounded<0, ?>, %69 : tile<i32>
    %73 = assume bounded<0, ?>, %70 : tile<i32>
    %74 = assume bounded<0, ?>, %71 : tile<i32>
    %75 = constant <i32: 16> : tile<i32>
    %76 = constant <i32: 256> : tile<i32>
    %77 = constant <i32: -1> : tile<i32>
    %78 = constant <i32: -1> : tile<i32>
    %79 = constant <i32: -1> : tile<i32>
    %80 = constant <i32: -1> : tile<i32>
    %81 = make_partition_view %28 : partition_view<tile=(16x256), padding_value = zero, tensor_view<?x?xbf16, strides=[?,1]>>
    %82 = constant <i32: 16> : tile<i32>
    %83 = constant <i32: -1> : tile<i32>
    %84 = constant <i32: -1> : tile<i32>
    %85 = make_partition_view %47 : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>
    %86 = constant <i32: 16> : tile<i32>
    %87 = constant <i32: 256> : tile<i32>
    %88 = constant <i32: -1> : tile<i32>
    %89 = constant <i32: -1> : tile<i32>
    %90 = constant <i32: -1> : tile<i32>
    %91 = constant <i32: -1> : tile<i32>
    %92 = make_partition_view %37 : partition_view<tile=(16x256), tensor_view<?x?xbf16, strides=[?,1]>>
    %93 = itof %23 signed : tile<i32> -> tile<f32>
    %94 = constant <f32: 1.0> : tile<f32>
    %95 = mulf %93, %94 : tile<f32>
    %96 = constant <i32: 16> : tile<i32>
    %97 = constant <i32: 1> : tile<i32>
    %98 = constant <i32: 1> : tile<i32>
    %99 = constant <i32: 1> : tile<i32>
    %100 = constant <i32: 1> : tile<i32>
    %101 = reshape %95 : tile<f32> -> tile<1x1xf32>
    %102 = constant <i32: 1> : tile<i32>
    %103 = constant <i32: 1> : tile<i32>
    %104 = constant <i32: 16> : tile<i32>
    %105 = constant <i32: 1> : tile<i32>
    %106 = broadcast %101 : tile<1x1xf32> -> tile<16x1xf32>
    %107 = constant <i32: 16> : tile<i32>
    %108 = constant <i32: 1> : tile<i32>
    %109 = constant <i32: 1> : tile<i32>
    %110 = constant <i32: 1> : tile<i32>
    %111 = constant <i32: 1> : tile<i32>
    %112 = reshape %16 : tile<f32> -> tile<1x1xf32>
    %113 = constant <i32: 1> : tile<i32>
    %114 = constant <i32: 1> : tile<i32>
    %115 = constant <i32: 16> : tile<i32>
    %116 = constant <i32: 1> : tile<i32>
    %117 = broadcast %112 : tile<1x1xf32> -> tile<16x1xf32>
    %118 = constant <i32: 256> : tile<i32>
    %119 = constant <i32: 1> : tile<i32>
    %120 = constant <i32: 256> : tile<i32>
    %121 = reshape %68 : tile<256xf32> -> tile<1x256xf32>
    %122 = constant <i32: 1> : tile<i32>
    %123 = constant <i32: 256> : tile<i32>
    %124 = constant <i32: 1> : tile<i32>
    %125 = constant <i32: 1> : tile<i32>
    %126 = constant <i32: 1> : tile<i32>
    %127 = reshape %17 : tile<f32> -> tile<1x1xf32>
    %128 = constant <i32: 1> : tile<i32>
    %129 = constant <i32: 1> : tile<i32>
    %130 = constant <i32: 1> : tile<i32>
    %131 = constant <i32: 256> : tile<i32>
    %132 = broadcast %127 : tile<1x1xf32> -> tile<1x256xf32>
    %133 = addf %132, %121 : tile<1x256xf32>
    for %134 in (%53 to %60, step %72) : tile<i32> {
      %135 = constant <i32: 0> : tile<i32>
      %136, %137 = load_view_tko weak %81[%134, %135] token = %26 optimization_hints = #cuda_tile.optimization_hints<sm_100 = {latency = 10}> : partition_view<tile=(16x256), padding_value = zero, tensor_view<?x?xbf16, strides=[?,1]>>, tile<i32> -> tile<16x256xbf16>, token
      %138 = ftof %136 : tile<16x256xbf16> -> tile<16x256xf32>
      %139 = mulf %138, %138 : tile<16x256xf32>
      %143 = reduce %139 dim=1 identities=[0] : tile<16x256xf32> -> tile<16xf32> {
      ^bb0(%140: tile<f32>, %141: tile<f32>):
        %142 = addf %140, %141 : tile<f32>
        yield %142 : tile<f32>
      }
      %144 = constant <i32: 16> : tile<i32>
      %145 = constant <i32: 16> : tile<i32>
      %146 = constant <i32: 1> : tile<i32>
      %147 = reshape %143 : tile<16xf32> -> tile<16x1xf32>
      %148 = divf %147, %106 : tile<16x1xf32>
      %149 = addf %148, %117 : tile<16x1xf32>
      %150 = rsqrt %149 : tile<16x1xf32>
      %151 = constant <i32: 16> : tile<i32>
      %152 = constant <i32: 1> : tile<i32>
      %153 = constant <i32: 16> : tile<i32>
      %154 = reshape %150 : tile<16x1xf32> -> tile<16xf32>
      %155 = store_view_tko weak %154, %85[%134] token = %45 optimization_hints = #cuda_tile.optimization_hints<sm_100 = {allow_tma = false}> : tile<16xf32>, partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
      %156 = constant <i32: 16> : tile<i32>
      %157 = constant <i32: 1> : tile<i32>
      %158 = constant <i32: 16> : tile<i32>
      %159 = constant <i32: 256> : tile<i32>
      %160 = broadcast %150 : tile<16x1xf32> -> tile<16x256xf32>
      %161 = mulf %138, %160 : tile<16x256xf32>
      %162 = constant <i32: 1> : tile<i32>
      %163 = constant <i32: 256> : tile<i32>
      %164 = constant <i32: 16> : tile<i32>
      %165 = constant <i32: 256> : tile<i32>
      %166 = broadcast %133 : tile<1x256xf32> -> tile<16x256xf32>
      %167 = mulf %161, %166 : tile<16x256xf32>
      %168 = ftof %167 : tile<16x256xf32> -> tile<16x256xbf16>
      %169 = constant <i32: 0> : tile<i32>
      %170 = store_view_tko weak %168, %92[%134, %169] token = %35 optimization_hints = #cuda_tile.optimization_hints<sm_100 = {allow_tma = false, latency = 3}> : tile<16x256xbf16>, partition_view<tile=(16x256), tensor_view<?x?xbf16, strides=[?,1]>>, tile<i32> -> token
      continue
    }
    return
  }
}
