// Op family: memory (pointer loads/stores, tokens, globals).
cuda_tile.module @mem {
  global private constant @lut alignment = 64 <f32: [1.0, 2.0, 3.0, 4.0]> : tile<4xf32>
  global @flag <i32: [7]> : tile<1xi32>
  entry @k(%ptrs: tile<8xptr<f32>>, %m: tile<8xi1>, %pad: tile<8xf32>) {
    %t0 = make_token : token
    %v, %t1 = load_ptr_tko weak %ptrs, %m, %pad token=%t0 optimization_hints = <sm_100 = {latency = 3}> : tile<8xptr<f32>>, tile<8xi1>, tile<8xf32> -> tile<8xf32>, token
    %t2 = store_ptr_tko relaxed device %ptrs, %v token=%t1 : tile<8xptr<f32>>, tile<8xf32> -> token
    %t3 = join_tokens %t1, %t2 : token
    %g = get_global @lut : tile<ptr<f32>>
    %s = alloca num_elem = 256, alignment = 16 global : tile<ptr<f32>>
    return
  }
}
