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

struct LayoutStep;
struct OpLayout;

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
    // Per-depth scratch vectors reused across ops (decoding is malloc-bound otherwise).
    struct Scratch
    {
        std::vector<const Type*> resultTypes;
        std::vector<bool> hidden; // synthesized results (newer than the file)
        std::vector<NamedAttribute> attrs;
        std::vector<Value*> operands, results;
        std::vector<Region*> regions;
    };
    // What the steps of one op's layout have read so far.
    struct OpState
    {
        const OpLayout& layout;
        Scratch& sc;
        uint64_t nResults = 0; // the count a ResultCount step read
        bool haveCount = false;
        uint64_t flags = 0; // the Flags step's bits: which optional steps are present
    };

    // One op: its opcode's layout drives the steps (OpLayouts.h).
    Op* readOp(ByteCursor& c);
    const OpLayout& readOpcode(ByteCursor& c, int64_t at) const;
    void readStep(const LayoutStep& s, ByteCursor& c, OpState& st);
    void readRegions(const LayoutStep& s, ByteCursor& c, OpState& st, int64_t here);
    const Attribute* readAttr(const LayoutStep& s, const OpState& st, ByteCursor& c, int64_t here);
    const Attribute* readI32Array(ByteCursor& c, int64_t here);
    const Attribute* readAttrArray(const LayoutStep& s, ByteCursor& c);
    Op* makeOp(OpState& st, const Location* loc, int64_t at, int64_t end);
    Region* readRegion(ByteCursor& c);
    // Fails (at `offset`) for more than Block::kMaxArguments arguments.
    Block* makeBlock(const std::vector<Value*>& args, const std::vector<Op*>& ops, Region* parent,
                     int64_t offset);
    void checkTerminator(const std::vector<Op*>& ops, int64_t offset);
    Value* operand(ByteCursor& c);
    const Location* nextLoc(int64_t offset);

    Scratch& scratch();

    Context& m_ctx;
    std::vector<std::unique_ptr<Scratch>> m_scratch;
    std::vector<Value*> m_values; // visible values, by bytecode index
    size_t m_locFirst = 0, m_locCount = 0, m_locNext = 0;
    bool m_hasDebug = false;
    int m_depth = 0;
};

} // namespace tilelens::ir::bytecode
