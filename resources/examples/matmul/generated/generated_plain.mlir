// TileLens example: stand-in for what cutile-rs would emit for `plain_matmul_kernel` (variant plain).
// Derived from reference/reference_plain.mlir (real cuTile Python output, see README.md) by renaming
// the module and the entry to the Rust names; nothing was compiled by cutile-rs.
cuda_tile.module @matmul_module {
  entry @plain_matmul_kernel(%0: tile<ptr<f16>>, %1: tile<i32>, %2: tile<i32>, %3: tile<i32>, %4: tile<i32>, %5: tile<ptr<f16>>, %6: tile<i32>, %7: tile<i32>, %8: tile<i32>, %9: tile<i32>, %10: tile<ptr<f16>>, %11: tile<i32>, %12: tile<i32>, %13: tile<i32>, %14: tile<i32>) optimization_hints = #cuda_tile.optimization_hints<default = {num_cta_in_cga = 1, occupancy = 1}> {
    %15 = make_token : token
    %16 = assume div_by<16>, %0 : tile<ptr<f16>>
    %17 = assume div_by<16>, %1 : tile<i32>
    %18 = assume div_by<16>, %2 : tile<i32>
    %19 = assume div_by<8>, %3 : tile<i32>
    %20 = assume div_by<16>, %5 : tile<ptr<f16>>
    %21 = assume div_by<16>, %6 : tile<i32>
    %22 = assume div_by<16>, %7 : tile<i32>
    %23 = assume div_by<8>, %8 : tile<i32>
    %24 = assume div_by<16>, %10 : tile<ptr<f16>>
    %25 = assume div_by<16>, %11 : tile<i32>
    %26 = assume div_by<16>, %12 : tile<i32>
    %27 = assume div_by<8>, %13 : tile<i32>
    %28 = constant <i32: 1> : tile<i32>
    %29 = constant <i32: 1> : tile<i32>
    %30 = constant <i32: 1> : tile<i32>
    %31 = assume bounded<0, ?>, %17 : tile<i32>
    %32 = assume div_by<16>, %31 : tile<i32>
    %33 = assume bounded<0, ?>, %18 : tile<i32>
    %34 = assume div_by<16>, %33 : tile<i32>
    %35 = assume bounded<0, ?>, %19 : tile<i32>
    %36 = assume div_by<8>, %35 : tile<i32>
    %37 = make_tensor_view %16, shape = [%32, %34], strides = [%36, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %38 = assume bounded<0, ?>, %21 : tile<i32>
    %39 = assume div_by<16>, %38 : tile<i32>
    %40 = assume bounded<0, ?>, %22 : tile<i32>
    %41 = assume div_by<16>, %40 : tile<i32>
    %42 = assume bounded<0, ?>, %23 : tile<i32>
    %43 = assume div_by<8>, %42 : tile<i32>
    %44 = make_tensor_view %20, shape = [%39, %41], strides = [%43, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %45 = assume bounded<0, ?>, %25 : tile<i32>
    %46 = assume div_by<16>, %45 : tile<i32>
    %47 = assume bounded<0, ?>, %26 : tile<i32>
    %48 = assume div_by<16>, %47 : tile<i32>
    %49 = assume bounded<0, ?>, %27 : tile<i32>
    %50 = assume div_by<8>, %49 : tile<i32>
    %51 = make_tensor_view %24, shape = [%46, %48], strides = [%50, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %52 = constant <i32: 128> : tile<i32>
    %53 = constant <i32: 128> : tile<i32>
    %54 = constant <i32: 8> : tile<i32>
    %55, %56, %57 = get_tile_block_id : tile<i32>
    %58 = divi %32, %52 signed rounding positive_inf : tile<i32>
    %59 = divi %41, %53 signed rounding positive_inf : tile<i32>
    %60 = muli %54, %59 : tile<i32>
    %61 = divi %55, %60 signed rounding negative_inf : tile<i32>
    %62 = muli %61, %54 : tile<i32>
    %63 = subi %58, %62 : tile<i32>
    %64 = mini %63, %54 signed : tile<i32>
    %65 = remi %55, %64 signed : tile<i32>
    %66 = constant <i32: 0> : tile<i32>
    %67 = cmpi less_than %65, %66, signed : tile<i32> -> tile<i1>
    %68 = cmpi less_than %64, %66, signed : tile<i32> -> tile<i1>
    %69 = xori %67, %68 : tile<i1>
    %70 = cmpi not_equal %65, %66, signed : tile<i32> -> tile<i1>
    %71 = andi %69, %70 : tile<i1>
    %72 = addi %65, %64 : tile<i32>
    %73 = select %71, %72, %65 : tile<i1>, tile<i32>
    %74 = addi %62, %73 : tile<i32>
    %75 = remi %55, %60 signed : tile<i32>
    %76 = constant <i32: 0> : tile<i32>
    %77 = cmpi less_than %75, %76, signed : tile<i32> -> tile<i1>
    %78 = cmpi less_than %60, %76, signed : tile<i32> -> tile<i1>
    %79 = xori %77, %78 : tile<i1>
    %80 = cmpi not_equal %75, %76, signed : tile<i32> -> tile<i1>
    %81 = andi %79, %80 : tile<i1>
    %82 = addi %75, %60 : tile<i32>
    %83 = select %81, %82, %75 : tile<i1>, tile<i32>
    %84 = divi %83, %64 signed rounding negative_inf : tile<i32>
    %85 = make_partition_view %37 : partition_view<tile=(128x32), tensor_view<?x?xf16, strides=[?,1]>>
    %86, %87 = get_index_space_shape %85 : partition_view<tile=(128x32), tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
    %88 = constant <f32: 0.0> : tile<128x128xf32>
    %89 = constant <i32: 0> : tile<i32>
    %90 = constant <i32: 1> : tile<i32>
    %91 = make_partition_view %37 : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %92 = make_partition_view %44 : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %100 = for %93 in (%89 to %87, step %90) : tile<i32> iter_values(%94 = %88) -> (tile<128x128xf32>) {
      %95, %96 = load_view_tko weak %91[%74, %93] token = %15 : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x32xf16>, token
      %97, %98 = load_view_tko weak %92[%93, %84] token = %15 : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x128xf16>, token
      %99 = mmaf %95, %97, %94 : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
      continue %99 : tile<128x128xf32>
    }
    %101 = ftof %100 : tile<128x128xf32> -> tile<128x128xf16>
    %102 = make_partition_view %51 : partition_view<tile=(128x128), tensor_view<?x?xf16, strides=[?,1]>>
    %103 = store_view_tko weak %101, %102[%74, %84] token = %15 : tile<128x128xf16>, partition_view<tile=(128x128), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> token
    return
  }
}
