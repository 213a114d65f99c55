// The IR pair mutator shared by the pair targets (see PairMutator.h).
#include "PairMutator.h"

#include <array>
#include <cstring>
#include <random>
#include <string>
#include <string_view>
#include <vector>

extern "C" size_t LLVMFuzzerMutate(uint8_t* data, size_t size, size_t maxSize);

namespace {

using Rng = std::mt19937;

// Words that may stand for each other without breaking the types around them.
const std::vector<std::vector<std::string_view>>& wordGroups()
{
    static const std::vector<std::vector<std::string_view>> groups = {
        {"less_than", "less_than_or_equal", "greater_than", "greater_than_or_equal", "equal",
         "not_equal"},
        {"signed", "unsigned"},
        {"nearest_even", "zero", "negative_inf", "positive_inf", "approx", "full"},
        {"addf", "subf", "mulf", "maxf", "minf", "divf"},
        {"addi", "subi", "muli", "maxi", "mini", "andi", "ori", "xori"},
        {"exp", "exp2", "log", "log2", "rsqrt", "sqrt", "negf", "absf", "tanh"},
        {"weak", "relaxed", "acquire", "release"},
        {"neg_inf", "pos_inf", "nan"},
    };
    return groups;
}

bool isWordChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// Start offsets of whole-word occurrences of `word` in text[from, text.size()).
std::vector<size_t> occurrences(const std::string& text, size_t from, std::string_view word)
{
    std::vector<size_t> at;
    for (size_t p = text.find(word, from); p != std::string::npos; p = text.find(word, p + 1)) {
        const size_t end = p + word.size();
        if ((p == 0 || !isWordChar(text[p - 1])) && (end >= text.size() || !isWordChar(text[end])))
            at.push_back(p);
    }
    return at;
}

template <typename T> const T& pick(const std::vector<T>& v, Rng& rng)
{
    return v[std::uniform_int_distribution<size_t>(0, v.size() - 1)(rng)];
}

bool replaceWord(std::string& text, size_t from, Rng& rng)
{
    const auto& group = pick(wordGroups(), rng);
    const std::string_view word = pick(group, rng);
    const std::vector<size_t> at = occurrences(text, from, word);
    if (at.empty())
        return false;
    // Another word of the group: an offset of 1 to size - 1 from the word's own place.
    size_t self = 0;
    while (group[self] != word)
        ++self;
    const size_t shift = std::uniform_int_distribution<size_t>(1, group.size() - 1)(rng);
    text.replace(pick(at, rng), word.size(), group[(self + shift) % group.size()]);
    return true;
}

bool dropFlushToZero(std::string& text, size_t from, Rng& rng)
{
    const std::vector<size_t> at = occurrences(text, from, "flush_to_zero");
    if (at.empty())
        return false;
    text.erase(pick(at, rng), std::strlen("flush_to_zero"));
    return true;
}

bool changeInteger(std::string& text, size_t from, Rng& rng)
{
    std::vector<size_t> at;
    for (size_t p = from; p < text.size(); ++p)
        if (text[p] >= '0' && text[p] <= '9' && p > 0 && !isWordChar(text[p - 1]) &&
            text[p - 1] != '%')
            at.push_back(p);
    if (at.empty())
        return false;
    const size_t p = pick(at, rng);
    size_t end = p;
    while (end < text.size() && text[end] >= '0' && text[end] <= '9')
        ++end;
    static const std::vector<std::string_view> values = {
        "0", "1", "2", "3", "16", "127", "128", "255", "1024", "65535", "2147483647"};
    text.replace(p, end - p, pick(values, rng));
    return true;
}

// Two value names used on one line after its '=' swap places (x - y for y - x).
bool swapOperands(std::string& text, size_t from, Rng& rng)
{
    std::vector<size_t> eq;
    for (size_t p = text.find(" = ", from); p != std::string::npos; p = text.find(" = ", p + 1))
        eq.push_back(p + 3);
    if (eq.empty())
        return false;
    const size_t start = pick(eq, rng);
    const size_t end = std::min(text.find('\n', start), text.find(':', start));
    std::vector<std::pair<size_t, size_t>> names;
    for (size_t p = start; p < end && p < text.size(); ++p) {
        if (text[p] != '%')
            continue;
        size_t q = p + 1;
        while (q < text.size() && isWordChar(text[q]))
            ++q;
        names.push_back({p, q - p});
        p = q - 1;
    }
    if (names.size() < 2)
        return false;
    const auto a = names[0], b = names[1]; // the first two: a binary op's operands
    const std::string first = text.substr(a.first, a.second);
    const std::string second = text.substr(b.first, b.second);
    text.replace(b.first, b.second, first);
    text.replace(a.first, a.second, second);
    return true;
}

bool portingMistake(std::string& text, Rng& rng)
{
    // The generated side, or the whole text when the input is one text diffed with itself
    // (then the mistake is on both sides: still a new input for the differ's normal form).
    const size_t cut = text.find('\x01');
    const size_t from = cut == std::string::npos ? 0 : cut + 1;
    using Mutation = bool (*)(std::string&, size_t, Rng&);
    static const std::array<Mutation, 4> mutations = {replaceWord, dropFlushToZero, changeInteger,
                                                      swapOperands};
    for (int attempt = 0; attempt < 4; ++attempt)
        if (mutations[std::uniform_int_distribution<size_t>(0, mutations.size() - 1)(rng)](
                text, from, rng))
            return true;
    return false;
}

} // namespace

size_t mutateIrPair(uint8_t* data, size_t size, size_t maxSize, unsigned int seed)
{
    Rng rng(seed);
    if (rng() % 2 == 0)
        return LLVMFuzzerMutate(data, size, maxSize);
    std::string text(reinterpret_cast<const char*>(data), size);
    if (!portingMistake(text, rng) || text.size() > maxSize)
        return LLVMFuzzerMutate(data, size, maxSize);
    std::memcpy(data, text.data(), text.size());
    return text.size();
}
