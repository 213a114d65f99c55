#pragma once
// Maps JSON pointers to places in the document text, so that messages about a
// field ("/kernel_variants/1/reference_ir") can name its line and column.
// nlohmann_json keeps no positions, so the text is scanned once more.

#include <map>
#include <string>

namespace tilelens::ws {

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
    const std::string& text_;
    std::map<std::string, long long> offsets_;
};

} // namespace tilelens::ws
