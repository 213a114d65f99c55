#include "common/JsonText.h"

#include <gtest/gtest.h>

using namespace tilelens;

TEST(JsonText, NumbersOutsideDoubleRangeAreLocatedNotThrown)
{
    for (const char* number : {"1e400", "-1e400", "1E+999"}) {
        Diagnostics diags;
        const std::string text = std::string("{\"a\": [1,\n  ") + number + "]}";
        EXPECT_FALSE(parseJsonText<nlohmann::json>(text, "n.json", diags));
        ASSERT_EQ(diags.size(), 1u) << number;
        EXPECT_EQ(diags[0].format(), std::string("n.json:2:3: error: invalid JSON: number "
                                                 "overflow parsing '") +
                                         number + "'");
    }
}

TEST(JsonText, BothJsonFlavoursParseTheSameText)
{
    Diagnostics diags;
    const auto plain = parseJsonText<nlohmann::json>("{\"b\":1,\"a\":[true,null]}", "x", diags);
    const auto ordered =
        parseJsonText<nlohmann::ordered_json>("{\"b\":1,\"a\":[true,null]}", "x", diags);
    ASSERT_TRUE(plain && ordered);
    EXPECT_TRUE(diags.empty());
    EXPECT_EQ(plain->dump(), "{\"a\":[true,null],\"b\":1}");
    EXPECT_EQ(ordered->dump(), "{\"b\":1,\"a\":[true,null]}");
}

TEST(JsonText, NestingIsBoundedAtTheBracketThatGoesTooDeep)
{
    const std::string ok = std::string(kMaxJsonDepth, '[') + std::string(kMaxJsonDepth, ']');
    JsonTextError error;
    EXPECT_TRUE(parseJsonText<nlohmann::json>(ok, error));

    // Strings holding brackets do not count.
    const std::string deep = "[\"[[[\"," + std::string(300000, '[');
    EXPECT_FALSE(parseJsonText<nlohmann::json>(deep, error));
    EXPECT_EQ(error.offset, 6u + size_t(kMaxJsonDepth));
    EXPECT_EQ(error.message, "invalid JSON: nested more than 256 levels deep");
}

TEST(JsonText, SyntaxErrorsPointAtTheStartOfTheBadToken)
{
    Diagnostics diags;
    EXPECT_FALSE(parseJsonText<nlohmann::json>("[1,\n tru]", "t.json", diags));
    ASSERT_EQ(diags.size(), 1u);
    EXPECT_EQ(diags[0].place.line, 2);
    EXPECT_EQ(diags[0].place.column, 2);
    EXPECT_EQ(diags[0].message.rfind("invalid JSON: syntax error while parsing value", 0), 0u)
        << diags[0].message;
}

TEST(JsonText, EmptyAndTruncatedTextSayItEndsEarly)
{
    for (const char* text : {"", "   ", "{\"a\": [1, 2"}) {
        JsonTextError error;
        EXPECT_FALSE(parseJsonText<nlohmann::json>(text, error)) << text;
        EXPECT_NE(error.message.find("ends too early"), std::string::npos) << error.message;
    }
}

TEST(JsonText, InvalidUtf8IsAnErrorNotAnException)
{
    JsonTextError error;
    EXPECT_FALSE(parseJsonText<nlohmann::json>("[\"a\xff\"]", error));
    EXPECT_NE(error.message.find("invalid string"), std::string::npos) << error.message;
}

TEST(JsonText, AnOrderedObjectOfTooManyKeysIsRefusedAtTheKeyPastTheBound)
{
    // ordered_json finds a key by a scan of the object's keys: 100,000 keys took 12 s.
    const auto object = [](int keys) {
        std::string text = "{\"a\": {\"x\": 1}, \"b\": {";
        for (int k = 0; k < keys; ++k)
            text += (k ? ", \"k" : "\"k") + std::to_string(k) + "\" : " + std::to_string(k);
        return text + "}}";
    };
    JsonTextError error;
    EXPECT_TRUE(parseJsonText<nlohmann::ordered_json>(object(10000), error)) << error.message;
    const std::string tooMany = object(10001);
    EXPECT_FALSE(parseJsonText<nlohmann::ordered_json>(tooMany, error));
    EXPECT_EQ(error.message, "invalid JSON: an object has more than 10000 keys");
    EXPECT_EQ(error.offset, tooMany.find("\"k10000\""));
    // nlohmann::json keeps its keys in a map: no bound needed there.
    EXPECT_TRUE(parseJsonText<nlohmann::json>(tooMany, error));
}
