#pragma once
// A region: the body of a function or of a control-flow op (for, if, loop,
// reduce, scan). Tile IR regions have one block, but the model allows more.

#include "ir/Arena.h"

namespace tilelens::ir {

struct Block;
struct Op;

struct Region
{
    Span<Block* const> blocks;
    Op* parentOp = nullptr; // null for a function body

    Block* entryBlock() const { return blocks.empty() ? nullptr : blocks[0]; }
};

} // namespace tilelens::ir
