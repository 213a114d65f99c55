#pragma once
// A problem found in user input, with its place. Every reader in core reports
// errors as values of this type instead of throwing or printing.

#include <cstdint>
#include <string>
#include <vector>

namespace tilelens {

enum class Severity
{
    Error,
    Warning,
    Note
};

const char* severityWord(Severity s); // "error", "warning", "note"

struct SourcePlace
{
    std::string file;        // path as given by the user
    int line = 0;            // 1-based; 0 = unknown
    int column = 0;          // 1-based; 0 = unknown
    int64_t byteOffset = -1; // for binary inputs (bytecode); -1 = unused
};

struct Diagnostic
{
    Severity severity = Severity::Error;
    SourcePlace place;
    std::string message;     // one sentence a user understands, no trailing period needed
    std::string jsonPointer; // for JSON inputs: "/kernel_variants/0/name"; empty otherwise

    // FILE:LINE:COL: error: MESSAGE   (FILE:@OFFSET: for binary inputs)
    std::string format() const;
};

using Diagnostics = std::vector<Diagnostic>;

bool hasErrors(const Diagnostics& diags);

} // namespace tilelens
