#pragma once
// The integer expressions of binding files: shapes, strides, grids, parameters and integer
// values. Names (dims, `a.shape[0]`, `a.stride[1]`, `a.ptr`, integer scalars), decimal
// literals, + - * / (truncating), unary minus, parentheses and cdiv(x, y), min(x, y),
// max(x, y).
//
// A binding file is input like any other: every operation is checked for 64-bit overflow
// (INT64_MIN / -1 would raise SIGFPE, H*H*...*H silently wraps), nesting is capped so that a
// deep expression cannot overflow the parser's stack, and every error names the column of
// the expression where it happens.

#include <cstdint>
#include <map>
#include <string>
#include <string_view>

namespace tilelens::eval {

// Deepest nesting of parentheses, unary minus signs and cdiv/min/max calls. Real bindings
// nest two or three levels; the cap bounds the recursion of the parser.
constexpr int kMaxExpressionDepth = 256;

struct ExpressionError
{
    size_t column = 0;   // 1-based byte column in the expression
    std::string message; // "H * H overflows 64-bit integers", "unknown name 'N'", ...
};

// Evaluates `text` over `names`; false with the error and its column.
bool evaluateExpression(std::string_view text, const std::map<std::string, int64_t>& names,
                        int64_t& value, ExpressionError& error);

// Checks the syntax alone (names unresolved, arithmetic not done): a binding file's
// expressions are checked when it is read, before any case runs.
bool checkExpressionSyntax(std::string_view text, ExpressionError& error);

// "expression 'M +' at column 4: expected a number or a name" (a long expression is shown
// around the column only).
std::string formatExpressionError(std::string_view text, const ExpressionError& error);

// evaluateExpression with the error formatted by formatExpressionError.
bool evalExpression(const std::string& text, const std::map<std::string, int64_t>& names,
                    int64_t& value, std::string& error);

} // namespace tilelens::eval
