// Ops that no other test input and no corpus file has (tests/core/ir/OpCoverageTest.cpp):
// absi, and print, the 13.1 spelling of print_tko (no token operand).
cuda_tile.module @rare {
  entry @k(%x: tile<4xi32>) {
    %a = absi %x : tile<4xi32>
    print "%d\0A", %a : tile<4xi32>
    %t = print "done\0A" -> token
    return
  }
}
