#pragma once
// Internal: the hand-written recursive-descent parser shared by the Parse*.cpp
// files. It scans the raw bytes (string_view, no per-token allocation), keeps
// the model in the result's Arena and uniques types by their source text.

#include "ir/Block.h"
#include "ir/Function.h"
#include "ir/Module.h"
#include "ir/Parser.h"
#include "ir/Region.h"

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace tilelens::ir::detail {

struct ParseAbort {}; // thrown only to unwind after a fatal error (depth limit, error cap)

struct PendingOperand; // custom-op scratch

class Parser
{
public:
    Parser(std::string_view text, const ParseOptions& options, ParseResult& result);
    void run();

    // ---- scanning (ParseLexing.cpp)
    void skipWs();
    bool atEnd() { skipWs(); return m_pos >= m_text.size(); }
    char peek() { skipWs(); return m_pos < m_text.size() ? m_text[m_pos] : '\0'; }
    char peekAt(size_t k) const { return m_pos + k < m_text.size() ? m_text[m_pos + k] : '\0'; }
    bool consume(char c);
    bool consume(std::string_view s);     // punctuation sequence, e.g. "->", "<{"
    bool consumeKeyword(std::string_view kw); // identifier equal to kw (not a prefix)
    void expect(char c, const char* what);
    bool expectKeyword(std::string_view kw);
    std::string_view peekIdentifier();    // without consuming; "" if none
    std::string_view identifier();        // bare id [A-Za-z_][A-Za-z0-9_$.]*, "" if none
    std::string_view suffixId();          // after % @ ^ #
    bool parseInteger(int64_t& v);        // decimal or hex, optional '-'
    bool parseNumberToken(std::string_view& tok, bool& isFloat);
    bool parseString(std::string& out);   // unescaped
    std::string_view rawString();         // the quoted token without quotes, escapes kept
    bool newlineAhead();                  // a newline before the next token
    int line() const { return m_line; }
    int column() const { return int(m_pos - m_lineStart) + 1; }
    size_t pos() const { return m_pos; }
    void skipBalanced();                  // skips one (), [], {}, <> group or a token
    void skipToLineEnd();

    // ---- diagnostics
    void error(const std::string& msg);
    void errorAt(int line, int col, const std::string& msg);
    void warning(const std::string& msg);
    void warningAt(int line, int col, const std::string& msg);
    void enter();  // nesting depth guard
    void leave() { --m_depth; }

    // ---- types (ParseLexing.cpp)
    const Type* parseType();
    const Type* parseTypeInner();
    const Type* numberType(std::string_view name);
    const Type* unique(Type& t);
    const Type* opaqueType(std::string_view text);
    const Type* tokenType();
    const Type* unknownType() { return opaqueType("<unknown>"); }
    bool parseDims(std::vector<int64_t>& dims, bool allowDynamic); // 4x?x8x (stops before elem)
    bool parseIntList(std::vector<int64_t>& v, char open, char close, bool allowDynamic);
    void parseTypeList(std::vector<const Type*>& out);  // T, T, ... (or parenthesized)

    // ---- attributes and locations (ParseAttributes.cpp)
    const Attribute* parseAttribute(const Type* hint = nullptr);
    const Attribute* parseCudaTileAttr(std::string_view mnemonic); // after "#cuda_tile." or stripped
    const Attribute* parseDense(const Type* knownTile = nullptr);   // '<' elem ':' value '>' (':' tile)?
    void parseDictionary(std::vector<NamedAttribute>& out);          // '{' ... '}'
    const Attribute* parseOptimizationHints();
    const Attribute* parseDenseArray();                              // after 'array'                       // '<' ... '>'
    const Attribute* makeAttr(Attribute a);
    const Attribute* makeEnum(std::string_view category, std::string_view keyword);
    const Attribute* makeUnit();
    const Attribute* makeInt(int64_t v, const Type* type);
    const Attribute* makeString(std::string_view s);
    const Attribute* normalizeAttr(std::string_view name, const Attribute* a);
    const Location* parseTrailingLoc();   // optional `loc(...)`; nullptr if absent
    const Location* parseLocBody();       // inside loc( ... )
    const Attribute* retypeScalar(const Attribute* a, const Type* elemType);

    // ---- structure and ops (ParseStructure.cpp, ParseOps.cpp)
    void parseTopLevel(std::vector<Module*>& modules);
    void parseAliasDef();
    Module* parseCudaTileModule(const SourceRange& begin, int depth);
    void parseModuleBody(Module* m, bool generic);
    Function* parseFunction(OpName name, int line, int col, size_t startPos);
    Function* functionFromGeneric(Op* op);
    Region* parseRegion(const std::vector<Value*>& entryArgs, Op* parent, bool isolated);
    Op* parseOperation();
    Op* parseGenericOp(std::vector<std::pair<std::string_view, unsigned>>& resultDefs,
                       int line, int col, size_t startPos);
    Op* parseCustomOp(OpName name, std::vector<std::pair<std::string_view, unsigned>>& resultDefs,
                      int line, int col, size_t startPos);
    Value* parseValueUse();                // %x or %x#i; errors on unknown names
    Value* newValue(const Type* type, std::string_view name);
    void defineValue(std::string_view name, Value* v);
    void bindResults(Op* op, std::vector<std::pair<std::string_view, unsigned>>& defs,
                     std::vector<const Type*>& types);
    Op* finishOp(OpName name, std::vector<Value*>& operands, std::vector<NamedAttribute>& attrs,
                 std::vector<Region*>& regions, const Type* const* resultTypes, size_t nResults);
    void pushScope();
    void popScope();
    Op* makeImplicitTerminator(std::string_view name, Block* b);
    void setRange(SourceRange& r, int line, int col, size_t startPos);

    Arena& arena() { return *m_result.arena; }

    // scratch entries of a result group: name -> first value and count
    struct Binding { Value* const* values; unsigned count; };

private:
    friend struct CustomOpParser;
    std::string_view m_text;
    size_t m_pos = 0;
    int m_line = 1;
    size_t m_lineStart = 0;
    const ParseOptions& m_opts;
    ParseResult& m_result;
    int m_depth = 0;
    int m_errors = 0;
    bool m_sawGeneric = false, m_sawCustom = false, m_sawCutile = false;

    std::unordered_map<std::string_view, const Type*> m_typeByText;  // raw source span -> type
    std::unordered_map<std::string_view, const Type*> m_typeByCanon; // canonical text -> type
    std::unordered_map<std::string_view, Binding> m_values;
    std::vector<std::vector<std::pair<std::string_view, Binding>>> m_scopes; // undo logs
    std::unordered_map<std::string, const Attribute*> m_attrAliases;
    std::unordered_map<std::string, const Location*> m_locAliases;
    std::unordered_map<std::string, const Type*> m_typeAliases;
    std::vector<std::pair<Location*, std::string>> m_pendingLocs;
    std::vector<std::pair<Attribute*, std::string>> m_pendingAttrs;
    const Attribute* m_unit = nullptr;
    const Type* m_token = nullptr;
    std::string m_scratch;
    std::vector<Op*> m_orphans;

public:
    void noteSyntax(Syntax s)
    {
        if (s == Syntax::Generic) m_sawGeneric = true;
        else if (s == Syntax::CutileIr) m_sawCutile = true;
        else m_sawCustom = true;
    }
    void resolveAliases();
    Syntax detectedSyntax() const;
};

} // namespace tilelens::ir::detail
