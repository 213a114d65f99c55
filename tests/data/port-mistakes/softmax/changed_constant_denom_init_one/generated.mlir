cuda_tile.module @softmax_chunked_module {
  entry @softmax_chunked_kernel_entry(%0: tile<ptr<f32>>, %1: tile<i32>, %2: tile<i32>, %3: tile<i32>, %4: tile<i32>, %5: tile<ptr<f32>>, %6: tile<i32>, %7: tile<i32>, %8: tile<i32>, %9: tile<i32>) optimization_hints = #cuda_tile.optimization_hints<sm_100 = {occupancy = 4}> {
    %10 = constant <i32: 256> : tile<i32>
    %11 = constant <i32: 2048> : tile<i32>
    %12 = constant <i32: 2048> : tile<i32>
    %13 = assume div_by<16>, %0 : tile<ptr<f32>>
    %14 = assume div_by<16>, %1 : tile<i32>
    %15 = assume div_by<16>, %2 : tile<i32>
    %16 = assume div_by<16>, %3 : tile<i32>
    %17 = assume div_by<16>, %5 : tile<ptr<f32>>
    %18 = assume div_by<16>, %6 : tile<i32>
    %19 = assume div_by<16>, %7 : tile<i32>
    %20 = assume div_by<16>, %8 : tile<i32>
    %21 = constant <i32: 256> : tile<i32>
    %22 = constant <i32: 2048> : tile<i32>
    %23 = constant <i32: 2048> : tile<i32>
    %24 = assume div_by<16>, %13 : tile<ptr<f32>>
    %25 = assume div_by<16>, %17 : tile<ptr<f32>>
    %26 = assume bounded<0, ?>, %14 : tile<i32>
    %27 = assume bounded<0, ?>, %15 : tile<i32>
    %28 = assume bounded<0, ?>, %16 : tile<i32>
    %29 = assume bounded<0, ?>, %18 : tile<i32>
    %30 = assume bounded<0, ?>, %19 : tile<i32>
    %31 = assume bounded<0, ?>, %20 : tile<i32>
    %32, %33, %34 = get_tile_block_id : tile<i32>
    %35 = assume bounded<0, ?>, %32 : tile<i32>
    %36 = assume bounded<0, ?>, %33 : tile<i32>
    %37 = assume bounded<0, ?>, %34 : tile<i32>
    %38, %39, %40 = get_num_tile_blocks : tile<i32>
    %41 = assume bounded<0, ?>, %38 : tile<i32>
    %42 = assume bounded<0, ?>, %39 : tile<i32>
    %43 = assume bounded<0, ?>, %40 : tile<i32>
    %44 = constant <f32: -inf> : tile<2048xf32>
    %45 = iota : tile<2048xi32>
    %46 = exti %29 signed : tile<i32> -> tile<i64>
    %47 = constant <i32: 1> : tile<i32>
    %48 = reshape %46 : tile<i64> -> tile<1xi64>
    %49 = constant <i32: 1> : tile<i32>
    %50 = constant <i32: 2048> : tile<i32>
    %51 = broadcast %48 : tile<1xi64> -> tile<2048xi64>
    %52 = exti %31 signed : tile<i32> -> tile<i64>
    %53 = constant <i32: 1> : tile<i32>
    %54 = reshape %52 : tile<i64> -> tile<1xi64>
    %55 = constant <i32: 1> : tile<i32>
    %56 = constant <i32: 2048> : tile<i32>
    %57 = broadcast %54 : tile<1xi64> -> tile<2048xi64>
    %58 = exti %30 signed : tile<i32> -> tile<i64>
    %59 = constant <i32: 1> : tile<i32>
    %60 = reshape %58 : tile<i64> -> tile<1xi64>
    %61 = constant <i32: 1> : tile<i32>
    %62 = constant <i32: 2048> : tile<i32>
    %63 = broadcast %60 : tile<1xi64> -> tile<2048xi64>
    %64 = exti %26 signed : tile<i32> -> tile<i64>
    %65 = constant <i32: 1> : tile<i32>
    %66 = reshape %64 : tile<i64> -> tile<1xi64>
    %67 = constant <i32: 1> : tile<i32>
    %68 = constant <i32: 2048> : tile<i32>
    %69 = broadcast %66 : tile<1xi64> -> tile<2048xi64>
    %70 = exti %28 signed : tile<i32> -> tile<i64>
    %71 = constant <i32: 1> : tile<i32>
    %72 = reshape %70 : tile<i64> -> tile<1xi64>
    %73 = constant <i32: 1> : tile<i32>
    %74 = constant <i32: 2048> : tile<i32>
    %75 = broadcast %72 : tile<1xi64> -> tile<2048xi64>
    %76 = exti %27 signed : tile<i32> -> tile<i64>
    %77 = constant <i32: 1> : tile<i32>
    %78 = reshape %76 : tile<i64> -> tile<1xi64>
    %79 = constant <i32: 1> : tile<i32>
    %80 = constant <i32: 2048> : tile<i32>
    %81 = broadcast %78 : tile<1xi64> -> tile<2048xi64>
    %82 = constant <i32: 1> : tile<i32>
    %83 = reshape %25 : tile<ptr<f32>> -> tile<1xptr<f32>>
    %84 = constant <i32: 1> : tile<i32>
    %85 = constant <i32: 2048> : tile<i32>
    %86 = broadcast %83 : tile<1xptr<f32>> -> tile<2048xptr<f32>>
    %87 = constant <i32: 1> : tile<i32>
    %88 = reshape %24 : tile<ptr<f32>> -> tile<1xptr<f32>>
    %89 = constant <i32: 1> : tile<i32>
    %90 = constant <i32: 2048> : tile<i32>
    %91 = broadcast %88 : tile<1xptr<f32>> -> tile<2048xptr<f32>>
    %93 = constant <i32: 4096> : tile<i32>
    %94 = constant <i32: 1> : tile<i32>
    %96 = constant <i32: 4095> : tile<i32>
    %98 = constant <i32: 1> : tile<i32>
    %99 = make_token : token
    %225 = for %100 in (%35 to %21, step %41) : tile<i32> iter_values(%101 = %99) -> (token) {
      %102 = assume bounded<?, 255>, %100 : tile<i32>
      %103 = constant <i32: 2048> : tile<i32>
      %104 = constant <i32: 1> : tile<i32>
      %105 = constant <i32: 1> : tile<i32>
      %106 = reshape %102 : tile<i32> -> tile<1xi32>
      %107 = constant <i32: 1> : tile<i32>
      %108 = constant <i32: 2048> : tile<i32>
      %109 = broadcast %106 : tile<1xi32> -> tile<2048xi32>
      %110 = exti %109 signed : tile<2048xi32> -> tile<2048xi64>
      %111 = cmpi less_than %110, %51, signed : tile<2048xi64> -> tile<2048xi1>
      %112 = muli %110, %57 : tile<2048xi64>
      %113 = constant <f32: -inf> : tile<1xf32>
      %114 = constant <i32: 0> : tile<i32>
      %115 = constant <i32: 1> : tile<i32>
      %145 = for %116 in (%114 to %98, step %115) : tile<i32> iter_values(%117 = %113) -> (tile<1xf32>) {
        %118 = assume bounded<0, 0>, %116 : tile<i32>
        %120 = constant <i32: 0> : tile<i32>
        %121 = constant <i32: 2048> : tile<i32>
        %122 = constant <i32: 1> : tile<i32>
        %123 = constant <i32: 1> : tile<i32>
        %124 = reshape %120 : tile<i32> -> tile<1xi32>
        %125 = constant <i32: 1> : tile<i32>
        %126 = constant <i32: 2048> : tile<i32>
        %127 = broadcast %124 : tile<1xi32> -> tile<2048xi32>
        %128 = addi %127, %45 : tile<2048xi32>
        %129 = exti %128 signed : tile<2048xi32> -> tile<2048xi64>
        %130 = cmpi less_than %129, %63, signed : tile<2048xi64> -> tile<2048xi1>
        %131 = andi %111, %130 : tile<2048xi1>
        %132 = addi %112, %129 : tile<2048xi64>
        %133 = constant <i32: 2048> : tile<i32>
        %134 = offset %86, %132 : tile<2048xptr<f32>>, tile<2048xi64> -> tile<2048xptr<f32>>
        %135, %136 = load_ptr_tko weak %134, %131 : tile<2048xptr<f32>>, tile<2048xi1> -> tile<2048xf32>, token
        %137 = select %131, %135, %44 : tile<2048xi1>, tile<2048xf32>
        %141 = reduce %137 dim=0 identities=[-inf] : tile<2048xf32> -> tile<f32> {
        ^bb0(%138: tile<f32>, %139: tile<f32>):
          %140 = maxf %138, %139 {rounding_mode = 0} : tile<f32>
          yield %140 : tile<f32>
        }
        %142 = constant <i32: 1> : tile<i32>
        %143 = reshape %141 : tile<f32> -> tile<1xf32>
        %144 = maxf %117, %143 : tile<1xf32>
        continue %144 : tile<1xf32>
      }
      %146 = constant <i32: 1> : tile<i32>
      %147 = constant <i32: 2048> : tile<i32>
      %148 = broadcast %145 : tile<1xf32> -> tile<2048xf32>
      %149 = constant <f32: 1.0> : tile<1xf32>
      %150 = constant <i32: 0> : tile<i32>
      %151 = constant <i32: 1> : tile<i32>
      %183 = for %152 in (%150 to %98, step %151) : tile<i32> iter_values(%153 = %149) -> (tile<1xf32>) {
        %154 = assume bounded<0, 0>, %152 : tile<i32>
        %156 = constant <i32: 0> : tile<i32>
        %157 = constant <i32: 2048> : tile<i32>
        %158 = constant <i32: 1> : tile<i32>
        %159 = constant <i32: 1> : tile<i32>
        %160 = reshape %156 : tile<i32> -> tile<1xi32>
        %161 = constant <i32: 1> : tile<i32>
        %162 = constant <i32: 2048> : tile<i32>
        %163 = broadcast %160 : tile<1xi32> -> tile<2048xi32>
        %164 = addi %163, %45 : tile<2048xi32>
        %165 = exti %164 signed : tile<2048xi32> -> tile<2048xi64>
        %166 = cmpi less_than %165, %63, signed : tile<2048xi64> -> tile<2048xi1>
        %167 = andi %111, %166 : tile<2048xi1>
        %168 = addi %112, %165 : tile<2048xi64>
        %169 = constant <i32: 2048> : tile<i32>
        %170 = offset %86, %168 : tile<2048xptr<f32>>, tile<2048xi64> -> tile<2048xptr<f32>>
        %171, %172 = load_ptr_tko weak %170, %167 : tile<2048xptr<f32>>, tile<2048xi1> -> tile<2048xf32>, token
        %173 = select %167, %171, %44 : tile<2048xi1>, tile<2048xf32>
        %174 = subf %173, %148 : tile<2048xf32>
        %175 = exp %174 : tile<2048xf32>
        %179 = reduce %175 dim=0 identities=[0] : tile<2048xf32> -> tile<f32> {
        ^bb0(%176: tile<f32>, %177: tile<f32>):
          %178 = addf %176, %177 : tile<f32>
          yield %178 : tile<f32>
        }
        %180 = constant <i32: 1> : tile<i32>
        %181 = reshape %179 : tile<f32> -> tile<1xf32>
        %182 = addf %153, %181 : tile<1xf32>
        continue %182 : tile<1xf32>
      }
      %184 = constant <f32: 1.0> : tile<1xf32>
      %185 = divf %184, %183 rounding<approx> flush_to_zero : tile<1xf32>
      %186 = constant <i32: 1> : tile<i32>
      %187 = constant <i32: 2048> : tile<i32>
      %188 = broadcast %185 : tile<1xf32> -> tile<2048xf32>
      %189 = cmpi less_than %110, %69, signed : tile<2048xi64> -> tile<2048xi1>
      %190 = muli %110, %75 : tile<2048xi64>
      %191 = constant <i32: 0> : tile<i32>
      %192 = constant <i32: 1> : tile<i32>
      %224 = for %193 in (%191 to %98, step %192) : tile<i32> iter_values(%194 = %101) -> (token) {
        %195 = assume bounded<0, 0>, %193 : tile<i32>
        %197 = constant <i32: 0> : tile<i32>
        %198 = constant <i32: 2048> : tile<i32>
        %199 = constant <i32: 1> : tile<i32>
        %200 = constant <i32: 1> : tile<i32>
        %201 = reshape %197 : tile<i32> -> tile<1xi32>
        %202 = constant <i32: 1> : tile<i32>
        %203 = constant <i32: 2048> : tile<i32>
        %204 = broadcast %201 : tile<1xi32> -> tile<2048xi32>
        %205 = addi %204, %45 : tile<2048xi32>
        %206 = exti %205 signed : tile<2048xi32> -> tile<2048xi64>
        %207 = cmpi less_than %206, %63, signed : tile<2048xi64> -> tile<2048xi1>
        %208 = andi %111, %207 : tile<2048xi1>
        %209 = addi %112, %206 : tile<2048xi64>
        %210 = constant <i32: 2048> : tile<i32>
        %211 = offset %86, %209 : tile<2048xptr<f32>>, tile<2048xi64> -> tile<2048xptr<f32>>
        %212, %213 = load_ptr_tko weak %211, %208 : tile<2048xptr<f32>>, tile<2048xi1> -> tile<2048xf32>, token
        %214 = select %208, %212, %44 : tile<2048xi1>, tile<2048xf32>
        %215 = subf %214, %148 : tile<2048xf32>
        %216 = exp %215 : tile<2048xf32>
        %217 = mulf %216, %188 : tile<2048xf32>
        %218 = cmpi less_than %206, %81, signed : tile<2048xi64> -> tile<2048xi1>
        %219 = andi %189, %218 : tile<2048xi1>
        %220 = addi %190, %206 : tile<2048xi64>
        %221 = constant <i32: 2048> : tile<i32>
        %222 = offset %91, %220 : tile<2048xptr<f32>>, tile<2048xi64> -> tile<2048xptr<f32>>
        %223 = store_ptr_tko weak %222, %217, %219 token=%194 : tile<2048xptr<f32>>, tile<2048xf32>, tile<2048xi1> -> token
        continue %223 : token
      }
      continue %224 : token
    }
    return
  }
}
