// origin: ../shared/corpus/tilegym-cutile/mlir/softmax_tma_256x256_f16.mlir, copied unchanged below this line (kernel: NVIDIA/TileGym softmax.py `_softmax_kernel_tma`, MIT; printer: NVlabs/cutile-rs cutile-ir, Apache-2.0)
// Tile IR bytecode v13.3 decoded and printed as MLIR text by the cutile-ir printer (NVlabs/cutile-rs, Module::to_mlir_text)
cuda_tile.module @kernels {
  entry @_softmax_kernel_tma_Kt1_A2f16_1v8l0_2t1_3i16_p16_A2f16_1v8l0_2t1_3i16_p16_I256_I256_I256(%0: tile<ptr<f16>>, %1: tile<i32>, %2: tile<i32>, %3: tile<i32>, %4: tile<i32>, %5: tile<ptr<f16>>, %6: tile<i32>, %7: tile<i32>, %8: tile<i32>, %9: tile<i32>) optimization_hints = #cuda_tile.optimization_hints<default = {occupancy = 2}> {
    %10 = make_token : token
    %11 = assume div_by<16>, %0 : tile<ptr<f16>>
    %12 = assume div_by<16>, %1 : tile<i32>
    %13 = assume div_by<16>, %2 : tile<i32>
    %14 = assume div_by<8>, %3 : tile<i32>
    %15 = assume div_by<16>, %5 : tile<ptr<f16>>
    %16 = assume div_by<16>, %6 : tile<i32>
    %17 = assume div_by<16>, %7 : tile<i32>
    %18 = assume div_by<8>, %8 : tile<i32>
    %19 = constant <i32: 1> : tile<i32>
    %20 = constant <i32: 1> : tile<i32>
    %21 = assume bounded<0, ?>, %12 : tile<i32>
    %22 = assume div_by<16>, %21 : tile<i32>
    %23 = assume bounded<0, ?>, %13 : tile<i32>
    %24 = assume div_by<16>, %23 : tile<i32>
    %25 = assume bounded<0, ?>, %14 : tile<i32>
    %26 = assume div_by<8>, %25 : tile<i32>
    %27 = make_tensor_view %11, shape = [%22, %24], strides = [%26, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %28 = assume bounded<0, ?>, %16 : tile<i32>
    %29 = assume div_by<16>, %28 : tile<i32>
    %30 = assume bounded<0, ?>, %17 : tile<i32>
    %31 = assume div_by<16>, %30 : tile<i32>
    %32 = assume bounded<0, ?>, %18 : tile<i32>
    %33 = assume div_by<8>, %32 : tile<i32>
    %34 = make_tensor_view %15, shape = [%29, %31], strides = [%33, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %35 = constant <i32: 256> : tile<i32>
    %36, %37, %38 = get_tile_block_id : tile<i32>
    %39, %40, %41 = get_num_tile_blocks : tile<i32>
    %42 = constant <i32: 0> : tile<i32>
    %43 = make_partition_view %34 : partition_view<tile=(1x256), padding_value = neg_inf, tensor_view<?x?xf16, strides=[?,1]>>
    %44 = constant <i32: 0> : tile<i32>
    %45 = make_partition_view %27 : partition_view<tile=(1x256), tensor_view<?x?xf16, strides=[?,1]>>
    for %46 in (%36 to %35, step %39) : tile<i32> {
      %47, %48 = load_view_tko weak %43[%46, %42] token = %10 : partition_view<tile=(1x256), padding_value = neg_inf, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<1x256xf16>, token
      %49 = ftof %47 : tile<1x256xf16> -> tile<1x256xf32>
      %53 = reduce %49 dim=1 identities=[-inf] : tile<1x256xf32> -> tile<1xf32> {
      ^bb0(%50: tile<f32>, %51: tile<f32>):
        %52 = maxf %50, %51 : tile<f32>
        yield %52 : tile<f32>
      }
      %54 = reshape %53 : tile<1xf32> -> tile<1x1xf32>
      %55 = broadcast %54 : tile<1x1xf32> -> tile<1x256xf32>
      %56 = subf %49, %55 : tile<1x256xf32>
      %57 = exp %56 {rounding_mode = 4} : tile<1x256xf32>
      %61 = reduce %57 dim=1 identities=[0] : tile<1x256xf32> -> tile<1xf32> {
      ^bb0(%58: tile<f32>, %59: tile<f32>):
        %60 = addf %58, %59 : tile<f32>
        yield %60 : tile<f32>
      }
      %62 = reshape %61 : tile<1xf32> -> tile<1x1xf32>
      %63 = broadcast %62 : tile<1x1xf32> -> tile<1x256xf32>
      %64 = divf %57, %63 rounding<approx> flush_to_zero : tile<1x256xf32>
      %65 = ftof %64 : tile<1x256xf32> -> tile<1x256xf16>
      %66 = store_view_tko weak %65, %45[%46, %44] token = %10 : tile<1x256xf16>, partition_view<tile=(1x256), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> token
      continue
    }
    return
  }
}
