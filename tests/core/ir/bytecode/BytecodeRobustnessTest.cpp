// Truncated and corrupted bytecode never crashes, hangs or over-allocates: it
// decodes or yields one located error. (Run under the asan preset as well.)
#include "BytecodeTestUtil.h"
#include "TestPaths.h"
#include "ir/bytecode/BytecodeReader.h"

#include <gtest/gtest.h>
#include <random>

using namespace tilelens;
using namespace tilelens::test;

namespace {

const char* const kSmallFiles[] = {
    "negi-op-13.1.tileirbc",
    "relu_fwd_1M_f16.tileirbc",
    "dropout_train_p0.5_1M_f32__v13_1_sm90.tileirbc",
    "moe_align_block_stage2_t4096_k8_e64_b64.tileirbc",
    "softmax_persistent_256x256_f16.tileirbc",
};

std::string dataFile(const char* name)
{
    return readBytes(testDataDir() + QStringLiteral("/bytecode/") + QString::fromUtf8(name));
}

// Decodes and checks the invariants of the result; returns whether it decoded.
bool decodeChecked(const std::string& bytes, const std::string& what)
{
    Diagnostics diags;
    ir::ParseResult r = ir::readBytecode(bytes, "fuzz.tileirbc", diags);
    if (r.ok()) {
        EXPECT_EQ(r.modules.size(), 1u) << what;
        EXPECT_TRUE(diags.empty()) << what;
        return true;
    }
    EXPECT_TRUE(r.modules.empty()) << what;
    EXPECT_EQ(diags.size(), 1u) << what;
    for (const Diagnostic& d : diags) {
        EXPECT_GE(d.place.byteOffset, 0) << what;
        EXPECT_LE(d.place.byteOffset, int64_t(bytes.size())) << what << ": " << d.format();
        EXPECT_FALSE(d.message.empty()) << what;
    }
    return false;
}

} // namespace

TEST(BytecodeRobustness, EveryTruncationIsAnError)
{
    for (const char* name : kSmallFiles) {
        std::string bytes = dataFile(name);
        ASSERT_FALSE(bytes.empty()) << name;
        ASSERT_TRUE(decodeChecked(bytes, name)) << name;
        for (size_t n = 0; n < bytes.size(); ++n)
            EXPECT_FALSE(decodeChecked(bytes.substr(0, n),
                                       std::string(name) + " cut at " + std::to_string(n)));
    }
}

TEST(BytecodeRobustness, RandomByteFlipsNeverCrash)
{
    std::mt19937 rng(20261202);
    int decoded = 0, rejected = 0;
    for (const char* name : kSmallFiles) {
        const std::string original = dataFile(name);
        ASSERT_FALSE(original.empty()) << name;
        std::uniform_int_distribution<size_t> pos(0, original.size() - 1);
        std::uniform_int_distribution<int> byte(0, 255), flips(1, 4);
        for (int iter = 0; iter < 1500; ++iter) {
            std::string bytes = original;
            int k = flips(rng);
            for (int j = 0; j < k; ++j)
                bytes[pos(rng)] = char(byte(rng));
            (decodeChecked(bytes, std::string(name) + " mutation " + std::to_string(iter))
                 ? decoded
                 : rejected)++;
        }
    }
    EXPECT_GT(rejected, 0);
    EXPECT_EQ(decoded + rejected, 1500 * int(std::size(kSmallFiles)));
}

TEST(BytecodeRobustness, HugeCountsAreRejectedWithoutAllocating)
{
    // A string table claiming 2^62 entries, a varint of 11 bytes and a type
    // nested deeper than the limit, each in an otherwise valid container.
    std::string bytes = dataFile("negi-op-13.1.tileirbc");
    ASSERT_EQ(bytes.size(), 126u);
    std::string huge = bytes;
    huge[0x70] = char(0xFF); // string count: ff ... (runs into the padding bytes 0xCB)
    EXPECT_FALSE(decodeChecked(huge, "huge string count"));
    std::string longVarint =
        bytes.substr(0, 0x0D) + std::string(11, char(0x80)) + bytes.substr(0x0D);
    EXPECT_FALSE(decodeChecked(longVarint, "11-byte varint"));
    EXPECT_FALSE(decodeChecked(std::string(), "empty input"));
    EXPECT_FALSE(decodeChecked(std::string(8, '\0'), "zeros"));
}

TEST(BytecodeRobustness, DeeplyNestedRegionsAreRejected)
{
    // Builds a 13.1 module whose body nests `loop` 300 levels deep.
    auto varint = [](std::string& out, uint64_t v) {
        do {
            uint8_t b = v & 0x7F;
            v >>= 7;
            out += char(b | (v ? 0x80 : 0));
        } while (v);
    };
    std::string body;
    const int depth = 300;
    for (int i = 0; i < depth; ++i) {
        body += '\x41'; // loop
        body +=
            std::string("\x00\x00\x01\x01\x00", 5); // N=0, no operands, 1 region, 1 block, 0 args
        body += '\x02';                             // 2 ops: nested loop + continue
    }
    body += std::string("\x11\x00\x00", 3); // innermost: continue
    for (int i = 0; i < depth - 1; ++i)
        body += std::string("\x11\x00\x00", 3);
    body += std::string("\x5C\x00\x00", 3); // return
    // Replace the innermost "2 ops" by "1 op".
    body[size_t(depth - 1) * 7 + 6] = '\x01';
    std::string func;
    func += '\x01';                             // 1 function
    func += std::string("\x00\x00\x02\x00", 4); // name #0, signature #0, kernel, no debug
    varint(func, body.size());
    func += body;
    std::string file("\x7FTileIR\0\x0D\x01\x00\x00", 12);
    auto section = [&](int id, size_t align, const std::string& payload) {
        file += char(id | 0x80);
        varint(file, payload.size());
        varint(file, align);
        while (file.size() % align)
            file += '\xCB';
        file += payload;
    };
    section(2, 8, func);
    section(5, 4, std::string("\x01\xCB\xCB\xCB\x00\x00\x00\x00\x10\x00\x00", 11)); // () -> ()
    section(1, 4, std::string("\x01\xCB\xCB\xCB\x00\x00\x00\x00k", 9));
    file += '\0';
    Diagnostics diags;
    ir::ParseResult r = ir::readBytecode(file, "deep.tileirbc", diags);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(diags[0].message.find("nested more than"), std::string::npos) << diags[0].format();
}
