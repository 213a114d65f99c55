// Locations: file:line:col, name, callsite, fused, aliases defined after their use, di_loc.
cuda_tile.module @locs {
  entry @k(%x: tile<f32> loc("k.py":1:5)) {
    %0 = negf %x : tile<f32> loc("k.py":3:4)
    %1 = negf %0 : tile<f32> loc(#loc1)
    %2 = negf %1 : tile<f32> loc("inlined"("k.py":7:2))
    %3 = negf %2 : tile<f32> loc(callsite("callee.py":2:1 at "k.py":9:3))
    %4 = negf %3 : tile<f32> loc(fused["a.py":1:1, "b.py":2:2])
    %5 = negf %4 : tile<f32> loc(#loc2)
    return loc(unknown)
  } loc(#loc3)
}
#loc1 = loc("k.py":5:6)
#loc2 = loc(#loc1)
#loc3 = loc("k.py":1:1)
