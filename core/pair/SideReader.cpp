#include "pair/SideReader.h"

#include "common/FileReader.h"
#include "ir/Parser.h"
#include "ir/Printer.h"
#include "ir/bytecode/BytecodeReader.h"
#include "ir/bytecode/IrFileLoader.h"

#include <algorithm>

namespace tilelens::pair {
namespace {

size_t errorCount(const Diagnostics& diags)
{
    return size_t(std::count_if(diags.begin(), diags.end(),
                                [](const Diagnostic& d) { return d.severity == Severity::Error; }));
}

int lineCount(const std::string& text)
{
    return text.empty() ? 0 : int(std::count(text.begin(), text.end(), '\n')) + 1;
}

// The text a pane shows for decoded bytecode: the header, then the printed module.
std::shared_ptr<const SideText> printedText(const ir::ParseResult& model, const std::string& header)
{
    auto bytes = std::make_shared<std::string>();
    if (!header.empty()) {
        *bytes = header;
        *bytes += '\n';
    }
    *bytes += ir::printResult(model, ir::PrintStyle::Custom);
    auto text = std::make_shared<SideText>();
    text->bytes = std::move(bytes);
    text->fromBytecode = true;
    text->headerLines = lineCount(header);
    return text;
}

} // namespace

std::vector<const ir::Module*> modulesOf(const ir::ParseResult& model)
{
    return {model.modules.begin(), model.modules.end()};
}

std::vector<const ir::Module*> PairSide::modules() const
{
    return model ? modulesOf(*model) : std::vector<const ir::Module*>();
}

SideRead readSide(const SideSource& source, const SideReadOptions& options,
                  const CancelToken& cancel)
{
    SideRead out;
    PairSide& side = out.side;
    side.path = source.path;
    cancel.throwIfCancelled();
    std::shared_ptr<const std::string> bytes = source.bytes;
    if (!bytes) {
        auto contents = readFile(source.path, side.diagnostics, ir::kMaxParseBytes, cancel);
        if (!contents)
            return out;
        bytes = std::make_shared<const std::string>(std::move(contents->bytes));
    }
    side.read = true;
    side.bytecode = ir::isBytecode(*bytes);
    const bool wantText = options.keepText || options.onText;
    if (!side.bytecode && wantText) {
        auto text = std::make_shared<SideText>();
        text->bytes = bytes;
        side.text = std::move(text);
        if (options.onText)
            options.onText(side.text);
    }

    ir::ParseOptions parse;
    parse.fileName = source.path;
    parse.onFunction = options.announce; // each entry's graph is built as soon as it is parsed
    parse.cancel = cancel;
    auto model = std::make_shared<ir::ParseResult>(
        ir::loadVerifiedIrContents(*bytes, source.path, parse, &side.verifierErrors));
    bytes.reset(); // the model never points into the input (ParserImpl.h keep())
    side.diagnostics.insert(side.diagnostics.end(), model->diagnostics.begin(),
                            model->diagnostics.end());
    // A bytecode side that decodes is shown even when it does not verify (the pane explains
    // the verdict's refusal with the text the errors point at).
    const bool decoded = errorCount(model->diagnostics) == side.verifierErrors;
    if (side.bytecode && decoded && !model->modules.empty() && wantText && options.printBytecode) {
        side.text = printedText(*model, options.decodedHeader);
        if (options.onText)
            options.onText(side.text);
    }
    if (!options.keepText)
        side.text.reset();
    out.model = std::move(model);
    if (!out.model->ok())
        return out;
    if (out.model->modules.empty()) {
        Diagnostic d;
        d.place.file = source.path;
        d.message = "no cuda_tile.module found";
        side.diagnostics.push_back(d);
        return out;
    }
    side.loaded = true;
    return out;
}

} // namespace tilelens::pair
