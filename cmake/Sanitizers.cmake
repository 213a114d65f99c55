# TILELENS_SANITIZE=ON builds everything with AddressSanitizer and
# UndefinedBehaviorSanitizer (the `asan` preset).
option(TILELENS_SANITIZE "Build with ASan and UBSan" OFF)
if(TILELENS_SANITIZE)
    add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
    add_link_options(-fsanitize=address,undefined)
endif()

# TILELENS_BUILD_FUZZERS=ON (clang only, the `fuzz` preset) instruments every library for
# libFuzzer coverage and builds the targets of tests/fuzz with ASan and UBSan.
option(TILELENS_BUILD_FUZZERS "Build the libFuzzer targets in tests/fuzz (clang)" OFF)
if(TILELENS_BUILD_FUZZERS)
    add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer
                        -fno-sanitize-recover=undefined)
    add_link_options(-fsanitize=address,undefined)
endif()
