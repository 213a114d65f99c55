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
    %45 = offset %25, %9 : tile<ptr<f32>>, tile<i32> -> tile<ptr<f32>>
    %46 = constant <i32: 1> : tile<i32>
    %47 = reshape %45 : tile<ptr<f32>> -> tile<1xptr<f32>>
    %48 = constant <i32: 1> : tile<i32>
    %49 = constant <i32: 1024> : tile<i32>
    %50 = broadcast %47 : tile<1xptr<f32>> -> tile<1024xptr<f32>>
    %51 = constant <i32: 1024> : tile<i32>
    %52 = offset %50, %27 : tile<1024xptr<f32>>, tile<1024xi32> -> tile<1024xptr<f32>>
    %53, %54 = load_ptr_tko weak %52, %35 optimization_hints = #cuda_tile.optimization_hints<sm_100 = {latency = 3}> : tile<1024xptr<f32>>, tile<1024xi1> -> tile<1024xf32>, token
    %55 = constant <f32: 1.4426950216293335> : tile<1024xf32>
    %56 = mulf %43, %55 flush_to_zero : tile<1024xf32>
    %57 = exp2 %56 flush_to_zero : tile<1024xf32>
    %58 = constant <f32: 1.0> : tile<1024xf32>
    %59 = addf %57, %58 flush_to_zero : tile<1024xf32>
    %60 = divf %57, %59 rounding<approx> flush_to_zero : tile<1024xf32>
    %61 = mulf %43, %60 flush_to_zero : tile<1024xf32>
    %62 = mulf %61, %53 flush_to_zero : tile<1024xf32>
    %63 = constant <i32: 1> : tile<i32>
    %64 = reshape %26 : tile<ptr<f32>> -> tile<1xptr<f32>>
    %65 = constant <i32: 1> : tile<i32>
    %66 = constant <i32: 1024> : tile<i32>
    %67 = broadcast %64 : tile<1xptr<f32>> -> tile<1024xptr<f32>>
    %68 = constant <i32: 1024> : tile<i32>
    %69 = offset %67, %27 : tile<1024xptr<f32>>, tile<1024xi32> -> tile<1024xptr<f32>>
    %70 = store_ptr_tko weak %69, %62, %35 optimization_hints = #cuda_tile.optimization_hints<sm_100 = {latency = 3}> : tile<1024xptr<f32>>, tile<1024xf32>, tile<1024xi1> -> token
    return
  }
}
