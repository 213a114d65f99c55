#pragma once
// Maps JSON pointers to places in the document text, so that messages about a
// field ("/kernel_variants/1/reference_ir") can name its line and column.
// nlohmann_json keeps no positions, so the text is scanned once more.
//
// The scan builds a tree of containers whose children hold only an offset, so
// time and memory stay linear in the text whatever its depth (a map from full
// pointer strings grew with depth squared: 10^5 nested arrays took a minute).

#include <cstdint>
#include <string>
#include <vector>

namespace tilelens {

class JsonLocator
{
public:
    // Scans `text` (expected to be valid JSON; scanning stops quietly on junk).
    explicit JsonLocator(const std::string& text);

    // Byte offset of the member's key (object members) or of the value (array
    // elements and the root); -1 when the pointer names nothing in the text.
    long long offsetOf(const std::string& pointer) const;

    // The place of the pointer, or of its nearest existing ancestor (a missing
    // field is reported at the object that should hold it). False if none.
    bool locate(const std::string& pointer, int& line, int& column) const;

private:
    struct Child
    {
        long long offset = -1;  // key of a member, start of an array element
        int32_t container = -1; // index in containers_ when the value is an array or object
    };
    struct Container
    {
        bool isArray = false;
        std::vector<Child> children;
        std::vector<std::string> keys;       // objects: parallel to children
        mutable std::vector<uint32_t> byKey; // objects: children sorted by key, built on demand
    };
    // The child named by one unescaped pointer token, or null.
    const Child* child(const Container& c, const std::string& token) const;

    const std::string& text_;
    long long rootOffset_ = -1;
    int32_t root_ = -1;
    std::vector<Container> containers_;
    std::vector<size_t> lineStarts_;
};

} // namespace tilelens
