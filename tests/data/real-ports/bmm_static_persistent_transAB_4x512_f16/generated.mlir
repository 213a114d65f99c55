cuda_tile.module @bmm_module {
  entry @static_persistent_bmm_kernel_entry(%0: tile<ptr<f16>>, %1: tile<i32>, %2: tile<i32>, %3: tile<i32>, %4: tile<i32>, %5: tile<i32>, %6: tile<i32>, %7: tile<ptr<f16>>, %8: tile<i32>, %9: tile<i32>, %10: tile<i32>, %11: tile<i32>, %12: tile<i32>, %13: tile<i32>, %14: tile<ptr<f16>>, %15: tile<i32>, %16: tile<i32>, %17: tile<i32>, %18: tile<i32>, %19: tile<i32>, %20: tile<i32>, %21: tile<i32>, %22: tile<i32>, %23: tile<i32>, %24: tile<i32>) optimization_hints = #cuda_tile.optimization_hints<sm_100 = {num_cta_in_cga = 2, occupancy = 1}> {
    %25 = constant <i32: 256> : tile<i32>
    %26 = constant <i32: 256> : tile<i32>
    %27 = constant <i32: 64> : tile<i32>
    %28 = constant <i32: 8> : tile<i32>
    %29 = constant <i32: 1> : tile<i32>
    %30 = constant <i32: 1> : tile<i32>
    %31 = assume bounded<0, ?>, %1 : tile<i32>
    %32 = assume div_by<4>, %31 : tile<i32>
    %33 = assume bounded<0, ?>, %2 : tile<i32>
    %34 = assume div_by<16>, %33 : tile<i32>
    %35 = assume bounded<0, ?>, %3 : tile<i32>
    %36 = assume div_by<16>, %35 : tile<i32>
    %37 = assume bounded<0, ?>, %4 : tile<i32>
    %38 = assume div_by<16>, %37 : tile<i32>
    %39 = assume bounded<0, ?>, %5 : tile<i32>
    %40 = assume div_by<16>, %39 : tile<i32>
    %41 = make_token : token
    %42 = assume div_by<16>, %0 : tile<ptr<f16>>
    %43 = make_tensor_view %42, shape = [%32, %34, %36], strides = [%38, %40, 1] : tile<i32> -> tensor_view<?x?x?xf16, strides=[?,?,1]>
    %44 = assume bounded<0, ?>, %8 : tile<i32>
    %45 = assume div_by<4>, %44 : tile<i32>
    %46 = assume bounded<0, ?>, %9 : tile<i32>
    %47 = assume div_by<16>, %46 : tile<i32>
    %48 = assume bounded<0, ?>, %10 : tile<i32>
    %49 = assume div_by<16>, %48 : tile<i32>
    %50 = assume bounded<0, ?>, %11 : tile<i32>
    %51 = assume div_by<16>, %50 : tile<i32>
    %52 = assume bounded<0, ?>, %12 : tile<i32>
    %53 = assume div_by<16>, %52 : tile<i32>
    %54 = make_token : token
    %55 = assume div_by<16>, %7 : tile<ptr<f16>>
    %56 = make_tensor_view %55, shape = [%45, %47, %49], strides = [%51, %53, 1] : tile<i32> -> tensor_view<?x?x?xf16, strides=[?,?,1]>
    %57 = assume bounded<0, ?>, %15 : tile<i32>
    %58 = assume div_by<4>, %57 : tile<i32>
    %59 = assume bounded<0, ?>, %16 : tile<i32>
    %60 = assume div_by<16>, %59 : tile<i32>
    %61 = assume bounded<0, ?>, %17 : tile<i32>
    %62 = assume div_by<16>, %61 : tile<i32>
    %63 = assume bounded<0, ?>, %18 : tile<i32>
    %64 = assume div_by<16>, %63 : tile<i32>
    %65 = assume bounded<0, ?>, %19 : tile<i32>
    %66 = assume div_by<16>, %65 : tile<i32>
    %67 = make_token : token
    %68 = assume div_by<16>, %14 : tile<ptr<f16>>
    %69 = make_tensor_view %68, shape = [%58, %60, %62], strides = [%64, %66, 1] : tile<i32> -> tensor_view<?x?x?xf16, strides=[?,?,1]>
    %70 = assume div_by<4>, %21 : tile<i32>
    %71 = assume div_by<16>, %22 : tile<i32>
    %72 = assume div_by<16>, %23 : tile<i32>
    %73 = assume div_by<16>, %24 : tile<i32>
    %74 = constant <i32: 256> : tile<i32>
    %75 = constant <i32: 256> : tile<i32>
    %76 = constant <i32: 64> : tile<i32>
    %77 = constant <i32: 8> : tile<i32>
    %78 = constant <i32: 1> : tile<i32>
    %79 = constant <i32: 1> : tile<i32>
    %80 = assume bounded<0, ?>, %70 : tile<i32>
    %81 = assume bounded<0, ?>, %71 : tile<i32>
    %82 = assume bounded<0, ?>, %72 : tile<i32>
    %83 = assume bounded<0, ?>, %73 : tile<i32>
    %84 = addi %81, %74 : tile<i32>
    %85 = constant <i32: 1> : tile<i32>
    %86 = subi %84, %85 : tile<i32>
    %87 = divi %86, %74 signed rounding negative_inf : tile<i32>
    %88 = addi %82, %75 : tile<i32>
    %89 = constant <i32: 1> : tile<i32>
    %90 = subi %88, %89 : tile<i32>
    %91 = divi %90, %75 signed rounding negative_inf : tile<i32>
    %92 = muli %87, %91 : tile<i32>
    %93 = muli %92, %80 : tile<i32>
    %94 = muli %77, %91 : tile<i32>
    %95 = addi %83, %76 : tile<i32>
    %96 = constant <i32: 1> : tile<i32>
    %97 = subi %95, %96 : tile<i32>
    %98 = divi %97, %76 signed rounding negative_inf : tile<i32>
    %99, %100, %101 = get_tile_block_id : tile<i32>
    %102 = assume bounded<0, ?>, %99 : tile<i32>
    %103 = assume bounded<0, ?>, %100 : tile<i32>
    %104 = assume bounded<0, ?>, %101 : tile<i32>
    %105, %106, %107 = get_num_tile_blocks : tile<i32>
    %108 = assume bounded<0, ?>, %105 : tile<i32>
    %109 = assume bounded<0, ?>, %106 : tile<i32>
    %110 = assume bounded<0, ?>, %107 : tile<i32>
    %111 = constant <i32: 1> : tile<i32>
    %112 = constant <i32: 256> : tile<i32>
    %113 = constant <i32: 256> : tile<i32>
    %114 = constant <i32: -1> : tile<i32>
    %115 = constant <i32: -1> : tile<i32>
    %116 = constant <i32: -1> : tile<i32>
    %117 = constant <i32: -1> : tile<i32>
    %118 = constant <i32: -1> : tile<i32>
    %119 = constant <i32: -1> : tile<i32>
    %120 = make_partition_view %69 : partition_view<tile=(1x256x256), tensor_view<?x?x?xf16, strides=[?,?,1]>>
    for %121 in (%102 to %93, step %108) : tile<i32> {
      %122 = divi %121, %92 signed rounding negative_inf : tile<i32>
      %123 = remi %121, %92 signed : tile<i32>
      %124 = divi %123, %94 signed rounding negative_inf : tile<i32>
      %125 = muli %124, %77 : tile<i32>
      %126 = subi %87, %125 : tile<i32>
      %127 = cmpi less_than %126, %77, signed : tile<i32> -> tile<i1>
      %128 = if %127 -> (tile<i32>) {
        yield %126 : tile<i32>
      } else {
        yield %77 : tile<i32>
      }
      %129 = remi %123, %128 signed : tile<i32>
      %130 = addi %125, %129 : tile<i32>
      %131 = remi %123, %94 signed : tile<i32>
      %132 = divi %131, %128 signed rounding negative_inf : tile<i32>
      %133 = constant <f32: 0.0> : tile<256x256xf32>
      %134 = constant <i32: 0> : tile<i32>
      %135 = constant <i32: 1> : tile<i32>
      %220 = for %136 in (%134 to %98, step %135) : tile<i32> iter_values(%137 = %133) -> (tile<256x256xf32>) {
        %138 = assume bounded<0, ?>, %136 : tile<i32>
        %139 = constant <i32: 1> : tile<i32>
        %140 = constant <i32: 256> : tile<i32>
        %141 = constant <i32: 64> : tile<i32>
        %142 = constant <i32: -1> : tile<i32>
        %143 = constant <i32: -1> : tile<i32>
        %144 = constant <i32: -1> : tile<i32>
        %145 = constant <i32: -1> : tile<i32>
        %146 = constant <i32: -1> : tile<i32>
        %147 = constant <i32: -1> : tile<i32>
        %148 = make_partition_view %43 : partition_view<tile=(1x256x64), padding_value = zero, tensor_view<?x?x?xf16, strides=[?,?,1]>>
        %149, %150 = load_view_tko weak %148[%122, %130, %138] token = %41 optimization_hints = #cuda_tile.optimization_hints<sm_100 = {latency = 3}> : partition_view<tile=(1x256x64), padding_value = zero, tensor_view<?x?x?xf16, strides=[?,?,1]>>, tile<i32> -> tile<1x256x64xf16>, token
        %151 = constant <i32: 1> : tile<i32>
        %152 = constant <i32: 256> : tile<i32>
        %153 = constant <i32: 64> : tile<i32>
        %154 = constant <i32: 256> : tile<i32>
        %155 = constant <i32: 64> : tile<i32>
        %156 = reshape %149 : tile<1x256x64xf16> -> tile<256x64xf16>
        %157 = constant <i32: 1> : tile<i32>
        %159 = constant <i1: 1> : tile<i1>
        %160 = constant <i32: 1> : tile<i32>
        %161 = constant <i32: 64> : tile<i32>
        %162 = constant <i32: 256> : tile<i32>
        %163 = constant <i32: -1> : tile<i32>
        %164 = constant <i32: -1> : tile<i32>
        %165 = constant <i32: -1> : tile<i32>
        %166 = constant <i32: -1> : tile<i32>
        %167 = constant <i32: -1> : tile<i32>
        %168 = constant <i32: -1> : tile<i32>
        %169 = make_partition_view %43 : partition_view<tile=(1x64x256), padding_value = zero, tensor_view<?x?x?xf16, strides=[?,?,1]>>
        %170, %171 = load_view_tko weak %169[%122, %138, %130] token = %41 optimization_hints = #cuda_tile.optimization_hints<sm_100 = {latency = 3}> : partition_view<tile=(1x64x256), padding_value = zero, tensor_view<?x?x?xf16, strides=[?,?,1]>>, tile<i32> -> tile<1x64x256xf16>, token
        %172 = permute %170 [0, 2, 1] : tile<1x64x256xf16> -> tile<1x256x64xf16>
        %173 = constant <i32: 1> : tile<i32>
        %174 = constant <i32: 256> : tile<i32>
        %175 = constant <i32: 64> : tile<i32>
        %176 = constant <i32: 256> : tile<i32>
        %177 = constant <i32: 64> : tile<i32>
        %178 = reshape %172 : tile<1x256x64xf16> -> tile<256x64xf16>
        %179 = constant <i32: 1> : tile<i32>
        %180 = constant <i32: 64> : tile<i32>
        %181 = constant <i32: 256> : tile<i32>
        %182 = constant <i32: -1> : tile<i32>
        %183 = constant <i32: -1> : tile<i32>
        %184 = constant <i32: -1> : tile<i32>
        %185 = constant <i32: -1> : tile<i32>
        %186 = constant <i32: -1> : tile<i32>
        %187 = constant <i32: -1> : tile<i32>
        %188 = make_partition_view %56 : partition_view<tile=(1x64x256), padding_value = zero, tensor_view<?x?x?xf16, strides=[?,?,1]>>
        %189, %190 = load_view_tko weak %188[%122, %138, %132] token = %54 optimization_hints = #cuda_tile.optimization_hints<sm_100 = {latency = 3}> : partition_view<tile=(1x64x256), padding_value = zero, tensor_view<?x?x?xf16, strides=[?,?,1]>>, tile<i32> -> tile<1x64x256xf16>, token
        %191 = constant <i32: 1> : tile<i32>
        %192 = constant <i32: 64> : tile<i32>
        %193 = constant <i32: 256> : tile<i32>
        %194 = constant <i32: 64> : tile<i32>
        %195 = constant <i32: 256> : tile<i32>
        %196 = reshape %189 : tile<1x64x256xf16> -> tile<64x256xf16>
        %197 = constant <i32: 1> : tile<i32>
        %199 = constant <i1: 1> : tile<i1>
        %200 = constant <i32: 1> : tile<i32>
        %201 = constant <i32: 256> : tile<i32>
        %202 = constant <i32: 64> : tile<i32>
        %203 = constant <i32: -1> : tile<i32>
        %204 = constant <i32: -1> : tile<i32>
        %205 = constant <i32: -1> : tile<i32>
        %206 = constant <i32: -1> : tile<i32>
        %207 = constant <i32: -1> : tile<i32>
        %208 = constant <i32: -1> : tile<i32>
        %209 = make_partition_view %56 : partition_view<tile=(1x256x64), padding_value = zero, tensor_view<?x?x?xf16, strides=[?,?,1]>>
        %210, %211 = load_view_tko weak %209[%122, %132, %138] token = %54 optimization_hints = #cuda_tile.optimization_hints<sm_100 = {latency = 3}> : partition_view<tile=(1x256x64), padding_value = zero, tensor_view<?x?x?xf16, strides=[?,?,1]>>, tile<i32> -> tile<1x256x64xf16>, token
        %212 = permute %210 [0, 2, 1] : tile<1x256x64xf16> -> tile<1x64x256xf16>
        %213 = constant <i32: 1> : tile<i32>
        %214 = constant <i32: 64> : tile<i32>
        %215 = constant <i32: 256> : tile<i32>
        %216 = constant <i32: 64> : tile<i32>
        %217 = constant <i32: 256> : tile<i32>
        %218 = reshape %212 : tile<1x64x256xf16> -> tile<64x256xf16>
        %219 = mmaf %178, %218, %137 : tile<256x64xf16>, tile<64x256xf16>, tile<256x256xf32>
        continue %219 : tile<256x256xf32>
      }
      %221 = ftof %220 : tile<256x256xf32> -> tile<256x256xf16>
      %222 = constant <i32: 256> : tile<i32>
      %223 = constant <i32: 256> : tile<i32>
      %224 = constant <i32: 1> : tile<i32>
      %225 = constant <i32: 256> : tile<i32>
      %226 = constant <i32: 256> : tile<i32>
      %227 = reshape %221 : tile<256x256xf16> -> tile<1x256x256xf16>
      %228 = store_view_tko weak %227, %120[%122, %130, %132] token = %67 optimization_hints = #cuda_tile.optimization_hints<sm_100 = {latency = 3}> : tile<1x256x256xf16>, partition_view<tile=(1x256x256), tensor_view<?x?x?xf16, strides=[?,?,1]>>, tile<i32> -> token
      continue
    }
    return
  }
}
