#pragma once
// Internal: the hand-written recursive-descent parser shared by the Parse*.cpp
// files. It scans the raw bytes (string_view, no per-token allocation), keeps
// the model in the result's Arena and uniques types by their source text.

#include "common/PrintableText.h"
#include "ir/Block.h"
#include "ir/Function.h"
#include "ir/Module.h"
#include "ir/OpFormat.h"
#include "ir/Parser.h"
#include "ir/Region.h"
#include "ir/StringMap.h"
#include "ir/TypeUniquer.h"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

// Parts of one hot function kept apart for reading (GCC and Clang).
#define TILELENS_ALWAYS_INLINE inline __attribute__((always_inline))

namespace tilelens::ir::detail {

struct ParseAbort
{
}; // thrown only to unwind after a fatal error (depth limit, error cap)

// Stable sort of attributes by name. Lists are short (0-5 entries), and
// std::stable_sort allocates a temporary buffer on every call.
template <typename It> void sortByName(It first, It last)
{
    if (last - first > 16) {
        std::stable_sort(first, last, [](const auto& x, const auto& y) { return x.name < y.name; });
        return;
    }
    for (It i = first; i != last; ++i)
        for (It j = i; j != first && j->name < (j - 1)->name; --j)
            std::iter_swap(j, j - 1);
}

struct PendingOperand; // custom-op scratch
struct DenseValues;    // a dense literal's values (ParseDense.cpp)

// Character classes of the scanner, one table lookup per byte.
enum CharClass : uint8_t
{
    kIdStart = 1,   // [A-Za-z_]
    kIdChar = 2,    // [A-Za-z0-9_$.]
    kSuffix = 4,    // kIdChar or '-' (after % @ ^ #)
    kDenseTok = 8,  // [A-Za-z0-9.] (a dense literal scalar)
    kWsSlash = 16,  // ' ' '\n' '\t' '\r' '/': skipWs has work to do
    kTypeStop = 32, // '<' '>' '\n' '{' '}': parseType's scan for the end of a type
};
struct CharTable
{
    uint8_t c[256] = {};
    constexpr CharTable()
    {
        for (int i = 0; i < 256; ++i) {
            const bool alpha = (i >= 'a' && i <= 'z') || (i >= 'A' && i <= 'Z');
            const bool digit = i >= '0' && i <= '9';
            uint8_t v = 0;
            if (alpha || i == '_')
                v |= kIdStart;
            if (alpha || digit || i == '_' || i == '$' || i == '.')
                v |= kIdChar | kSuffix;
            if (i == '-')
                v |= kSuffix;
            if (alpha || digit || i == '.')
                v |= kDenseTok;
            if (i == ' ' || i == '\n' || i == '\t' || i == '\r' || i == '/')
                v |= kWsSlash;
            if (i == '<' || i == '>' || i == '\n' || i == '{' || i == '}')
                v |= kTypeStop;
            c[i] = v;
        }
    }
};
inline constexpr CharTable kChars{};
inline bool charIs(char ch, uint8_t cls)
{
    return (kChars.c[static_cast<unsigned char>(ch)] & cls) != 0;
}

class Parser
{
public:
    Parser(std::string_view text, const ParseOptions& options, ParseResult& result);
    void run();

    // ---- scanning (ParseLexing.cpp)
    void skipWs()
    {
        // Hot: called before every token; most calls find a token right here
        // or after one space.
        const size_t n = m_text.size();
        if (m_pos < n) {
            const char c = m_text[m_pos];
            if (!charIs(c, kWsSlash))
                return;
            if (c == ' ' && m_pos + 1 < n && !charIs(m_text[m_pos + 1], kWsSlash)) {
                m_tokEnd = m_pos;
                m_tokEndLine = m_line;
                m_tokEndLineStart = m_lineStart;
                ++m_pos;
                return;
            }
        }
        skipWsSlow();
    }
    void skipWsSlow();
    bool atEnd()
    {
        skipWs();
        return m_pos >= m_text.size();
    }
    char peek()
    {
        skipWs();
        return m_pos < m_text.size() ? m_text[m_pos] : '\0';
    }
    char peekAt(size_t k) const { return m_pos + k < m_text.size() ? m_text[m_pos + k] : '\0'; }
    bool consume(char c)
    {
        skipWs();
        if (m_pos < m_text.size() && m_text[m_pos] == c) {
            ++m_pos;
            return true;
        }
        return false;
    }
    bool consume(std::string_view s);         // punctuation sequence, e.g. "->", "<{"
    bool consumeKeyword(std::string_view kw); // identifier equal to kw (not a prefix)
    void expect(char c, const char* what)
    {
        if (!consume(c))
            expectFailed(c, what);
    }
    void expectFailed(char c, const char* what);
    bool expectKeyword(std::string_view kw);
    std::string_view peekIdentifier(); // without consuming; "" if none
    std::string_view identifier();     // bare id [A-Za-z_][A-Za-z0-9_$.]*, "" if none
    std::string_view suffixId();       // after % @ ^ #
    bool parseInteger(int64_t& v);     // decimal or hex, optional '-'
    bool parseNumberToken(std::string_view& tok, bool& isFloat);
    bool parseString(std::string& out); // unescaped
    // A quoted name ("x.op", @"a;b c"), unescaped; one that is not printable UTF-8 (a control
    // character, invalid UTF-8) is an error at its byte. `what`: "symbol name", ...
    bool quotedName(std::string& out, const char* what);
    // The same rule for a name that reached the parser another way (an alias), at line:col.
    void checkName(std::string_view name, int line, int col, const char* what);
    void nameError(std::string_view name, const NameProblem& problem, int line, int col,
                   const char* what);
    std::string_view rawString(); // the quoted token without quotes, escapes kept
    bool newlineAhead();          // a newline before the next token
    int line() const { return m_line; }
    int column() const { return int(m_pos - m_lineStart) + 1; }
    size_t pos() const { return m_pos; }
    void skipBalanced(); // skips one (), [], {}, <> group or a token
    void skipToLineEnd();

    // ---- diagnostics
    void error(const std::string& msg);
    void errorAt(int line, int col, const std::string& msg);
    void warning(const std::string& msg);
    void warningAt(int line, int col, const std::string& msg);
    void keepWarning(int line, int col, const std::string& msg); // warningAt, uncapped
    void enter();                                                // nesting depth guard
    void leave() { --m_depth; }

    // ---- types (ParseLexing.cpp)
    const Type* parseType();
    const Type* parseTypeInner();
    const Type* parseViewType(std::string_view id, int line, int col);
    const Type* numberType(std::string_view name);
    const Type* unique(Type& t);
    const Type* opaqueType(std::string_view text);
    const Type* tokenType();
    const Type* unknownType() { return opaqueType("<unknown>"); }
    bool parseDims(std::vector<int64_t>& dims, bool allowDynamic); // 4x?x8x (stops before elem)
    bool parseIntList(std::vector<int64_t>& v, char open, char close, bool allowDynamic);
    void parseTypeList(std::vector<const Type*>& out); // T, T, ... (or parenthesized)

    // ---- attributes and locations (ParseAttributes.cpp)
    const Attribute* parseAttribute(const Type* hint = nullptr);
    const Attribute* parseHashAttribute(int line, int col);
    const Attribute* parseNumberAttribute(const Type* hint);
    const Attribute*
    parseCudaTileAttr(std::string_view mnemonic); // after "#cuda_tile." or stripped
    const Attribute*
    parseDense(const Type* knownTile = nullptr); // '<' elem ':' value '>' (':' tile)?
    bool parseDenseElementType(const Type*& elem);
    const Attribute* finishDense(const Type* knownTile, const Type* elem, DenseValues& values,
                                 int line, int col);
    void parseDictionary(std::vector<NamedAttribute>& out); // '{' ... '}'
    std::string_view parseAttrKey();                        // "quoted" or bare dictionary key
    struct DenseElement
    {
        const Type* type = nullptr;
        int width = 0;
        bool isFloat = false, isI1 = false;
    };
    DenseElement denseElement(const Type* elem);
    int64_t denseScalarBits(std::string_view tok, const DenseElement& e, int line, int col);
    void scanDenseToken();
    Attribute& hexDense(Attribute& a, std::string_view blob, const Type* tile, const Type* elem,
                        int line, int col);
    const Attribute* parseOptimizationHints();
    const Attribute* parseDenseArray(); // after 'array'                       // '<' ... '>'
    const Attribute* makeAttr(Attribute a);
    std::string_view keep(std::string_view s); // interned arena copy (the input text is not kept)
    const Attribute* makeEnum(std::string_view category, std::string_view keyword);
    const Attribute* makeUnit();
    const Attribute* makeInt(int64_t v, const Type* type);
    static bool fitsWidth(int64_t v, const Type* integerType); // signed or unsigned reading
    const Attribute* makeString(std::string_view s);
    const Attribute* normalizeAttr(std::string_view name, const Attribute* a);
    const Location* parseTrailingLoc(); // optional `loc(...)`; nullptr if absent
    const Location* parseLocBody();     // inside loc( ... )
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
    Op* parseGenericOp(std::vector<std::pair<std::string_view, unsigned>>& resultDefs, int line,
                       int col, size_t startPos);
    // Custom-syntax ops: ParseOps.cpp drives the op's format (ir/OpFormat.h); the grammars a
    // format cannot say are the hooks of ParseOpHooks.cpp.
    Op* parseCustomOp(OpName name, std::vector<std::pair<std::string_view, unsigned>>& resultDefs,
                      int line, int col, size_t startPos);
    struct CustomOp;
    // Inline: one call site each (parseCustomOp), on the parser's hottest path.
    TILELENS_ALWAYS_INLINE bool parseFormatElements(CustomOp& c, size_t startPos, bool& arrow);
    void parseBareKeyword(CustomOp& c, std::string_view id);
    void parseKeyedAttribute(CustomOp& c, std::string_view id);
    void parsePunctuatedAttribute(CustomOp& c, char first);
    TILELENS_ALWAYS_INLINE void parseFormatTypes(CustomOp& c, bool arrow);
    TILELENS_ALWAYS_INLINE Op*
    finishCustomOp(CustomOp& c, std::vector<std::pair<std::string_view, unsigned>>& resultDefs,
                   int line, int col, size_t startPos);
    enum class HookResult
    {
        NotAHook, // the op reads as its format
        Parsed,
        Failed, // an error that drops the op
    };
    HookResult parseDirective(CustomOp& c); // the op's custom<...> grammar, if any
    void parseDenseConstant(CustomOp& c);
    void parseGlobalOp(CustomOp& c);
    bool parseForOp(CustomOp& c);
    void parseIfOp(CustomOp& c);
    void parseLoopOp(CustomOp& c);
    void parseBodyRegion(CustomOp& c);
    void addImplicitTerminators(CustomOp& c);
    Value* parseValueUse(); // %x or %x#i; errors on unknown names
    void parseIterValues(std::vector<std::string_view>& names, std::vector<Value*>& inits);
    Value* newValue(const Type* type, std::string_view name);
    void defineValue(std::string_view name, Value* v);
    // After '('; a labelled block's argument locations go to `locs` (null where none is written).
    void parseBlockArgs(std::vector<Value*>& out, bool labelled,
                        std::vector<const Location*>* locs = nullptr);
    void bindResults(Op* op, std::vector<std::pair<std::string_view, unsigned>>& defs,
                     std::vector<const Type*>& types);
    // Op::setWrittenOperandTypes; more than Op::kMaxArray types is a located error.
    void setWrittenTypes(Op* op, Span<const Type* const> types);
    Op* finishOp(OpName name, std::vector<Value*>& operands, std::vector<NamedAttribute>& attrs,
                 std::vector<Region*>& regions, const Type* const* resultTypes, size_t nResults);
    bool isDefaultAttr(OpName name, const NamedAttribute& a);
    void pushScope();
    void popScope();
    Op* makeImplicitTerminator(std::string_view name, Block* b);
    Span<const Type* const> typeList(const std::vector<const Type*>& types); // arena copy
    void setRange(SourceRange& r, int line, int col, size_t startPos);

    Arena& arena() { return *m_result.arena; }

    // scratch entries of a result group: name -> first value and count
    struct Binding
    {
        Value* const* values;
        unsigned count;
    };

    // SSA name table. Printers mostly emit numeric names (%0, %123): those go
    // to a vector indexed by number instead of a hash map (the hot path).
    class ValueTable
    {
    public:
        const Binding* find(std::string_view name) const
        {
            int64_t n = numeric(name);
            if (n >= 0)
                return size_t(n) < m_numbered.size() && m_numbered[size_t(n)].values
                           ? &m_numbered[size_t(n)]
                           : nullptr;
            return m_named.find(name);
        }
        // The binding of the numeric name whose value is `n` (as numeric() reads it).
        const Binding* findNumber(size_t n) const
        {
            return n < m_numbered.size() && m_numbered[n].values ? &m_numbered[n] : nullptr;
        }
        // Sets name -> b; returns the previous binding ({nullptr, 0} if none).
        Binding set(std::string_view name, Binding b)
        {
            const int64_t n = numeric(name);
            return n >= 0 ? setNumber(size_t(n), b) : setNamed(name, b);
        }

    private:
        Binding setNumber(size_t n, Binding b)
        {
            if (n >= m_numbered.size())
                m_numbered.resize(n + 1 + n / 2, Binding{nullptr, 0});
            const Binding prev = m_numbered[n];
            m_numbered[n] = b;
            m_used = std::max(m_used, n + 1);
            return prev;
        }
        // Out of line: the hash map's code made every call of set() pay for a large frame.
        __attribute__((noinline)) Binding setNamed(std::string_view name, Binding b)
        {
            if (!b.values) { // unbinding (a scope's undo log)
                const Binding* it = m_named.find(name);
                const Binding prev = it ? *it : Binding{nullptr, 0};
                if (it)
                    m_named.erase(name);
                return prev;
            }
            // Binding: one hash and probe whether the name is new or not.
            bool inserted = false;
            Binding& slot = m_named.insert(name, b, inserted);
            if (inserted)
                return Binding{nullptr, 0};
            const Binding prev = slot;
            slot = b;
            return prev;
        }

    public:
        void swap(ValueTable& o)
        {
            m_numbered.swap(o.m_numbered);
            m_named.swap(o.m_named);
            std::swap(m_used, o.m_used);
        }
        // Forgets every name, keeping the capacity (cost: the numbers used).
        void clear()
        {
            std::fill(m_numbered.begin(), m_numbered.begin() + long(m_used), Binding{nullptr, 0});
            m_used = 0;
            m_named.clear();
        }

        static constexpr size_t kMaxNumericLength = 7; // longer digit strings are named

    private:
        static int64_t numeric(std::string_view s)
        {
            if (s.empty() || s.size() > kMaxNumericLength)
                return -1;
            int64_t v = 0;
            for (char c : s) {
                if (c < '0' || c > '9')
                    return -1;
                v = v * 10 + (c - '0');
            }
            return v;
        }
        std::vector<Binding> m_numbered;
        size_t m_used = 0; // m_numbered[m_used..] are all empty
        StringMap<Binding> m_named;
    };

private:
    std::string_view m_text;
    size_t m_pos = 0;
    int m_line = 1;
    size_t m_lineStart = 0;
    // End of the last token before skipped whitespace (for exact op spans).
    size_t m_tokEnd = 0;
    int m_tokEndLine = 1;
    size_t m_tokEndLineStart = 0;
    StringMap<const Attribute*> m_enumCache; // "category\0keyword" (arena copy) -> attr
    const ParseOptions& m_opts;
    uint32_t m_cancelPolls = 0; // ops since the last look at m_opts.cancel
    ParseResult& m_result;
    int m_depth = 0;
    int m_errors = 0;
    int m_warnings = 0;    // kept in the result
    size_t m_unwarned = 0; // past maxWarnings: counted only
    bool m_sawGeneric = false, m_sawCustom = false, m_sawCutile = false;

    StringMap<const Type*> m_typeByText; // raw source span -> type
    // The text parseType() found in m_typeByText or added there last: an op
    // often repeats a type, and comparing its bytes costs less than finding
    // the end of the text and hashing it again.
    std::string_view m_lastTypeText;
    const Type* m_lastType = nullptr;
    TypeUniquer m_types;
    ValueTable m_values;
    std::vector<ValueTable> m_tablePool; // emptied tables of finished isolated regions
    std::vector<std::unique_ptr<std::vector<Op*>>> m_regionOps; // parseRegion scratch per level
    size_t m_regionLevel = 0;
    std::unordered_map<const Type*, const Type* const*> m_singleTypeLists; // see typeList()
    struct SingleTypeList
    {
        const Type* type = nullptr;
        const Type* const* slot = nullptr;
    };
    SingleTypeList m_singleTypeCache[64];
    StringMap<OpName> m_opNames;             // per-parse cache of the global interner
    const OpFormat* m_formats = opFormats(); // by OpId
    std::vector<std::vector<std::pair<std::string_view, Binding>>> m_scopes; // undo logs
    size_t m_scopeDepth = 0; // m_scopes[0..depth) are open
    std::unordered_map<std::string, const Attribute*> m_attrAliases;
    std::unordered_map<std::string, const Location*> m_locAliases;
    std::unordered_map<std::string, const Type*> m_typeAliases;
    struct PendingLoc
    {
        Location* loc;
        std::string alias;
        int line, column;
    };
    std::vector<PendingLoc> m_pendingLocs;
    struct PendingAttr
    {
        Attribute* placeholder;
        std::string alias;
        int line, column;
    };
    std::vector<PendingAttr> m_pendingAttrs;
    struct Place
    {
        int line = 0, column = 0;
    };
    std::unordered_map<std::string, Place> m_attrAliasPlaces; // where each is defined
    std::unordered_map<const Attribute*, size_t> m_spelled;   // spelledBytes' memo
    std::unordered_set<const Attribute*> m_spelling;          // its walk's open nodes
    const Attribute* m_unit = nullptr;
    static constexpr size_t kNumberTypes = 16;
    const Type* m_numberTypes[kNumberTypes] = {}; // numberType() results by name index
    const Type* m_token = nullptr;
    std::string m_scratch;
    std::vector<Op*> m_orphans;
    // Scratch vectors of one op being parsed, reused per op-nesting level so
    // that parsing an op allocates nothing on the heap in the common case.
    struct OpScratch
    {
        std::vector<Value*> operands, blockArgs;
        std::vector<NamedAttribute> attrs;
        std::vector<Region*> regions;
        std::vector<const Type*> types, resultTypes;
        std::vector<std::pair<std::string_view, unsigned>> defs;
    };

public:
    // The custom-syntax op being read: the row's format and the lists it fills.
    struct CustomOp
    {
        OpName name;
        const OpFormat& format;
        OpScratch& s;
        size_t resultCount = 0;    // the result names given before '='
        bool writtenTypes = false; // s.types holds the written operand types
        int signednessSeen = 0;    // bare signed/unsigned so far
        void add(std::string_view key, const Attribute* v) { s.attrs.push_back({key, v}); }
    };

private:
    std::vector<std::unique_ptr<OpScratch>> m_opScratch;
    size_t m_opLevel = 0;
    OpScratch& opScratch(size_t level)
    {
        while (m_opScratch.size() <= level)
            m_opScratch.push_back(std::make_unique<OpScratch>());
        return *m_opScratch[level];
    }
    struct DenseToken
    {
        std::string_view tok;
        int line, col;
    };
    std::vector<DenseToken> m_denseTokens; // parseDense scratch (never re-entered)
    std::vector<int64_t> m_denseBits, m_denseShape, m_denseCounts;
    // parseDense's block of repeated "<token>, " units and the token it was
    // made of (text of an earlier literal: compared by bytes, never read past).
    std::string m_densePattern;
    std::string_view m_densePatternUnit;
    struct AttrHash
    {
        size_t operator()(const Attribute* a) const;
    };
    struct AttrEq
    {
        bool operator()(const Attribute* a, const Attribute* b) const;
    };
    std::unordered_set<const Attribute*, AttrHash, AttrEq> m_attrs; // uniqued attributes
    StringMap<std::string_view> m_kept;

public:
    void noteSyntax(Syntax s)
    {
        if (s == Syntax::Generic)
            m_sawGeneric = true;
        else if (s == Syntax::CutileIr)
            m_sawCutile = true;
        else
            m_sawCustom = true;
    }
    void resolveAliases();
    void aliasErrorAt(int line, int column, const std::string& message); // never throws
    // About the bytes `root` spells written out, up to `budget` (past it: budget + 1);
    // memoized per attribute in m_spelled.
    size_t spelledBytes(const Attribute* root, size_t budget);
    size_t aliasSpellingBudget() const; // what one alias may spell: 4x the input + 64 MiB
    void checkGlobalNames();
    Syntax detectedSyntax() const;
};

} // namespace tilelens::ir::detail
