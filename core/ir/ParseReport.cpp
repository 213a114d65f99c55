#include "ir/ParseReport.h"

#include "common/FileReader.h"
#include "ir/Parser.h"
#include "ir/Verifier.h"
#include "ir/bytecode/BytecodeReader.h"
#include "ir/bytecode/IrFileLoader.h"

namespace tilelens::ir {
namespace {

nlohmann::json diagnosticJson(const Diagnostic& d)
{
    return {{"severity", severityWord(d.severity)},
            {"line", d.place.line},
            {"column", d.place.column},
            {"message", d.message}};
}

// Read once, then decide: a FIFO cannot be opened a second time.
std::vector<ParseResult> parseChunks(const std::string& path, bool split, bool& bytecode)
{
    std::vector<ParseResult> results;
    Diagnostics readDiags;
    const auto contents = readFile(path, readDiags, kMaxParseBytes);
    bytecode = contents && isBytecode(contents->bytes);
    if (!contents) {
        results.emplace_back();
        results.back().diagnostics = std::move(readDiags);
    } else if (split && !bytecode) {
        results = parseFileContentsSplit(contents->bytes, path);
    } else {
        results.push_back(loadIrContents(contents->bytes, path)); // text or .tileirbc
    }
    return results;
}

void addFunctions(const ParseResult& r, size_t chunk, bool split, nlohmann::json& functions)
{
    for (const Module* m : r.modules)
        for (const Function* f : m->functions) {
            nlohmann::json fj = {{"name", std::string(f->name)},
                                 {"kind", f->kind == FunctionKind::Entry ? "entry" : "func"},
                                 {"module", std::string(m->name)},
                                 {"ops", f->opCount()},
                                 {"line", f->range.beginLine}};
            if (split)
                fj["chunk"] = chunk;
            functions.push_back(fj);
        }
}

} // namespace

FileParseReport parseReport(const std::string& path, const ParseReportOptions& options)
{
    FileParseReport out;
    bool bytecode = false;
    std::vector<ParseResult> results = parseChunks(path, options.split, bytecode);
    if (options.verify)
        for (ParseResult& r : results)
            if (r.ok())
                verifyParseResult(r, path);
    nlohmann::json functions = nlohmann::json::array();
    nlohmann::json diags = nlohmann::json::array();
    for (size_t c = 0; c < results.size(); ++c) {
        const ParseResult& r = results[c];
        out.ok = out.ok && r.ok();
        out.ops += r.opCount();
        if (r.syntax != Syntax::Empty)
            out.syntax = (out.syntax == "empty" || out.syntax == syntaxName(r.syntax))
                             ? syntaxName(r.syntax)
                             : "mixed";
        else if (bytecode && r.ok())
            out.syntax = "bytecode";
        for (const Diagnostic& d : r.diagnostics) {
            diags.push_back(diagnosticJson(d));
            out.diagnostics.push_back(d);
        }
        addFunctions(r, c, options.split, functions);
        if (options.emit && r.ok() && !r.modules.empty())
            out.emitted +=
                (options.split && c > 0 ? "// -----\n" : "") + printResult(r, *options.emit);
    }
    out.chunks = results.size();
    out.json = {{"path", path},        {"ok", out.ok},           {"syntax", out.syntax},
                {"op_count", out.ops}, {"functions", functions}, {"diagnostics", diags}};
    if (options.split)
        out.json["chunks"] = results.size();
    return out;
}

std::string parseSummaryLine(const std::string& path, const FileParseReport& report, bool split)
{
    return path + ": " + (report.ok ? "ok" : "FAILED") + " (" + report.syntax + " syntax, " +
           std::to_string(report.json["functions"].size()) + " functions, " +
           std::to_string(report.ops) + " ops" +
           (split ? ", " + std::to_string(report.chunks) + " chunks" : std::string()) + ")\n";
}

} // namespace tilelens::ir
