# TILELENS_SANITIZE=ON builds everything with AddressSanitizer and
# UndefinedBehaviorSanitizer (the `asan` preset).
option(TILELENS_SANITIZE "Build with ASan and UBSan" OFF)
# GCC's `undefined` leaves out float-cast-overflow (a double outside the range of the integer
# it is converted to, e.g. int64_t(1e300)); clang's includes it. Both name it, so that the
# suite catches such a conversion with either compiler.
if(TILELENS_SANITIZE)
    add_compile_options(-fsanitize=address,undefined,float-cast-overflow -fno-omit-frame-pointer
                        -fno-sanitize-recover=undefined,float-cast-overflow)
    add_link_options(-fsanitize=address,undefined,float-cast-overflow)
endif()

# TILELENS_BUILD_FUZZERS=ON (clang only, the `fuzz` preset) instruments every library for
# libFuzzer coverage and builds the targets of tests/fuzz with ASan and UBSan.
option(TILELENS_BUILD_FUZZERS "Build the libFuzzer targets in tests/fuzz (clang)" OFF)
if(TILELENS_BUILD_FUZZERS)
    add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer
                        -fno-sanitize-recover=undefined)
    add_link_options(-fsanitize=address,undefined)
endif()
