// The arena's blocks outlive it in a bounded process-wide cache, so a second
// parse reuses memory the first one already faulted in.

#include "ir/Arena.h"

#include <gtest/gtest.h>

using tilelens::ir::Arena;

namespace {
void fill(Arena& a, size_t bytes)
{
    for (size_t n = 0; n < bytes; n += 4096)
        a.allocate(4096, 8);
}
} // namespace

TEST(IrArena, BlocksOfADestroyedArenaAreReusedByTheNextOne)
{
    if (!Arena::recyclesBlocks())
        GTEST_SKIP() << "blocks come from new[] here (not Linux, or AddressSanitizer build)";
    Arena::releaseCachedBlocks();
    void* first = nullptr;
    size_t reserved = 0;
    {
        Arena a;
        first = a.allocate(16, 8);
        fill(a, size_t(8) << 20); // 64 KiB .. 4 MiB blocks
        reserved = a.bytesAllocated();
    }
    EXPECT_EQ(Arena::cachedBlockBytes(), reserved);
    Arena b;
    EXPECT_EQ(b.allocate(16, 8), first); // the same 64 KiB block, not a fresh mapping
    fill(b, size_t(8) << 20);
    EXPECT_EQ(Arena::cachedBlockBytes(), 0u); // all taken back
}

TEST(IrArena, TheCacheStaysUnderItsCap)
{
    if (!Arena::recyclesBlocks())
        GTEST_SKIP() << "blocks come from new[] here (not Linux, or AddressSanitizer build)";
    Arena::releaseCachedBlocks();
    {
        Arena big;
        // More than the cap in 16 MiB blocks: the excess is unmapped.
        for (size_t n = 0; n < Arena::kBlockCacheCap + (size_t(32) << 20); n += size_t(1) << 20)
            big.allocate(size_t(1) << 20, 8);
    }
    EXPECT_LE(Arena::cachedBlockBytes(), Arena::kBlockCacheCap);
    EXPECT_GT(Arena::cachedBlockBytes(), Arena::kBlockCacheCap / 2);
    Arena::releaseCachedBlocks();
}

TEST(IrArena, AReserveHintMakesOneBlockOfWholeHugePages)
{
    Arena a;
    a.reserveHint(size_t(20) << 20 | 1); // just over 20 MiB: rounded to 22 MiB
    fill(a, size_t(20) << 20);
    EXPECT_EQ(a.bytesAllocated(), size_t(22) << 20); // one block, not 64 KiB .. 16 MiB

    Arena small;
    small.reserveHint(1000); // below the first block's size: no effect
    small.allocate(16, 8);
    EXPECT_EQ(small.bytesAllocated(), size_t(64) << 10);

    Arena medium;
    medium.reserveHint(size_t(300) << 10); // under 2 MiB: the next power of two
    medium.allocate(16, 8);
    EXPECT_EQ(medium.bytesAllocated(), size_t(512) << 10);
}

// Names are taken from the top of the block and objects from the bottom, so a name between
// two 8-aligned objects costs no padding (issue 28: millions of value names).
TEST(IrArena, CharactersCostNoAlignmentPadding)
{
    Arena a;
    a.allocate(8, 8);
    const std::string_view name = a.copyString("abc");
    a.allocate(8, 8);
    char* more = a.allocateChars(5);
    a.allocate(8, 8);
    EXPECT_EQ(name, "abc");
    EXPECT_EQ(a.bytesUsed(), 8u + 3u + 8u + 5u + 8u);
    EXPECT_NE(more, nullptr);
}
