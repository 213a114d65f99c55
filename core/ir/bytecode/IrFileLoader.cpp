#include "ir/bytecode/IrFileLoader.h"

#include "common/FileReader.h"
#include "ir/Arena.h"
#include "ir/Module.h"
#include "ir/Verifier.h"
#include "ir/bytecode/BytecodeReader.h"

#include <algorithm>
#include <unordered_set>

namespace tilelens::ir {

ParseResult loadIrContents(std::string_view bytes, const std::string& path,
                           const ParseOptions& options)
{
    if (isBytecode(bytes)) {
        Diagnostics diags; // also stored in the result
        return readBytecode(bytes, path, diags, nullptr, options.cancel);
    }
    return parseFileContents(bytes, path, options);
}

ParseResult loadIrFile(const std::string& path, const ParseOptions& options)
{
    // One read decides the format and feeds the parser: opening twice hung on a FIFO.
    Diagnostics diags;
    const auto contents = readFile(path, diags, kMaxParseBytes, options.cancel);
    if (!contents) {
        ParseResult failed;
        failed.arena = std::make_shared<Arena>();
        failed.diagnostics = std::move(diags);
        return failed;
    }
    return loadIrContents(contents->bytes, path, options);
}

ParseResult loadVerified(const IrLoad& load, const std::string& path, const ParseOptions& options,
                         size_t* verifierErrors)
{
    // Announced entries are verified on the parsing thread, while in cache.
    Diagnostics found;
    std::unordered_set<const Function*> verified;
    ParseOptions o = options;
    if (options.onFunction)
        o.onFunction = [&](const Function& f) {
            verified.insert(&f);
            if (verifyFunction(f, path, found, VerifyPurpose::Analysis))
                options.onFunction(f);
        };
    ParseResult r = load(o);
    if (verifierErrors)
        *verifierErrors = 0;
    if (!r.ok())
        return r; // syntax errors come first; the verifier would repeat them
    for (const Module* m : r.modules) {
        verifyModuleItems(*m, path, found, VerifyPurpose::Analysis);
        for (const Function* f : m->functions)
            if (!verified.count(f))
                verifyFunction(*f, path, found, VerifyPurpose::Analysis);
    }
    // In input order, whichever thread or pass found them.
    std::stable_sort(found.begin(), found.end(), [](const Diagnostic& a, const Diagnostic& b) {
        return std::make_pair(a.place.line, a.place.byteOffset) <
               std::make_pair(b.place.line, b.place.byteOffset);
    });
    if (verifierErrors)
        *verifierErrors = size_t(std::count_if(found.begin(), found.end(), [](const Diagnostic& d) {
            return d.severity == Severity::Error;
        }));
    r.diagnostics.insert(r.diagnostics.end(), found.begin(), found.end());
    return r;
}

ParseResult loadVerifiedIrFile(const std::string& path, const ParseOptions& options,
                               size_t* verifierErrors)
{
    return loadVerified([&](const ParseOptions& o) { return loadIrFile(path, o); }, path, options,
                        verifierErrors);
}

ParseResult loadVerifiedIrContents(std::string_view bytes, const std::string& path,
                                   const ParseOptions& options, size_t* verifierErrors)
{
    return loadVerified([&](const ParseOptions& o) { return loadIrContents(bytes, path, o); }, path,
                        options, verifierErrors);
}

} // namespace tilelens::ir
