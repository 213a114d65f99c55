// Generic form inside a builtin module: properties, region ops, result groups, block labels.
module {
  "cuda_tile.module"() ({
    "cuda_tile.entry"() ({
    ^bb0(%arg0: !cuda_tile.tile<i32>, %arg1: !cuda_tile.tensor_view<64x64xf16, strides=[64,1]>):
      %0 = "cuda_tile.addi"(%arg0, %arg0) <{overflow = #cuda_tile.overflow<none>}> : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> !cuda_tile.tile<i32>
      %1 = "cuda_tile.cmpi"(%0, %arg0) {comparison_predicate = #cuda_tile.comparison_predicate<less_than>, signedness = #cuda_tile.signedness<signed>} : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> !cuda_tile.tile<i1>
      %2:2 = "cuda_tile.get_tensor_shape"(%arg1) : (!cuda_tile.tensor_view<64x64xf16, strides=[64,1]>) -> (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>)
      %3 = "cuda_tile.addi"(%2#0, %2#1) <{overflow = #cuda_tile.overflow<none>}> : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> !cuda_tile.tile<i32>
      %4 = "cuda_tile.constant"() <{value = dense<[1, 2]> : !cuda_tile.tile<2xi32>}> : () -> !cuda_tile.tile<2xi32>
      "cuda_tile.print_tko"(%3) <{str = "%d", operandSegmentSizes = array<i32: 1, 0>}> : (!cuda_tile.tile<i32>) -> !cuda_tile.token
      "cuda_tile.return"() : () -> ()
    }) {function_type = (!cuda_tile.tile<i32>, !cuda_tile.tensor_view<64x64xf16, strides=[64,1]>) -> (), sym_name = "k"} : () -> ()
  }) {sym_name = "kernels"} : () -> ()
}
