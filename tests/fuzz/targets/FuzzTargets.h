#pragma once
// What each fuzz target does with one input, shared by the libFuzzer entry points
// (tests/fuzz/fuzz_*.cpp, with the part of core they need) and the regression replay that every
// normal build runs (tests/fuzz/replay). Each reads the bytes the way TileLens reads that format.

#include <string>
#include <string_view>
#include <vector>

namespace tilelens::fuzz {

void irText(std::string_view bytes);       // parse --split, verify, print back
void irBytecode(std::string_view bytes);   // decode, verify, print back
void analysisJson(std::string_view bytes); // checked parse, validate, locate messages
void reports(std::string_view bytes);      // the four markdown report parsers
void perfLog(std::string_view bytes);      // TileGym --print-record logs
void cuptiRecords(std::string_view bytes); // CUPTI JSON lines and profile.json
void rules(std::string_view bytes);        // diff --rules files, merged over the defaults
// Two IR texts split at the first \x01 byte (none: the text against itself), loaded and
// verified as the CLI does, diffed with the default rules, and written in every report format.
void diffPair(std::string_view bytes);
// The same pair's first entries run by the CPU interpreter (eval) with the binding it derives
// without a file, under small budgets, and its result written as JSON and text.
void evalPair(std::string_view bytes);
void tilelensJson(std::string_view bytes); // tilelens.json over the default stages
void runHistory(std::string_view bytes);   // .tilelens/runs.jsonl: the whole file, then its tail
void pairingsJson(std::string_view bytes); // .tilelens/pairings.json: read, edited, read again
void bindingFile(std::string_view bytes);  // eval --binding files, then a case of a small kernel
void bindingExpr(std::string_view bytes);  // the binding expression language
// A port's launch chain: wrapper, ffi.rs, kernel.rs and reference module texts (the input split
// at \x01 bytes, a missing part an unreadable file), read, bound and ABI-checked per entry.
void launchChain(std::string_view bytes);
// A source or IR file's text as a pane scans it: hidden characters, their revealed form and the
// names that read as other names, each listed place checked against the text.
void sourceText(std::string_view bytes);

struct FuzzTarget
{
    const char* name; // folder name under tests/data/fuzz-regressions/ and fuzz_<name>
    void (*run)(std::string_view);
};
const std::vector<FuzzTarget>& fuzzTargets();

} // namespace tilelens::fuzz
