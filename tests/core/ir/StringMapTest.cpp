// The parser's string table (ir/StringMap.h): lookups after growth, erasure
// (backward shift without rehashing the keys) and clear (which keeps a small
// table's slots for the next function).

#include "ir/StringMap.h"

#include <gtest/gtest.h>
#include <string>
#include <vector>

using tilelens::ir::detail::StringMap;

namespace {

std::vector<std::string> names(size_t n, const char* prefix)
{
    std::vector<std::string> out;
    for (size_t i = 0; i < n; ++i)
        out.push_back(prefix + std::to_string(i) + "_r");
    return out;
}

} // namespace

TEST(StringMap, FindsEveryKeyAfterGrowingAndErasing)
{
    const auto keys = names(3000, "%v");
    StringMap<int> m;
    for (size_t i = 0; i < keys.size(); ++i)
        EXPECT_EQ(m.insert(keys[i], int(i)), int(i));
    EXPECT_EQ(m.size(), keys.size());
    EXPECT_EQ(m.insert(keys[7], -1), 7); // present: unchanged
    // Erase every third key: the others must stay reachable past the holes.
    for (size_t i = 0; i < keys.size(); i += 3)
        EXPECT_TRUE(m.erase(keys[i]));
    EXPECT_FALSE(m.erase(keys[0]));
    for (size_t i = 0; i < keys.size(); ++i) {
        const int* v = m.find(keys[i]);
        if (i % 3 == 0) {
            EXPECT_EQ(v, nullptr) << keys[i];
        } else {
            ASSERT_NE(v, nullptr) << keys[i];
            EXPECT_EQ(*v, int(i));
        }
    }
    EXPECT_EQ(m.size(), keys.size() - 1000);
}

TEST(StringMap, ClearForgetsEveryKeyOfSmallAndLargeTables)
{
    for (size_t n : {5u, 60u, 700u, 5000u}) {
        SCOPED_TRACE(n);
        const auto first = names(n, "%a");
        const auto second = names(n, "%b");
        StringMap<int> m;
        for (int round = 0; round < 3; ++round) {
            const auto& keys = round % 2 ? second : first;
            const auto& other = round % 2 ? first : second;
            for (size_t i = 0; i < keys.size(); ++i)
                m.insert(keys[i], int(i) + round);
            for (size_t i = 0; i < keys.size(); ++i) {
                ASSERT_NE(m.find(keys[i]), nullptr);
                EXPECT_EQ(*m.find(keys[i]), int(i) + round);
                EXPECT_EQ(m.find(other[i]), nullptr);
            }
            m.clear();
            EXPECT_EQ(m.size(), 0u);
            for (const auto& k : keys)
                EXPECT_EQ(m.find(k), nullptr);
        }
    }
}

TEST(StringMap, InsertSaysWhetherTheKeyWasNew)
{
    // The parser binds SSA names with one find-or-insert (ValueTable::set).
    const auto keys = names(100, "%v");
    StringMap<int> m;
    for (size_t i = 0; i < keys.size(); ++i) {
        bool inserted = false;
        EXPECT_EQ(m.insert(keys[i], int(i), inserted), int(i));
        EXPECT_TRUE(inserted) << keys[i];
    }
    bool inserted = true;
    int& slot = m.insert(keys[42], -1, inserted);
    EXPECT_FALSE(inserted);
    EXPECT_EQ(slot, 42); // present: the stored value, unchanged
    slot = 7;
    EXPECT_EQ(*m.find(keys[42]), 7);
    EXPECT_EQ(m.size(), keys.size());
}
