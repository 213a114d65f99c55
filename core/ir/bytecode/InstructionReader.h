#pragma once
// Internal: decodes one function body (tile-ir.md §4.7–4.9) into model ops.
// Values are numbered as the writer numbers them: function arguments first,
// then each op's results after its regions; a block's values go out of scope
// at the block's end.

#include "ir/Function.h"
#include "ir/bytecode/BytecodeContext.h"

#include <memory>
#include <vector>

namespace tilelens::ir::bytecode {

struct FunctionHeader
{
    std::string_view name;
    const Type* signature = nullptr; // a Function type
    uint64_t debugSlot = 0;
    const Attribute* hints = nullptr;
    size_t bodyBegin = 0, bodyEnd = 0; // absolute offsets
    int64_t headerOffset = 0;
};

class InstructionReader
{
public:
    explicit InstructionReader(Context& ctx) : m_ctx(ctx) {}
    Function* readFunction(const FunctionHeader& header);

private:
    Op* readOp(ByteCursor& c);
    Region* readRegion(ByteCursor& c);
    // Fails (at `offset`) for more than Block::kMaxArguments arguments.
    Block* makeBlock(const std::vector<Value*>& args, const std::vector<Op*>& ops, Region* parent,
                     int64_t offset);
    void checkTerminator(const std::vector<Op*>& ops, int64_t offset);
    Value* operand(ByteCursor& c);
    const Location* nextLoc(int64_t offset);

    // Per-depth scratch vectors reused across ops (decoding is malloc-bound otherwise).
    struct Scratch
    {
        std::vector<const Type*> resultTypes;
        std::vector<bool> hidden;
        std::vector<NamedAttribute> attrs;
        std::vector<Value*> operands, results;
        std::vector<Region*> regions;
    };
    Scratch& scratch();

    Context& m_ctx;
    std::vector<std::unique_ptr<Scratch>> m_scratch;
    std::vector<Value*> m_values; // visible values, by bytecode index
    size_t m_locFirst = 0, m_locCount = 0, m_locNext = 0;
    bool m_hasDebug = false;
    int m_depth = 0;
};

} // namespace tilelens::ir::bytecode
