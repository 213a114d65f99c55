// Tile IR bytecode v13.3 decoded and printed as MLIR text by the cutile-ir printer (NVlabs/cutile-rs, Module::to_mlir_text)
cuda_tile.module @kernels {
  entry @_relu_fwd_kernel_Kt1_A1f16_1i16t1_p16_A1f16_1i16t1_p16_I1048576_I1024(%0: tile<ptr<f16>>, %1: tile<i32>, %2: tile<i32>, %3: tile<ptr<f16>>, %4: tile<i32>, %5: tile<i32>) optimization_hints = #cuda_tile.optimization_hints<default = {}> {
    %6 = make_token : token
    %7 = assume div_by<16>, %0 : tile<ptr<f16>>
    %8 = assume div_by<16>, %1 : tile<i32>
    %9 = assume div_by<16>, %3 : tile<ptr<f16>>
    %10 = assume div_by<16>, %4 : tile<i32>
    %11 = constant <i64: 1> : tile<1024xi64>
    %12 = constant <i64: 1> : tile<1024xi64>
    %13 = assume bounded<0, ?>, %8 : tile<i32>
    %14 = assume bounded<0, ?>, %10 : tile<i32>
    %15 = constant <i32: 1024> : tile<i32>
    %16, %17, %18 = get_tile_block_id : tile<i32>
    %19 = muli %16, %15 : tile<i32>
    %20 = iota : tile<1024xi32>
    %21 = reshape %19 : tile<i32> -> tile<1xi32>
    %22 = broadcast %21 : tile<1xi32> -> tile<1024xi32>
    %23 = addi %22, %20 : tile<1024xi32>
    %24 = exti %23 signed : tile<1024xi32> -> tile<1024xi64>
    %25 = exti %13 signed : tile<i32> -> tile<i64>
    %26 = reshape %25 : tile<i64> -> tile<1xi64>
    %27 = broadcast %26 : tile<1xi64> -> tile<1024xi64>
    %28 = cmpi less_than %24, %27, unsigned : tile<1024xi64> -> tile<1024xf32>
    %29 = muli %24, %11 : tile<1024xi64>
    %30 = reshape %7 : tile<ptr<f16>> -> tile<1xptr<f16>>
    %31 = broadcast %30 : tile<1xptr<f16>> -> tile<1024xptr<f16>>
    %32 = offset %31, %29 : tile<1024xptr<f16>>, tile<1024xi64> -> tile<1024xptr<f16>>
    %33 = constant <f16: 0.0> : tile<f16>
    %34 = reshape %33 : tile<f16> -> tile<1xf16>
    %35 = broadcast %34 : tile<1xf16> -> tile<1024xf16>
    %36, %37 = load_ptr_tko weak %32, %28, %35 token=%6 : tile<1024xptr<f16>>, tile<1024xi1>, tile<1024xf16> -> tile<1024xf16>, token
    %38 = ftof %36 : tile<1024xf16> -> tile<1024xf32>
    %39 = constant <f32: 0.0> : tile<1024xf32>
    %40 = maxf %38, %39 : tile<1024xf32>
    %41 = ftof %40 : tile<1024xf32> -> tile<1024xf16>
    %42 = exti %23 signed : tile<1024xi32> -> tile<1024xi64>
    %43 = exti %14 signed : tile<i32> -> tile<i64>
    %44 = reshape %43 : tile<i64> -> tile<1xi64>
    %45 = broadcast %44 : tile<1xi64> -> tile<1024xi64>
    %46 = cmpi less_than %42, %45, unsigned : tile<1024xi64> -> tile<1024xi1>
    %47 = muli %42, %12 : tile<1024xi64>
    %48 = reshape %9 : tile<ptr<f16>> -> tile<1xptr<f16>>
    %49 = broadcast %48 : tile<1xptr<f16>> -> tile<1024xptr<f16>>
    %50 = offset %49, %47 : tile<1024xptr<f16>>, tile<1024xi64> -> tile<1024xptr<f16>>
    %51 = store_ptr_tko weak %50, %41, %46 token=%6 : tile<1024xptr<f16>>, tile<1024xf16>, tile<1024xi1> -> token
    return
  }
}
