#pragma once
// Pointer offsets in one normal form (issue 13): `base + sum of terms`.
// The reference may build an address as offset(base, row*stride + col) in i64
// lanes, a port as offset(offset(base, row*stride), col) with an i32 column;
// both are the same address in every lane. An address is decomposed into its
// base pointer and a polynomial over atoms (values the form does not look
// into), each term a coefficient times a product of atoms, with:
// * offset(offset(p, a), b) = offset(p, a + b): pointer arithmetic is modulo
//   2^64 and the element size distributes over the sum;
// * i64 addi / subi / muli distribute and reassociate exactly (the ring of
//   integers modulo 2^64);
// * a narrower value is read as its sign extension: exti signed is that
//   extension, exti unsigned of a proven non-negative value too, and an
//   addi / subi / muli of narrower values splits only where the operands'
//   proven ranges show that it cannot wrap in its own width;
// * a single-element reshape / broadcast holds the same value in every lane;
// * an offset operand narrower than i64 is taken only when proven
//   non-negative (then every extension of it is the same value).
// Anything else is an atom, so two forms are equal only when every lane's
// address is.

#include "diff/graph/Internal.h"
#include "diff/graph/OpGraph.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tilelens::diff {

struct PointerOffsetForm
{
    bool rewritten = false; // the form looked through something the written op does not show
    uint64_t hash = 0;      // of base, polynomial and the result type
    std::vector<int> atoms; // canonical values the form uses (the base first)
    int base = -1;          // canonical base pointer
    // The sum's terms: coefficient and atoms (canonical values, with repeats).
    std::vector<std::pair<uint64_t, std::vector<int>>> terms;
    std::string proof;
};

// The normal form of offset op `op`; needs the canonical hashes and ranges of
// its operands' producers (it runs while the function is normalized, op by op).
PointerOffsetForm pointerOffsetForm(const GFunction& g, int op);

// Integer value v (sign-extended to 64 bits) as the same sum of terms
// (coefficient, canonical atoms); empty optional when it has too many terms.
std::optional<std::vector<std::pair<uint64_t, std::vector<int>>>> integerTerms(const GFunction& g,
                                                                               int v);

} // namespace tilelens::diff
