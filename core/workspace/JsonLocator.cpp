#include "workspace/JsonLocator.h"

#include "workspace/JsonFile.h"

#include <vector>

namespace tilelens::ws {

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

} // namespace

JsonLocator::JsonLocator(const std::string& text) : text_(text)
{
    struct Frame
    {
        std::string pointer;
        bool isArray = false;
        long long index = 0;
        std::string key; // pending member key (objects)
        long long keyOffset = -1;
    };
    std::vector<Frame> stack;
    bool expectKey = false;
    const auto valueStarts = [&](size_t at) {
        if (stack.empty()) {
            offsets_[""] = (long long)at;
            return std::string();
        }
        Frame& f = stack.back();
        std::string p;
        if (f.isArray) {
            p = jsonPointerAppend(f.pointer, std::to_string(f.index));
            offsets_[p] = (long long)at;
        } else {
            p = jsonPointerAppend(f.pointer, f.key);
            offsets_[p] = f.keyOffset;
        }
        return p;
    };
    for (size_t i = 0; i < text_.size(); ++i) {
        const char c = text_[i];
        if (c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == ':')
            continue;
        if (c == ',') {
            if (!stack.empty()) {
                if (stack.back().isArray)
                    ++stack.back().index;
                else
                    expectKey = true;
            }
            continue;
        }
        if (c == '}' || c == ']') {
            if (!stack.empty())
                stack.pop_back();
            expectKey = false;
            continue;
        }
        if (c == '"' && expectKey && !stack.empty() && !stack.back().isArray) {
            stack.back().key.clear();
            stack.back().keyOffset = (long long)i;
            i = skipString(text_, i, &stack.back().key) - 1;
            expectKey = false;
            continue;
        }
        const std::string pointer = valueStarts(i);
        if (c == '{' || c == '[') {
            Frame f;
            f.pointer = pointer;
            f.isArray = c == '[';
            stack.push_back(f);
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

long long JsonLocator::offsetOf(const std::string& pointer) const
{
    const auto it = offsets_.find(pointer);
    return it == offsets_.end() ? -1 : it->second;
}

bool JsonLocator::locate(const std::string& pointer, int& line, int& column) const
{
    std::string p = pointer;
    while (true) {
        const long long at = offsetOf(p);
        if (at >= 0) {
            lineColumnOfByte(text_, size_t(at), line, column);
            return true;
        }
        if (p.empty())
            return false;
        p.erase(p.rfind('/'));
    }
}

} // namespace tilelens::ws
