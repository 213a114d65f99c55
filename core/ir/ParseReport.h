#pragma once
// One IR file read, parsed (text or bytecode, optionally split at '// -----' lines), verified
// and summarised: what `tilelens-cli parse` reports of each file (tilelens.parse/1).

#include "common/Diagnostic.h"
#include "ir/Printer.h"

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace tilelens::ir {

struct ParseReportOptions
{
    bool split = false;             // lines '// -----' separate independent inputs (text only)
    bool verify = true;             // what parsed is verified: its errors are the input's too
    std::optional<PrintStyle> emit; // print the modules that parsed in this syntax
};

struct FileParseReport
{
    bool ok = true;
    std::string syntax = "empty"; // one syntax, "mixed", "bytecode" or "empty"
    size_t ops = 0;
    size_t chunks = 0;
    Diagnostics diagnostics; // every chunk's, in order
    std::string emitted;     // ParseReportOptions::emit: the printed modules
    nlohmann::json json;     // the file's object in tilelens.parse/1's "files"
};

FileParseReport parseReport(const std::string& path, const ParseReportOptions& options);

// "PATH: ok (custom syntax, 2 functions, 40 ops)", the text line of a file.
std::string parseSummaryLine(const std::string& path, const FileParseReport& report, bool split);

} // namespace tilelens::ir
