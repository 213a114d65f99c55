#include "ir/bytecode/IrFileLoader.h"

#include "common/FileReader.h"
#include "ir/Arena.h"
#include "ir/bytecode/BytecodeReader.h"

namespace tilelens::ir {

ParseResult loadIrContents(std::string_view bytes, const std::string& path,
                           const ParseOptions& options)
{
    if (isBytecode(bytes)) {
        Diagnostics diags; // also stored in the result
        return readBytecode(bytes, path, diags);
    }
    return parseFileContents(bytes, path, options);
}

ParseResult loadIrFile(const std::string& path, const ParseOptions& options)
{
    // One read decides the format and feeds the parser: opening twice hung on a FIFO.
    Diagnostics diags;
    const auto contents = readFile(path, diags, kMaxParseBytes);
    if (!contents) {
        ParseResult failed;
        failed.arena = std::make_shared<Arena>();
        failed.diagnostics = std::move(diags);
        return failed;
    }
    return loadIrContents(contents->bytes, path, options);
}

} // namespace tilelens::ir
