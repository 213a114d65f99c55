cuda_tile.module @softmax_module {
  entry @softmax_multi_wave_kernel_entry(%0: tile<ptr<f32>>, %1: tile<i32>, %2: tile<i32>, %3: tile<i32>, %4: tile<i32>, %5: tile<ptr<f32>>, %6: tile<i32>, %7: tile<i32>, %8: tile<i32>, %9: tile<i32>) {
    %10 = constant <i32: 2048> : tile<i32>
    %11 = assume div_by<16>, %0 : tile<ptr<f32>>
    %12 = assume div_by<16>, %1 : tile<i32>
    %13 = assume div_by<16>, %2 : tile<i32>
    %14 = assume div_by<16>, %3 : tile<i32>
    %15 = assume div_by<16>, %5 : tile<ptr<f32>>
    %16 = assume div_by<16>, %6 : tile<i32>
    %17 = assume div_by<16>, %7 : tile<i32>
    %18 = assume div_by<16>, %8 : tile<i32>
    %19 = constant <i32: 2048> : tile<i32>
    %20 = assume div_by<16>, %11 : tile<ptr<f32>>
    %21 = assume div_by<16>, %15 : tile<ptr<f32>>
    %22 = assume bounded<0, ?>, %14 : tile<i32>
    %23 = assume bounded<0, ?>, %18 : tile<i32>
    %24, %25, %26 = get_tile_block_id : tile<i32>
    %27 = assume bounded<0, ?>, %24 : tile<i32>
    %28 = assume bounded<0, ?>, %25 : tile<i32>
    %29 = assume bounded<0, ?>, %26 : tile<i32>
    %30 = iota : tile<2048xi32>
    %31 = exti %30 signed : tile<2048xi32> -> tile<2048xi64>
    %32 = exti %27 signed : tile<i32> -> tile<i64>
    %33 = constant <i32: 1> : tile<i32>
    %34 = reshape %32 : tile<i64> -> tile<1xi64>
    %35 = constant <i32: 1> : tile<i32>
    %36 = constant <i32: 2048> : tile<i32>
    %37 = broadcast %34 : tile<1xi64> -> tile<2048xi64>
    %38 = exti %23 signed : tile<i32> -> tile<i64>
    %39 = constant <i32: 1> : tile<i32>
    %40 = reshape %38 : tile<i64> -> tile<1xi64>
    %41 = constant <i32: 1> : tile<i32>
    %42 = constant <i32: 2048> : tile<i32>
    %43 = broadcast %40 : tile<1xi64> -> tile<2048xi64>
    %44 = muli %37, %43 : tile<2048xi64>
    %45 = addi %44, %31 : tile<2048xi64>
    %46 = constant <i32: 1> : tile<i32>
    %47 = reshape %21 : tile<ptr<f32>> -> tile<1xptr<f32>>
    %48 = constant <i32: 1> : tile<i32>
    %49 = constant <i32: 2048> : tile<i32>
    %50 = broadcast %47 : tile<1xptr<f32>> -> tile<2048xptr<f32>>
    %51 = constant <i32: 2048> : tile<i32>
    %52 = offset %50, %45 : tile<2048xptr<f32>>, tile<2048xi64> -> tile<2048xptr<f32>>
    %53, %54 = load_ptr_tko weak %52 : tile<2048xptr<f32>> -> tile<2048xf32>, token
    %58 = reduce %53 dim=0 identities=[-inf] : tile<2048xf32> -> tile<f32> {
    ^bb0(%55: tile<f32>, %56: tile<f32>):
      %57 = maxf %55, %56 {rounding_mode = 0} : tile<f32>
      yield %57 : tile<f32>
    }
    %59 = constant <i32: 1> : tile<i32>
    %60 = reshape %58 : tile<f32> -> tile<1xf32>
    %61 = constant <i32: 1> : tile<i32>
    %62 = constant <i32: 2048> : tile<i32>
    %63 = broadcast %60 : tile<1xf32> -> tile<2048xf32>
    %64 = subf %53, %63 : tile<2048xf32>
    %65 = exp %64 : tile<2048xf32>
    %69 = reduce %65 dim=0 identities=[0] : tile<2048xf32> -> tile<f32> {
    ^bb0(%66: tile<f32>, %67: tile<f32>):
      %68 = addf %66, %67 : tile<f32>
      yield %68 : tile<f32>
    }
    %70 = constant <i32: 1> : tile<i32>
    %71 = reshape %69 : tile<f32> -> tile<1xf32>
    %72 = constant <i32: 1> : tile<i32>
    %73 = constant <i32: 2048> : tile<i32>
    %74 = broadcast %71 : tile<1xf32> -> tile<2048xf32>
    %75 = divf %65, %74 rounding<approx> flush_to_zero : tile<2048xf32>
    %76 = exti %22 signed : tile<i32> -> tile<i64>
    %77 = constant <i32: 1> : tile<i32>
    %78 = reshape %76 : tile<i64> -> tile<1xi64>
    %79 = constant <i32: 1> : tile<i32>
    %80 = constant <i32: 2048> : tile<i32>
    %81 = broadcast %78 : tile<1xi64> -> tile<2048xi64>
    %82 = muli %37, %81 : tile<2048xi64>
    %83 = addi %82, %31 : tile<2048xi64>
    %84 = constant <i32: 1> : tile<i32>
    %85 = reshape %20 : tile<ptr<f32>> -> tile<1xptr<f32>>
    %86 = constant <i32: 1> : tile<i32>
    %87 = constant <i32: 2048> : tile<i32>
    %88 = broadcast %85 : tile<1xptr<f32>> -> tile<2048xptr<f32>>
    %89 = constant <i32: 2048> : tile<i32>
    %90 = offset %88, %83 : tile<2048xptr<f32>>, tile<2048xi64> -> tile<2048xptr<f32>>
    %91 = store_ptr_tko weak %90, %75 : tile<2048xptr<f32>>, tile<2048xf32> -> token
    return
  }
}
