#pragma once
// Reads the JSON-line record files of libtilelens_cupti.so. Tolerant: a
// garbage line or a line cut short by a killed process is a warning with its
// line number, and the rest of the file is used. A file of a newer format
// version is an error and contributes nothing.

#include "perf/cupti/CuptiTrace.h"

#include <string>

namespace tilelens::perf {

// Parses the text of one file (`fileName` is only used in diagnostics).
// Appends to `trace`, so several processes of one run merge into one trace.
void parseCuptiRecords(const std::string& text, const QString& fileName, CuptiTrace& trace);

// Reads one record file.
CuptiTrace readCuptiRecordFile(const QString& path);

// Reads every tilelens-cupti-*.jsonl in `directory` (one run, any number of
// processes). No file is a warning, not an error: the command may simply have
// launched no kernel.
CuptiTrace readCuptiRunDirectory(const QString& directory);

} // namespace tilelens::perf
