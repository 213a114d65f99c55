#include "common/UriReference.h"

#include <gtest/gtest.h>

using tilelens::uriReference;

TEST(UriReference, RelativePathsStayRelativeAndAbsoluteOnesAreFileUris)
{
    EXPECT_EQ(uriReference("generated/kernel.mlir"), "generated/kernel.mlir");
    EXPECT_EQ(uriReference("/tmp/k.mlir"), "file:///tmp/k.mlir");
    EXPECT_EQ(uriReference(""), "");
}

TEST(UriReference, BytesOutsideTheUnreservedSetArePercentEncoded)
{
    EXPECT_EQ(uriReference("a b#c?.mlir"), "a%20b%23c%3F.mlir");
    EXPECT_EQ(uriReference("r\xff.mlir"), "r%FF.mlir");
    EXPECT_EQ(uriReference("x+y,z=w@v~u"), "x+y,z=w@v~u");
}
