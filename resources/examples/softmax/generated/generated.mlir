// Synthetic (TileLens example, see ../README.md): the IR cutile-rs 0.2.0 would print for softmax_module::softmax_kernel<f16, 256, 512> (cutile-ir printer, Module::to_mlir_text)
cuda_tile.module @softmax_module {
  entry @softmax_kernel(%0: tile<ptr<f16>>, %1: tile<i32>, %2: tile<i32>, %3: tile<i32>, %4: tile<i32>, %5: tile<ptr<f16>>, %6: tile<i32>, %7: tile<i32>, %8: tile<i32>, %9: tile<i32>) optimization_hints = #cuda_tile.optimization_hints<default = {occupancy = 2}> {
    %10 = constant <i32: 256> : tile<i32>
    %11 = make_token : token
    %12 = assume div_by<16>, %0 : tile<ptr<f16>>
    %13 = assume div_by<16>, %1 : tile<i32>
    %14 = assume div_by<16>, %2 : tile<i32>
    %15 = assume div_by<8>, %3 : tile<i32>
    %16 = assume div_by<16>, %5 : tile<ptr<f16>>
    %17 = assume div_by<16>, %6 : tile<i32>
    %18 = assume div_by<16>, %7 : tile<i32>
    %19 = assume div_by<8>, %8 : tile<i32>
    %20 = assume bounded<0, ?>, %13 : tile<i32>
    %21 = assume div_by<16>, %20 : tile<i32>
    %22 = assume bounded<0, ?>, %14 : tile<i32>
    %23 = assume div_by<16>, %22 : tile<i32>
    %24 = assume bounded<0, ?>, %15 : tile<i32>
    %25 = assume div_by<8>, %24 : tile<i32>
    %26 = make_tensor_view %12, shape = [%21, %23], strides = [%25, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %27 = assume bounded<0, ?>, %17 : tile<i32>
    %28 = assume div_by<16>, %27 : tile<i32>
    %29 = assume bounded<0, ?>, %18 : tile<i32>
    %30 = assume div_by<16>, %29 : tile<i32>
    %31 = assume bounded<0, ?>, %19 : tile<i32>
    %32 = assume div_by<8>, %31 : tile<i32>
    %33 = make_tensor_view %16, shape = [%28, %30], strides = [%32, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %34 = make_partition_view %33 : partition_view<tile=(1x512), padding_value = neg_inf, tensor_view<?x?xf16, strides=[?,1]>>
    %35 = make_partition_view %26 : partition_view<tile=(1x512), tensor_view<?x?xf16, strides=[?,1]>>
    %36, %37, %38 = get_tile_block_id : tile<i32>
    %39 = assume bounded<0, ?>, %36 : tile<i32>
    %40, %41, %42 = get_num_tile_blocks : tile<i32>
    for %43 in (%39 to %10, step %40) : tile<i32> {
      %44 = constant <i32: 0> : tile<i32>
      %45, %46 = load_view_tko weak %34[%43, %44] token = %11 optimization_hints = #cuda_tile.optimization_hints<default = {latency = 3}> : partition_view<tile=(1x512), padding_value = neg_inf, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<1x512xf16>, token
      %47 = ftof %45 : tile<1x512xf16> -> tile<1x512xf32>
      %51 = reduce %47 dim=1 identities=[0] : tile<1x512xf32> -> tile<1xf32> {
      ^bb0(%48: tile<f32>, %49: tile<f32>):
        %50 = maxf %48, %49 : tile<f32>
        yield %50 : tile<f32>
      }
      %52 = reshape %51 : tile<1xf32> -> tile<1x1xf32>
      %53 = broadcast %52 : tile<1x1xf32> -> tile<1x512xf32>
      %54 = subf %47, %53 : tile<1x512xf32>
      %55 = exp %54 {rounding_mode = 4} : tile<1x512xf32>
      %59 = reduce %55 dim=1 identities=[0] : tile<1x512xf32> -> tile<1xf32> {
      ^bb0(%56: tile<f32>, %57: tile<f32>):
        %58 = addf %56, %57 : tile<f32>
        yield %58 : tile<f32>
      }
      %60 = reshape %59 : tile<1xf32> -> tile<1x1xf32>
      %61 = broadcast %60 : tile<1x1xf32> -> tile<1x512xf32>
      %62 = divf %55, %61 rounding<approx> : tile<1x512xf32>
      %63 = ftof %62 : tile<1x512xf32> -> tile<1x512xf16>
      %64 = constant <i32: 0> : tile<i32>
      %65 = store_view_tko weak %63, %35[%43, %64] token = %11 : tile<1x512xf16>, partition_view<tile=(1x512), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> token
      continue
    }
    return
  }
}
