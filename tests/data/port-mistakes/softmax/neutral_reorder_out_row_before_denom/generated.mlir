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
      %146 = cmpi less_than %110, %69, signed : tile<2048xi64> -> tile<2048xi1>
      %147 = muli %110, %75 : tile<2048xi64>
      %148 = constant <i32: 1> : tile<i32>
      %149 = constant <i32: 2048> : tile<i32>
      %150 = broadcast %145 : tile<1xf32> -> tile<2048xf32>
      %151 = constant <f32: 0.0> : tile<1xf32>
      %152 = constant <i32: 0> : tile<i32>
      %153 = constant <i32: 1> : tile<i32>
      %185 = for %154 in (%152 to %98, step %153) : tile<i32> iter_values(%155 = %151) -> (tile<1xf32>) {
        %156 = assume bounded<0, 0>, %154 : tile<i32>
        %158 = constant <i32: 0> : tile<i32>
        %159 = constant <i32: 2048> : tile<i32>
        %160 = constant <i32: 1> : tile<i32>
        %161 = constant <i32: 1> : tile<i32>
        %162 = reshape %158 : tile<i32> -> tile<1xi32>
        %163 = constant <i32: 1> : tile<i32>
        %164 = constant <i32: 2048> : tile<i32>
        %165 = broadcast %162 : tile<1xi32> -> tile<2048xi32>
        %166 = addi %165, %45 : tile<2048xi32>
        %167 = exti %166 signed : tile<2048xi32> -> tile<2048xi64>
        %168 = cmpi less_than %167, %63, signed : tile<2048xi64> -> tile<2048xi1>
        %169 = andi %111, %168 : tile<2048xi1>
        %170 = addi %112, %167 : tile<2048xi64>
        %171 = constant <i32: 2048> : tile<i32>
        %172 = offset %86, %170 : tile<2048xptr<f32>>, tile<2048xi64> -> tile<2048xptr<f32>>
        %173, %174 = load_ptr_tko weak %172, %169 : tile<2048xptr<f32>>, tile<2048xi1> -> tile<2048xf32>, token
        %175 = select %169, %173, %44 : tile<2048xi1>, tile<2048xf32>
        %176 = subf %175, %150 : tile<2048xf32>
        %177 = exp %176 : tile<2048xf32>
        %181 = reduce %177 dim=0 identities=[0] : tile<2048xf32> -> tile<f32> {
        ^bb0(%178: tile<f32>, %179: tile<f32>):
          %180 = addf %178, %179 : tile<f32>
          yield %180 : tile<f32>
        }
        %182 = constant <i32: 1> : tile<i32>
        %183 = reshape %181 : tile<f32> -> tile<1xf32>
        %184 = addf %155, %183 : tile<1xf32>
        continue %184 : tile<1xf32>
      }
      %186 = constant <f32: 1.0> : tile<1xf32>
      %187 = divf %186, %185 rounding<approx> flush_to_zero : tile<1xf32>
      %188 = constant <i32: 1> : tile<i32>
      %189 = constant <i32: 2048> : tile<i32>
      %190 = broadcast %187 : tile<1xf32> -> tile<2048xf32>
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
        %215 = subf %214, %150 : tile<2048xf32>
        %216 = exp %215 : tile<2048xf32>
        %217 = mulf %216, %190 : tile<2048xf32>
        %218 = cmpi less_than %206, %81, signed : tile<2048xi64> -> tile<2048xi1>
        %219 = andi %146, %218 : tile<2048xi1>
        %220 = addi %147, %206 : tile<2048xi64>
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
