cuda_tile.module @silu_and_mul_module {
  entry @silu_and_mul_kernel_entry(%0: tile<ptr<f32>>, %1: tile<ptr<f32>>, %2: tile<i32>, %3: tile<i32>, %4: tile<i32>) {
    %5 = constant <i32: 1024> : tile<i32>
    %6 = assume div_by<16>, %0 : tile<ptr<f32>>
    %7 = assume div_by<16>, %1 : tile<ptr<f32>>
    %8 = assume div_by<8>, %2 : tile<i32>
    %9 = assume div_by<16>, %3 : tile<i32>
    %10 = assume div_by<8>, %4 : tile<i32>
    %11 = constant <i32: 1024> : tile<i32>
    %12 = assume div_by<16>, %6 : tile<ptr<f32>>
    %13 = assume div_by<16>, %7 : tile<ptr<f32>>
    %14, %15, %16 = get_tile_block_id : tile<i32>
    %17 = assume bounded<0, ?>, %14 : tile<i32>
    %18 = assume bounded<0, ?>, %15 : tile<i32>
    %19 = assume bounded<0, ?>, %16 : tile<i32>
    %20 = exti %17 signed : tile<i32> -> tile<i64>
    %21 = exti %9 signed : tile<i32> -> tile<i64>
    %22 = exti %10 signed : tile<i32> -> tile<i64>
    %23 = muli %20, %21 : tile<i64>
    %24 = muli %20, %22 : tile<i64>
    %25 = offset %13, %23 : tile<ptr<f32>>, tile<i64> -> tile<ptr<f32>>
    %26 = offset %12, %24 : tile<ptr<f32>>, tile<i64> -> tile<ptr<f32>>
    %27 = iota : tile<1024xi32>
    %28 = constant <i32: 1024> : tile<i32>
    %29 = constant <i32: 1> : tile<i32>
    %30 = constant <i32: 1> : tile<i32>
    %31 = reshape %8 : tile<i32> -> tile<1xi32>
    %32 = constant <i32: 1> : tile<i32>
    %33 = constant <i32: 1024> : tile<i32>
    %34 = broadcast %31 : tile<1xi32> -> tile<1024xi32>
    %35 = cmpi less_than %27, %34, signed : tile<1024xi32> -> tile<1024xi1>
    %36 = constant <i32: 1> : tile<i32>
    %37 = reshape %25 : tile<ptr<f32>> -> tile<1xptr<f32>>
    %38 = constant <i32: 1> : tile<i32>
    %39 = constant <i32: 1024> : tile<i32>
    %40 = broadcast %37 : tile<1xptr<f32>> -> tile<1024xptr<f32>>
    %41 = constant <i32: 1024> : tile<i32>
    %42 = offset %40, %27 : tile<1024xptr<f32>>, tile<1024xi32> -> tile<1024xptr<f32>>
    %43, %44 = load_ptr_tko weak %42, %35 optimization_hints = #cuda_tile.optimization_hints<sm_100 = {latency = 3}> : tile<1024xptr<f32>>, tile<1024xi1> -> tile<1024xf32>, token
    %45 = constant <i32: 1000> : tile<i32>
    %46 = offset %25, %45 : tile<ptr<f32>>, tile<i32> -> tile<ptr<f32>>
    %47 = constant <i32: 1> : tile<i32>
    %48 = reshape %46 : tile<ptr<f32>> -> tile<1xptr<f32>>
    %49 = constant <i32: 1> : tile<i32>
    %50 = constant <i32: 1024> : tile<i32>
    %51 = broadcast %48 : tile<1xptr<f32>> -> tile<1024xptr<f32>>
    %52 = constant <i32: 1024> : tile<i32>
    %53 = offset %51, %27 : tile<1024xptr<f32>>, tile<1024xi32> -> tile<1024xptr<f32>>
    %54, %55 = load_ptr_tko weak %53, %35 optimization_hints = #cuda_tile.optimization_hints<sm_100 = {latency = 3}> : tile<1024xptr<f32>>, tile<1024xi1> -> tile<1024xf32>, token
    %56 = constant <f32: 1.4426950216293335> : tile<1024xf32>
    %57 = mulf %43, %56 flush_to_zero : tile<1024xf32>
    %58 = exp2 %57 flush_to_zero : tile<1024xf32>
    %59 = constant <f32: 1.0> : tile<1024xf32>
    %60 = addf %58, %59 flush_to_zero : tile<1024xf32>
    %61 = divf %58, %60 rounding<approx> flush_to_zero : tile<1024xf32>
    %62 = mulf %43, %61 flush_to_zero : tile<1024xf32>
    %63 = mulf %62, %54 flush_to_zero : tile<1024xf32>
    %64 = constant <i32: 1> : tile<i32>
    %65 = reshape %26 : tile<ptr<f32>> -> tile<1xptr<f32>>
    %66 = constant <i32: 1> : tile<i32>
    %67 = constant <i32: 1024> : tile<i32>
    %68 = broadcast %65 : tile<1xptr<f32>> -> tile<1024xptr<f32>>
    %69 = constant <i32: 1024> : tile<i32>
    %70 = offset %68, %27 : tile<1024xptr<f32>>, tile<1024xi32> -> tile<1024xptr<f32>>
    %71 = store_ptr_tko weak %70, %63, %35 optimization_hints = #cuda_tile.optimization_hints<sm_100 = {latency = 3}> : tile<1024xptr<f32>>, tile<1024xf32>, tile<1024xi1> -> token
    return
  }
}
