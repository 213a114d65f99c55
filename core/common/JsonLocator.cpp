#include "common/JsonLocator.h"

#include "common/JsonText.h"

#include <algorithm>

namespace tilelens {

namespace {

// Skips a string starting at the opening quote; returns the index after the closing quote.
size_t skipString(const std::string& t, size_t i, std::string* out)
{
    for (++i; i < t.size(); ++i) {
        if (t[i] == '\\') {
            if (out && i + 1 < t.size())
                *out += t[i + 1]; // escapes are rare in keys; keep the escaped character
            ++i;
        } else if (t[i] == '"') {
            return i + 1;
        } else if (out) {
            *out += t[i];
        }
    }
    return t.size();
}

// "/a~1b/0" -> {"a/b", "0"} (RFC 6901 unescaping).
std::vector<std::string> pointerTokens(const std::string& pointer)
{
    std::vector<std::string> tokens;
    for (size_t i = 0; i < pointer.size(); ++i) {
        if (pointer[i] == '/') {
            tokens.emplace_back();
        } else if (!tokens.empty()) {
            if (pointer[i] == '~' && i + 1 < pointer.size() && pointer[i + 1] == '1')
                tokens.back() += '/', ++i;
            else if (pointer[i] == '~' && i + 1 < pointer.size() && pointer[i + 1] == '0')
                tokens.back() += '~', ++i;
            else
                tokens.back() += pointer[i];
        }
    }
    return tokens;
}

} // namespace

JsonLocator::JsonLocator(const std::string& text) : text_(text)
{
    lineStarts_.push_back(0);
    std::vector<int32_t> stack; // open containers
    std::string pendingKey;
    long long pendingKeyOffset = -1;
    bool expectKey = false;
    const auto valueStarts = [&](size_t at) -> Child* {
        if (stack.empty()) {
            rootOffset_ = (long long)at;
            return nullptr;
        }
        Container& c = containers_[size_t(stack.back())];
        c.children.push_back({c.isArray ? (long long)at : pendingKeyOffset, -1});
        if (!c.isArray)
            c.keys.push_back(std::move(pendingKey));
        pendingKey.clear();
        return &c.children.back();
    };
    for (size_t i = 0; i < text_.size(); ++i) {
        const char c = text_[i];
        if (c == '\n') {
            lineStarts_.push_back(i + 1);
            continue;
        }
        if (c == ' ' || c == '\r' || c == '\t' || c == ':')
            continue;
        if (c == ',') {
            expectKey = !stack.empty() && !containers_[size_t(stack.back())].isArray;
            continue;
        }
        if (c == '}' || c == ']') {
            if (!stack.empty())
                stack.pop_back();
            expectKey = false;
            continue;
        }
        if (c == '"' && expectKey && !stack.empty()) {
            pendingKey.clear();
            pendingKeyOffset = (long long)i;
            i = skipString(text_, i, &pendingKey) - 1;
            expectKey = false;
            continue;
        }
        Child* slot = valueStarts(i);
        if (c == '{' || c == '[') {
            const auto index = int32_t(containers_.size());
            containers_.emplace_back();
            containers_.back().isArray = c == '[';
            if (slot)
                slot->container = index;
            else
                root_ = index;
            stack.push_back(index);
            expectKey = c == '{';
        } else if (c == '"') {
            i = skipString(text_, i, nullptr) - 1;
        } else {
            while (i + 1 < text_.size() && text_[i + 1] != ',' && text_[i + 1] != '}' &&
                   text_[i + 1] != ']' && text_[i + 1] != ' ' && text_[i + 1] != '\n' &&
                   text_[i + 1] != '\r' && text_[i + 1] != '\t')
                ++i;
        }
    }
}

const JsonLocator::Child* JsonLocator::child(const Container& c, const std::string& token) const
{
    if (c.isArray) {
        if (token.empty() || token.size() > 18 ||
            token.find_first_not_of("0123456789") != std::string::npos)
            return nullptr;
        const size_t index = size_t(std::stoull(token));
        return index < c.children.size() ? &c.children[index] : nullptr;
    }
    if (c.byKey.size() != c.keys.size()) {
        // Sorted once per object; a stable sort keeps duplicates in document order so that
        // the last one wins, as it does in the parsed value.
        c.byKey.resize(c.keys.size());
        for (uint32_t k = 0; k < c.byKey.size(); ++k)
            c.byKey[k] = k;
        std::stable_sort(c.byKey.begin(), c.byKey.end(),
                         [&](uint32_t a, uint32_t b) { return c.keys[a] < c.keys[b]; });
    }
    const auto end =
        std::upper_bound(c.byKey.begin(), c.byKey.end(), token,
                         [&](const std::string& t, uint32_t k) { return t < c.keys[k]; });
    if (end == c.byKey.begin() || c.keys[*(end - 1)] != token)
        return nullptr;
    return &c.children[*(end - 1)];
}

long long JsonLocator::offsetOf(const std::string& pointer) const
{
    long long offset = rootOffset_;
    int32_t container = root_;
    for (const std::string& token : pointerTokens(pointer)) {
        if (container < 0)
            return -1;
        const Child* c = child(containers_[size_t(container)], token);
        if (!c)
            return -1;
        offset = c->offset;
        container = c->container;
    }
    return offset;
}

bool JsonLocator::locate(const std::string& pointer, int& line, int& column) const
{
    std::string p = pointer;
    while (true) {
        const long long at = offsetOf(p);
        if (at >= 0) {
            // Count columns only within the line, so many messages stay cheap.
            const auto next = std::upper_bound(lineStarts_.begin(), lineStarts_.end(), size_t(at));
            const size_t start = *(next - 1);
            lineColumnOfByte(std::string_view(text_).substr(start), size_t(at) - start, line,
                             column);
            line = int(next - lineStarts_.begin());
            return true;
        }
        if (p.empty())
            return false;
        p.erase(p.rfind('/'));
    }
}

} // namespace tilelens
