// TileLens example: stand-in for what cutile-rs would emit for `static_persistent_matmul_kernel` (variant static_persistent).
// Derived from reference/reference_static_persistent.mlir (real cuTile Python output, see README.md) by renaming
// the module and the entry to the Rust names; nothing was compiled by cutile-rs.
cuda_tile.module @matmul_module {
  entry @static_persistent_matmul_kernel(%0: tile<ptr<f16>>, %1: tile<i32>, %2: tile<i32>, %3: tile<i32>, %4: tile<i32>, %5: tile<ptr<f16>>, %6: tile<i32>, %7: tile<i32>, %8: tile<i32>, %9: tile<i32>, %10: tile<ptr<f16>>, %11: tile<i32>, %12: tile<i32>, %13: tile<i32>, %14: tile<i32>, %15: tile<i32>, %16: tile<i32>, %17: tile<i32>) optimization_hints = #cuda_tile.optimization_hints<default = {num_cta_in_cga = 4, occupancy = 1}> {
    %18 = make_token : token
    %19 = assume div_by<16>, %0 : tile<ptr<f16>>
    %20 = assume div_by<16>, %1 : tile<i32>
    %21 = assume div_by<8>, %3 : tile<i32>
    %22 = assume div_by<16>, %5 : tile<ptr<f16>>
    %23 = assume div_by<16>, %7 : tile<i32>
    %24 = assume div_by<8>, %8 : tile<i32>
    %25 = assume div_by<16>, %10 : tile<ptr<f16>>
    %26 = assume div_by<16>, %11 : tile<i32>
    %27 = assume div_by<16>, %12 : tile<i32>
    %28 = assume div_by<8>, %13 : tile<i32>
    %29 = constant <i32: 1> : tile<i32>
    %30 = constant <i32: 1> : tile<i32>
    %31 = constant <i32: 1> : tile<i32>
    %32 = assume bounded<0, ?>, %20 : tile<i32>
    %33 = assume div_by<16>, %32 : tile<i32>
    %34 = assume bounded<0, ?>, %2 : tile<i32>
    %35 = assume bounded<0, ?>, %21 : tile<i32>
    %36 = assume div_by<8>, %35 : tile<i32>
    %37 = make_tensor_view %19, shape = [%33, %34], strides = [%36, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %38 = assume bounded<0, ?>, %6 : tile<i32>
    %39 = assume bounded<0, ?>, %23 : tile<i32>
    %40 = assume div_by<16>, %39 : tile<i32>
    %41 = assume bounded<0, ?>, %24 : tile<i32>
    %42 = assume div_by<8>, %41 : tile<i32>
    %43 = make_tensor_view %22, shape = [%38, %40], strides = [%42, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %44 = assume bounded<0, ?>, %26 : tile<i32>
    %45 = assume div_by<16>, %44 : tile<i32>
    %46 = assume bounded<0, ?>, %27 : tile<i32>
    %47 = assume div_by<16>, %46 : tile<i32>
    %48 = assume bounded<0, ?>, %28 : tile<i32>
    %49 = assume div_by<8>, %48 : tile<i32>
    %50 = make_tensor_view %25, shape = [%45, %47], strides = [%49, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %51 = constant <i32: 128> : tile<i32>
    %52 = constant <i32: 512> : tile<i32>
    %53 = constant <i32: 64> : tile<i32>
    %54 = constant <i32: 8> : tile<i32>
    %55, %56, %57 = get_tile_block_id : tile<i32>
    %58 = divi %15, %51 signed rounding positive_inf : tile<i32>
    %59 = divi %16, %52 signed rounding positive_inf : tile<i32>
    %60 = divi %17, %53 signed rounding positive_inf : tile<i32>
    %61 = muli %58, %59 : tile<i32>
    %62, %63, %64 = get_num_tile_blocks : tile<i32>
    %65 = muli %54, %59 : tile<i32>
    %66 = constant <i32: 0> : tile<i32>
    %67 = constant <i32: 0> : tile<i32>
    %68 = cmpi less_than %65, %67, signed : tile<i32> -> tile<i1>
    %69 = constant <f32: 0.0> : tile<128x512xf32>
    %70 = constant <i32: 0> : tile<i32>
    %71 = constant <i32: 1> : tile<i32>
    %72 = make_partition_view %37 : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %73 = make_partition_view %43 : partition_view<tile=(64x512), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %74 = make_partition_view %50 : partition_view<tile=(128x512), tensor_view<?x?xf16, strides=[?,1]>>
    %108 = for %75 in (%55 to %61, step %62) : tile<i32> iter_values(%76 = %18) -> (token) {
      %77 = divi %75, %65 signed rounding negative_inf : tile<i32>
      %78 = muli %77, %54 : tile<i32>
      %79 = subi %58, %78 : tile<i32>
      %80 = mini %79, %54 signed : tile<i32>
      %81 = remi %75, %80 signed : tile<i32>
      %82 = cmpi less_than %81, %66, signed : tile<i32> -> tile<i1>
      %83 = cmpi less_than %80, %66, signed : tile<i32> -> tile<i1>
      %84 = xori %82, %83 : tile<i1>
      %85 = cmpi not_equal %81, %66, signed : tile<i32> -> tile<i1>
      %86 = andi %84, %85 : tile<i1>
      %87 = addi %81, %80 : tile<i32>
      %88 = select %86, %87, %81 : tile<i1>, tile<i32>
      %89 = addi %78, %88 : tile<i32>
      %90 = remi %75, %65 signed : tile<i32>
      %91 = cmpi less_than %90, %67, signed : tile<i32> -> tile<i1>
      %92 = xori %91, %68 : tile<i1>
      %93 = cmpi not_equal %90, %67, signed : tile<i32> -> tile<i1>
      %94 = andi %92, %93 : tile<i1>
      %95 = addi %90, %65 : tile<i32>
      %96 = select %94, %95, %90 : tile<i1>, tile<i32>
      %97 = divi %96, %80 signed rounding negative_inf : tile<i32>
      %105 = for %98 in (%70 to %60, step %71) : tile<i32> iter_values(%99 = %69) -> (tile<128x512xf32>) {
        %100, %101 = load_view_tko weak %72[%89, %98] token = %18 : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x64xf16>, token
        %102, %103 = load_view_tko weak %73[%98, %97] token = %18 : partition_view<tile=(64x512), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<64x512xf16>, token
        %104 = mmaf %100, %102, %99 : tile<128x64xf16>, tile<64x512xf16>, tile<128x512xf32>
        continue %104 : tile<128x512xf32>
      }
      %106 = ftof %105 : tile<128x512xf32> -> tile<128x512xf16>
      %107 = store_view_tko weak %106, %74[%89, %97] token = %76 : tile<128x512xf16>, partition_view<tile=(128x512), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> token
      continue %107 : token
    }
    return
  }
}
