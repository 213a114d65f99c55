// Fuzz targets for IR text and bytecode (see FuzzTargets.h).
#include "FuzzTargets.h"
#include "ir/Parser.h"
#include "ir/Printer.h"
#include "ir/Verifier.h"
#include "ir/bytecode/BytecodeReader.h"

namespace tilelens::fuzz {

void irText(std::string_view bytes)
{
    for (ir::ParseResult& r : ir::parseFileContentsSplit(bytes, "fuzz.mlir")) {
        if (!r.ok())
            continue;
        ir::verifyParseResult(r, "fuzz.mlir");
        (void)ir::printResult(r, ir::PrintStyle::Generic);
    }
}

void irBytecode(std::string_view bytes)
{
    Diagnostics diags;
    ir::ParseResult r = ir::readBytecode(bytes, "fuzz.tileirbc", diags);
    if (!r.ok())
        return;
    ir::verifyParseResult(r, "fuzz.tileirbc");
    (void)ir::printResult(r, ir::PrintStyle::Custom);
}

} // namespace tilelens::fuzz
