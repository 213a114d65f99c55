#include "common/JsonText.h"

#include <cctype>
#include <type_traits>
#include <vector>

namespace tilelens {

void lineColumnOfByte(std::string_view bytes, size_t offset, int& line, int& column)
{
    line = 1;
    column = 1;
    const size_t end = std::min(offset, bytes.size());
    for (size_t i = 0; i < end; ++i) {
        const unsigned char c = static_cast<unsigned char>(bytes[i]);
        if (c == '\n') {
            ++line;
            column = 1;
        } else if ((c & 0xC0) != 0x80) { // count characters, not UTF-8 continuation bytes
            ++column;
        }
    }
}

namespace {

// Offset of the bracket that opens nesting level maxDepth + 1 (strings skipped).
size_t offsetOfTooDeep(std::string_view t, int maxDepth)
{
    int depth = 0;
    for (size_t i = 0; i < t.size(); ++i) {
        const char c = t[i];
        if (c == '"') {
            for (++i; i < t.size() && t[i] != '"'; ++i)
                if (t[i] == '\\')
                    ++i;
        } else if (c == '[' || c == '{') {
            if (++depth > maxDepth)
                return i;
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return t.size();
}

// Offset of the opening quote of the n-th key (1-based) of the document: a string followed
// by ':' (strings skipped as offsetOfTooDeep does).
size_t offsetOfKey(std::string_view t, size_t n)
{
    for (size_t i = 0; i < t.size(); ++i) {
        if (t[i] != '"')
            continue;
        const size_t open = i;
        for (++i; i < t.size() && t[i] != '"'; ++i)
            if (t[i] == '\\')
                ++i;
        size_t next = i + 1;
        while (next < t.size() && std::isspace(static_cast<unsigned char>(t[next])))
            ++next;
        if (next < t.size() && t[next] == ':' && --n == 0)
            return open;
    }
    return t.size();
}

// nlohmann reports where the lexer stopped (the closing quote of an unexpected string, the
// character after a bad literal or number): point at the start of that token instead, where a
// reader looks for the mistake.
size_t startOfToken(std::string_view bytes, size_t at)
{
    if (at >= bytes.size())
        return at;
    const auto literal = [&](size_t i) {
        const char c = bytes[i];
        return std::isalnum(static_cast<unsigned char>(c)) || c == '+' || c == '-' || c == '.' ||
               c == '_';
    };
    if (bytes[at] == '"' && at > 0) {
        size_t open = at - 1;
        while (open > 0 && !(bytes[open] == '"' && bytes[open - 1] != '\\'))
            --open;
        if (bytes[open] == '"')
            at = open;
    } else if (!literal(at) && at > 0 && literal(at - 1)) {
        --at;
    }
    while (at > 0 && literal(at) && literal(at - 1))
        --at;
    return at;
}

// "[json.exception.parse_error.101] parse error at line 1, column 5: syntax error ..." ->
// "syntax error ..."; "[json.exception.out_of_range.406] number overflow ..." -> "number ...".
std::string withoutNlohmannPrefix(std::string what)
{
    if (what.rfind("[json.exception.", 0) == 0) {
        const auto close = what.find("] ");
        if (close != std::string::npos)
            what.erase(0, close + 2);
    }
    if (what.rfind("parse error", 0) == 0) {
        const auto colon = what.find(": ");
        if (colon != std::string::npos)
            what.erase(0, colon + 2);
    }
    return what;
}

// Checks a document without building it: syntax, number range and depth, with the offset.
template <class J> class CheckingSax : public nlohmann::json_sax<J>
{
public:
    using Int = typename J::number_integer_t;
    using Unsigned = typename J::number_unsigned_t;
    using Float = typename J::number_float_t;
    using String = typename J::string_t;
    using Binary = typename J::binary_t;

    CheckingSax(std::string_view text, int maxDepth) : text_(text), maxDepth_(maxDepth) {}

    bool null() override { return true; }
    bool boolean(bool) override { return true; }
    bool number_integer(Int) override { return true; }
    bool number_unsigned(Unsigned) override { return true; }
    bool number_float(Float, const String&) override { return true; }
    bool string(String&) override { return true; }
    bool binary(Binary&) override { return true; }
    bool start_object(std::size_t) override
    {
        keysOfOpenObjects_.push_back(0);
        return enter();
    }
    bool key(String&) override
    {
        ++keys_;
        // ordered_json finds each key by a scan of the object's keys so far: an object of
        // 100,000 keys took 12 s to read. No file TileLens reads has an object of more than
        // a few hundred.
        if (!std::is_same_v<J, nlohmann::ordered_json> || ++keysOfOpenObjects_.back() <= kMaxKeys)
            return true;
        failed = true;
        error.offset = offsetOfKey(text_, keys_);
        error.message =
            "invalid JSON: an object has more than " + std::to_string(kMaxKeys) + " keys";
        return false;
    }
    bool end_object() override
    {
        keysOfOpenObjects_.pop_back();
        return leave();
    }
    bool start_array(std::size_t) override { return enter(); }
    bool end_array() override { return leave(); }

    bool parse_error(std::size_t position, const std::string&,
                     const nlohmann::detail::exception& ex) override
    {
        failed = true;
        // `position` counts the bytes read, so the offending byte is one before it.
        const size_t at = position > 0 ? position - 1 : 0;
        error.offset = startOfToken(text_, at);
        error.message = withoutNlohmannPrefix(ex.what());
        if (error.offset >= text_.size())
            error.message = "JSON ends too early (truncated file?): " + error.message;
        error.message = "invalid JSON: " + error.message;
        return false;
    }

    bool failed = false;
    JsonTextError error;

private:
    bool enter()
    {
        if (++depth_ <= maxDepth_)
            return true;
        failed = true;
        error.offset = offsetOfTooDeep(text_, maxDepth_);
        error.message =
            "invalid JSON: nested more than " + std::to_string(maxDepth_) + " levels deep";
        return false;
    }
    bool leave()
    {
        --depth_;
        return true;
    }

    static constexpr size_t kMaxKeys = 10000;

    std::string_view text_;
    int maxDepth_;
    int depth_ = 0;
    size_t keys_ = 0;                       // keys of the document so far
    std::vector<size_t> keysOfOpenObjects_; // per open object, innermost last
};

} // namespace

template <class J>
std::optional<J> parseJsonText(std::string_view text, JsonTextError& error, int maxDepth)
{
    try {
        CheckingSax<J> check(text, maxDepth);
        J::sax_parse(text.begin(), text.end(), &check);
        if (check.failed) {
            error = check.error;
            return std::nullopt;
        }
        // The text is known good now; this parse cannot fail on its content.
        J value = J::parse(text.begin(), text.end(), nullptr, false);
        if (!value.is_discarded())
            return value;
        error = {0, "invalid JSON"};
    } catch (const std::exception& e) { // bad_alloc, or an nlohmann error not reported above
        error = {0, std::string("invalid JSON: ") + withoutNlohmannPrefix(e.what())};
    }
    return std::nullopt;
}

template <class J>
std::optional<J> parseJsonText(std::string_view text, const std::string& file, Diagnostics& diags)
{
    JsonTextError error;
    auto value = parseJsonText<J>(text, error);
    if (value)
        return value;
    Diagnostic d;
    d.place.file = file;
    lineColumnOfByte(text, error.offset, d.place.line, d.place.column);
    d.message = std::move(error.message);
    diags.push_back(std::move(d));
    return std::nullopt;
}

template std::optional<nlohmann::json> parseJsonText<nlohmann::json>(std::string_view,
                                                                     JsonTextError&, int);
template std::optional<nlohmann::ordered_json>
parseJsonText<nlohmann::ordered_json>(std::string_view, JsonTextError&, int);
template std::optional<nlohmann::json>
parseJsonText<nlohmann::json>(std::string_view, const std::string&, Diagnostics&);
template std::optional<nlohmann::ordered_json>
parseJsonText<nlohmann::ordered_json>(std::string_view, const std::string&, Diagnostics&);

} // namespace tilelens
