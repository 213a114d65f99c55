cuda_tile.module @fake_module {
}
