// Fuzz targets for IR text and bytecode (see FuzzTargets.h).
#include "FuzzTargets.h"
#include "common/JsonWrite.h"
#include "common/PrintableText.h"
#include "ir/Parser.h"
#include "ir/Printer.h"
#include "ir/Verifier.h"
#include "ir/bytecode/BytecodeReader.h"

#include <cstdlib>
#include <nlohmann/json.hpp>

namespace tilelens::fuzz {

namespace {

// Names reach reports and terminals: whatever a reader accepted names nothing that is not
// printable UTF-8 (common/PrintableText.h), and the JSON writer takes every name.
void checkNames(const ir::ParseResult& r)
{
    const auto check = [](std::string_view name) {
        if (nameProblem(name))
            std::abort(); // a finding: a reader let such a name through
        (void)jsonText(nlohmann::json(std::string(name)));
    };
    for (const ir::Module* m : r.modules) {
        check(m->name);
        for (const ir::Function* f : m->functions)
            check(f->name);
        for (const ir::Op* g : m->globals)
            if (const ir::Attribute* name = g->attr("sym_name"))
                check(name->text);
    }
}

} // namespace

void irText(std::string_view bytes)
{
    for (ir::ParseResult& r : ir::parseFileContentsSplit(bytes, "fuzz.mlir")) {
        if (!r.ok())
            continue;
        checkNames(r);
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
    checkNames(r);
    ir::verifyParseResult(r, "fuzz.tileirbc");
    (void)ir::printResult(r, ir::PrintStyle::Custom);
}

} // namespace tilelens::fuzz
