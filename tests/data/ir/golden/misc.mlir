// Op family: misc (constants, assume predicates, assert, block ids, mma).
cuda_tile.module @misc attributes {producer = "golden 1.0"} {
  entry @k(%p: tile<ptr<f32>>, %n: tile<i32>, %a: tile<64x32xf16>, %b: tile<32x64xf16>, %c: tile<64x64xf32>) optimization_hints=<sm_100 = {num_cta_in_cga = 2, occupancy = 1}, sm_90 = {occupancy = 2}> {
    %q = assume div_by<16>, %p : tile<ptr<f32>>
    %q2 = assume div_by<4, every 4 along 1>, %n : tile<i32>
    %q3 = assume bounded<0, ?>, %n : tile<i32>
    %q4 = assume #cuda_tile.same_elements<[1, 4]>, %n : tile<i32>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %nx, %ny, %nz = get_num_tile_blocks : tile<i32>
    %ok = constant <i1: true> : tile<i1>
    assert %ok, "index out of range" : tile<i1>
    %d = mmaf %a, %b, %c : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
    return
  }
}
