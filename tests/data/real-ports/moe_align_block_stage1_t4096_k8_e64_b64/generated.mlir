cuda_tile.module @moe_align_module {
  entry @moe_align_stage1_kernel_entry(%0: tile<ptr<i32>>, %1: tile<i32>, %2: tile<i32>, %3: tile<ptr<i32>>, %4: tile<i32>, %5: tile<i32>) {
    %6 = constant <i32: 64> : tile<i32>
    %7 = constant <i32: 32768> : tile<i32>
    %8 = constant <i32: 512> : tile<i32>
    %9 = assume div_by<16>, %0 : tile<ptr<i32>>
    %10 = assume div_by<16>, %1 : tile<i32>
    %11 = assume div_by<16>, %3 : tile<ptr<i32>>
    %12 = assume div_by<16>, %4 : tile<i32>
    %13 = constant <i32: 64> : tile<i32>
    %14 = constant <i32: 32768> : tile<i32>
    %15 = constant <i32: 512> : tile<i32>
    %16 = assume div_by<16>, %9 : tile<ptr<i32>>
    %17 = assume div_by<16>, %11 : tile<ptr<i32>>
    %18 = assume bounded<0, ?>, %10 : tile<i32>
    %19 = assume bounded<0, ?>, %12 : tile<i32>
    %20, %21, %22 = get_tile_block_id : tile<i32>
    %23 = assume bounded<0, ?>, %20 : tile<i32>
    %24 = assume bounded<0, ?>, %21 : tile<i32>
    %25 = assume bounded<0, ?>, %22 : tile<i32>
    %26 = muli %23, %15 : tile<i32>
    %27 = constant <i32: 1> : tile<i32>
    %28 = addi %23, %27 : tile<i32>
    %29 = muli %28, %13 : tile<i32>
    %30 = constant <i32: 0> : tile<i32>
    %31 = subi %14, %26 : tile<i32>
    %32 = mini %15, %31 signed : tile<i32>
    %33 = maxi %30, %32 signed : tile<i32>
    %34 = exti %18 signed : tile<i32> -> tile<i64>
    %35 = constant <i32: 1> : tile<i32>
    %36 = reshape %34 : tile<i64> -> tile<1xi64>
    %37 = exti %19 signed : tile<i32> -> tile<i64>
    %38 = constant <i32: 1> : tile<i32>
    %39 = reshape %37 : tile<i64> -> tile<1xi64>
    %40 = constant <i32: 1> : tile<i32>
    %41 = reshape %16 : tile<ptr<i32>> -> tile<1xptr<i32>>
    %42 = constant <i32: 1> : tile<i32>
    %43 = reshape %17 : tile<ptr<i32>> -> tile<1xptr<i32>>
    %44 = constant <i32: 1> : tile<i32>
    %45 = constant <i32: 1> : tile<i32>
    %46 = constant <i32: 1> : tile<i32>
    %47 = reshape %29 : tile<i32> -> tile<1xi32>
    %48 = constant <i32: 1> : tile<i32>
    %49 = constant <i32: 1> : tile<i32>
    %50 = broadcast %47 : tile<1xi32> -> tile<1xi32>
    %51 = constant <i32: 1> : tile<1xi32>
    %52 = make_token : token
    %53 = constant <i32: 0> : tile<i32>
    %54 = constant <i32: 1> : tile<i32>
    %90 = for %55 in (%53 to %33, step %54) : tile<i32> iter_values(%56 = %52) -> (token) {
      %57 = assume bounded<0, ?>, %55 : tile<i32>
      %58 = addi %26, %57 : tile<i32>
      %59 = constant <i32: 1> : tile<i32>
      %60 = constant <i32: 1> : tile<i32>
      %61 = constant <i32: 1> : tile<i32>
      %62 = reshape %58 : tile<i32> -> tile<1xi32>
      %63 = constant <i32: 1> : tile<i32>
      %64 = constant <i32: 1> : tile<i32>
      %65 = broadcast %62 : tile<1xi32> -> tile<1xi32>
      %66 = exti %65 signed : tile<1xi32> -> tile<1xi64>
      %67 = cmpi less_than %66, %36, signed : tile<1xi64> -> tile<1xi1>
      %68 = constant <i32: 1> : tile<i32>
      %69 = offset %41, %66 : tile<1xptr<i32>>, tile<1xi64> -> tile<1xptr<i32>>
      %70 = assume div_by<4>, %69 : tile<1xptr<i32>>
      %71 = constant <i32: 0> : tile<i32>
      %72 = reshape %71 : tile<i32> -> tile<1xi32>
      %73 = broadcast %72 : tile<1xi32> -> tile<1xi32>
      %74, %75 = load_ptr_tko weak %70, %67, %73 : tile<1xptr<i32>>, tile<1xi1>, tile<1xi32> -> tile<1xi32>, token
      %76 = addi %50, %74 : tile<1xi32>
      %77 = exti %76 signed : tile<1xi32> -> tile<1xi64>
      %78 = cmpi less_than %77, %39, signed : tile<1xi64> -> tile<1xi1>
      %79 = constant <i32: 1> : tile<i32>
      %80 = offset %43, %77 : tile<1xptr<i32>>, tile<1xi64> -> tile<1xptr<i32>>
      %81 = assume div_by<4>, %80 : tile<1xptr<i32>>
      %82 = constant <i32: 0> : tile<i32>
      %83 = reshape %82 : tile<i32> -> tile<1xi32>
      %84 = broadcast %83 : tile<1xi32> -> tile<1xi32>
      %85, %86 = load_ptr_tko weak %81, %78, %84 token=%56 : tile<1xptr<i32>>, tile<1xi1>, tile<1xi32> -> tile<1xi32>, token
      %87 = join_tokens %56, %86 : token
      %88 = addi %85, %51 : tile<1xi32>
      %89 = store_ptr_tko weak %81, %88, %78 token=%87 : tile<1xptr<i32>>, tile<1xi32>, tile<1xi1> -> token
      continue %89 : token
    }
    return
  }
}
