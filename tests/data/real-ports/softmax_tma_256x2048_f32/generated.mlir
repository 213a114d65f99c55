cuda_tile.module @softmax_tma_module {
  entry @softmax_tma_kernel_entry(%0: tile<ptr<f32>>, %1: tile<i32>, %2: tile<i32>, %3: tile<i32>, %4: tile<i32>, %5: tile<ptr<f32>>, %6: tile<i32>, %7: tile<i32>, %8: tile<i32>, %9: tile<i32>) optimization_hints = #cuda_tile.optimization_hints<sm_100 = {occupancy = 2}> {
    %10 = constant <i32: 256> : tile<i32>
    %11 = constant <i32: 2048> : tile<i32>
    %12 = constant <i32: 2048> : tile<i32>
    %13 = assume bounded<0, ?>, %1 : tile<i32>
    %14 = assume div_by<16>, %13 : tile<i32>
    %15 = assume bounded<0, ?>, %2 : tile<i32>
    %16 = assume div_by<16>, %15 : tile<i32>
    %17 = assume bounded<0, ?>, %3 : tile<i32>
    %18 = assume div_by<16>, %17 : tile<i32>
    %19 = make_token : token
    %20 = assume div_by<16>, %0 : tile<ptr<f32>>
    %21 = make_tensor_view %20, shape = [%14, %16], strides = [%18, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %22 = assume bounded<0, ?>, %6 : tile<i32>
    %23 = assume div_by<16>, %22 : tile<i32>
    %24 = assume bounded<0, ?>, %7 : tile<i32>
    %25 = assume div_by<16>, %24 : tile<i32>
    %26 = assume bounded<0, ?>, %8 : tile<i32>
    %27 = assume div_by<16>, %26 : tile<i32>
    %28 = make_token : token
    %29 = assume div_by<16>, %5 : tile<ptr<f32>>
    %30 = make_tensor_view %29, shape = [%23, %25], strides = [%27, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %31 = constant <i32: 256> : tile<i32>
    %32 = constant <i32: 2048> : tile<i32>
    %33 = constant <i32: 2048> : tile<i32>
    %34, %35, %36 = get_tile_block_id : tile<i32>
    %37 = assume bounded<0, ?>, %34 : tile<i32>
    %38 = assume bounded<0, ?>, %35 : tile<i32>
    %39 = assume bounded<0, ?>, %36 : tile<i32>
    %40, %41, %42 = get_num_tile_blocks : tile<i32>
    %43 = assume bounded<0, ?>, %40 : tile<i32>
    %44 = assume bounded<0, ?>, %41 : tile<i32>
    %45 = assume bounded<0, ?>, %42 : tile<i32>
    %46 = constant <i32: -1> : tile<i32>
    %47 = constant <i32: -1> : tile<i32>
    %48 = make_partition_view %30 : partition_view<tile=(1x2048), padding_value = neg_inf, tensor_view<?x?xf32, strides=[?,1]>>
    %49 = constant <i32: 1> : tile<i32>
    %50 = constant <i32: 2048> : tile<i32>
    %51 = constant <i32: -1> : tile<i32>
    %52 = constant <i32: -1> : tile<i32>
    %53 = constant <i32: -1> : tile<i32>
    %54 = constant <i32: -1> : tile<i32>
    %55 = make_partition_view %21 : partition_view<tile=(1x2048), tensor_view<?x?xf32, strides=[?,1]>>
    for %56 in (%37 to %31, step %43) : tile<i32> {
      %57 = assume bounded<?, 255>, %56 : tile<i32>
      %58 = constant <i32: 0> : tile<i32>
      %59, %60 = load_view_tko weak %48[%57, %58] token = %28 : partition_view<tile=(1x2048), padding_value = neg_inf, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x2048xf32>, token
      %64 = reduce %59 dim=1 identities=[-inf] : tile<1x2048xf32> -> tile<1xf32> {
      ^bb0(%61: tile<f32>, %62: tile<f32>):
        %63 = maxf %61, %62 {rounding_mode = 0} : tile<f32>
        yield %63 : tile<f32>
      }
      %65 = constant <i32: 1> : tile<i32>
      %66 = constant <i32: 1> : tile<i32>
      %67 = constant <i32: 1> : tile<i32>
      %68 = reshape %64 : tile<1xf32> -> tile<1x1xf32>
      %69 = constant <i32: 1> : tile<i32>
      %70 = constant <i32: 1> : tile<i32>
      %71 = constant <i32: 1> : tile<i32>
      %72 = constant <i32: 2048> : tile<i32>
      %73 = broadcast %68 : tile<1x1xf32> -> tile<1x2048xf32>
      %74 = subf %59, %73 : tile<1x2048xf32>
      %75 = exp %74 : tile<1x2048xf32>
      %79 = reduce %75 dim=1 identities=[0] : tile<1x2048xf32> -> tile<1xf32> {
      ^bb0(%76: tile<f32>, %77: tile<f32>):
        %78 = addf %76, %77 : tile<f32>
        yield %78 : tile<f32>
      }
      %80 = constant <i32: 1> : tile<i32>
      %81 = constant <i32: 1> : tile<i32>
      %82 = constant <i32: 1> : tile<i32>
      %83 = reshape %79 : tile<1xf32> -> tile<1x1xf32>
      %84 = constant <i32: 1> : tile<i32>
      %85 = constant <i32: 1> : tile<i32>
      %86 = constant <i32: 1> : tile<i32>
      %87 = constant <i32: 2048> : tile<i32>
      %88 = broadcast %83 : tile<1x1xf32> -> tile<1x2048xf32>
      %89 = divf %75, %88 rounding<approx> flush_to_zero : tile<1x2048xf32>
      %90 = constant <i32: 0> : tile<i32>
      %91 = store_view_tko weak %89, %55[%57, %90] token = %19 : tile<1x2048xf32>, partition_view<tile=(1x2048), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
      continue
    }
    return
  }
}
