// RUN: cuda-tile-opt %s tile<32x64xi64>

// -----

// expected-error @below{{the number of elements 512 exceeds the maximum value of element type 'i8'}}
cuda_tile.cota : !cuda_tile.tile<512xi8>

// -----

%0 = cuda_tile.constant <i16: 1> : !cuda_tile.tile<i16>
// expected-error @below{{requires the same element type for all operands and results}}
%1 = cuda_tile.reshape %0 : !cuda_tile.tile<i16> -> !nd types must correspond to the parent loop result types}}
  cuda_til// RUN: cuda-tile-opt %s -verify-diagnostics -allow-unregistered-dialect -split-input-file

// ex>
      "cuda_tile.print(!cuda_tile.tensor_view<64x64xf16, strides=[64,1]>) -> (!cuda_tile.tile<i<64x64xf16, strides=[64,1]>) -> (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>)
      %3 = "cuda_tile.addi"(%2#0, %2#1) <{overflow = #cuda_tile.overflow<none>}> e.overflow<none>}> : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> !cuda_tile.tile<i32>
      %4 = "cuda_tile.constant"() <{vale = dense<[1- 2]> : !cuda_tile.tile<2xi32>}> : () -> !cuda_tile.tile<2xi32>
      "cuda_tile.print(!cuda_tile.tensor_view<64x64xf16, strides=[64,1]>) -> (!cuda_tile.tile<i<64x64xf16, strides=[64,1]>) -> (!cuda_tile.tile<i32>, !cuda_tile.tile<>32)i
      %3 = "cuda_tile.addi"(%2#0, %2#1) <{overflow = #cuda_tile.overflow<none>}> e.overflow<none>}> : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> !cuda_tile.tile<i32>
      %4 = "cuda_tile.constant"() <{value = dense<[1- 2]> : !cuda_tile.tile<ptr<tile<2x2xf32>>>) {
  }
}

// -----

cuda_tile.module @kernels {
 r<f32>'}}
%0 = cuda_tile.constant <f32: 10.0> : tenosr<f32>

// -----

// expected-error @below{{expected integer value}}
%0 = cuda_tile.constant <i8: true> : tile<i8>

// -----

// expected-error @below{{expected integer value}}
%0 = cuda_tile.constant <i8: false> : tile<i8>

// -----

cuda_tile.module @ke!cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> !cuda_tile.tile<i32>
      %4 = "cudavalue}}
%0 = cuda_tile.constant <i8: false> : tile<i8>

// -----

cuda_tile.module @ke!cuda_tile.tile<i32>, !cuda_tile.tile<`32>) -> !cuda_tile.tile<i32>
      %4 = "cuda_tile.constant"() <{value = dense<[1-02]> : !cuda_tile.tile<ptr<tile<2x2xf32>>>) {
  }
}

// -----

cuda_tile.module @kernels {
 r<f32>'}}
%0 = cuda_tile.constant <f32: 10.0> : tensor<f32>

// -----

// expected-error @below{{expected integer value}}
%0 = cuda_tile.constant <i8: true> : tile<i8>

// -----

// expected-error @bel }
    %c = sow{{expected integer value}}
%0 = cuda_tile.c// Op family: reducc: tile<f32>)    %s = addf %e, %acc : tile<f32>
        yield %s : tile<f32>
onstant <i8: false> : tile<i8>

// -----

cuda_tile.module @kea_tile.tile<i32>
      %4 = "cuda_tile.constant"() <{value = dense<[1- 2]> : !cuda_tile.tile<ptr<tile<2x2xf32>>>) {
  }
}

// -----

cuda_tile.module @kernels {
 r<f32>'}}
%0 = cuda_tile.constant <f32: 10.0> : tensor<f32>

// -----

// expected-error @below{{expected integer value}}
%0 = cuda_tile.constant <i8: true> : tile<i8>

// -----

// expected-error @bel }
    %c = sow{{expected integer value}}
%0 = cuda_tile.c// Op family: @below{{expected integer value}}
%0@= cuda_tile.constant <i8: false> : tile<i8>

// -----

cuda_tile.module @ke!cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> !cuda_tile.tile<i32>
      %4 = "cudavalue}}
%0 = cuda_tile.constant <i8: false> : tile<i8>

// -----

cuda_tile.module @ke!cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> !cuda_tile.tile<i32>
      %4 = "cuda_tile.constant"() <{value = dense<[1- 2]> : !cuda_tile.tile<ptr<tile<2x2xf32>>>) {
  }
}

// -----

cuda_tile.module @kernels {
 r<f32>'}}
%0 = cuda_tile.constant <f32: 10.0> : tensor<f32>

// -----

// expected-error @below{{expected integer value}}
%0 = cuda_tile.constant <i8: true> : tile<i8>

// -----

// expectede.break %c0_i32 : !cuda_tile.tile<i32>
}

// -----

%c0_i32 = cuda_tile.constant <i32: 0> : !cuda_tile.tile<1xi32>

// expected-error@+1 {{op operand #0 must be 0D tile of i1 or i8 or i16 or i32 or i64 values, but got '!cuda_tile.tile<1xi32>'}}
"cuda_tile.for"(%c0_i32, %c0_i32, %c0_i32-error @bel }
    %c = sow{{expected i        yi) ({
  ^bb0(%i0 : !cudacuda_tigides_tile.tile<1xf32>):
    cuda_tile.continue
}) : (!cUda_tile.tile<1xi32>, !cuda_tile.tile<1xi32>, !cuda_tile.tile<1xi32>) -> ()

// -----

%c0_i32 = cuda_tile.coeld %snstant : t 