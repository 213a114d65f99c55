#include "ir/bytecode/IrFileLoader.h"

#include "ir/bytecode/BytecodeReader.h"

#include <fstream>

namespace tilelens::ir {

bool isBytecodeFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    char head[8] = {};
    if (!in.read(head, sizeof head))
        return false;
    return isBytecode(std::string_view(head, sizeof head));
}

ParseResult loadIrFile(const std::string& path, const ParseOptions& options)
{
    if (isBytecodeFile(path)) {
        Diagnostics diags; // also stored in the result
        return readBytecodeFile(path, diags);
    }
    return parseFile(path, options);
}

} // namespace tilelens::ir
