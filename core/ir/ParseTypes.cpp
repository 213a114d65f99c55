// Structural parsing of Tile IR types (tile-ir.md §1.3), short or long form.
#include "ir/ParserImpl.h"

namespace tilelens::ir::detail {

namespace {
bool isPadding(std::string_view k)
{
    return k == "zero" || k == "neg_zero" || k == "nan" || k == "pos_inf" || k == "neg_inf";
}
} // namespace

// After `partition_view`, `strided_view` or `gather_scatter_view` (`id`, at line:col):
// `<tile=(8x16), tensor_view<...>, padding_value = zero, dim_map = [1, 0], ...>`.
const Type* Parser::parseViewType(std::string_view id, int line, int col)
{
    Type t;
    t.kind = id == "partition_view" ? TypeKind::PartitionView
             : id == "strided_view" ? TypeKind::StridedView
                                    : TypeKind::GatherScatterView;
    expect('<', "after the view type name");
    if (!expectKeyword("tile"))
        return unknownType();
    expect('=', "after 'tile'");
    expect('(', "before the tile shape");
    std::vector<int64_t> dims;
    parseDims(dims, false);
    int64_t last;
    if (parseInteger(last))
        dims.push_back(last);
    expect(')', "after the tile shape");
    t.shape = arena().copy(dims);
    while (consume(',')) {
        std::string_view key = peekIdentifier();
        if (key == "tensor_view" || peek() == '!') {
            t.tensorView = parseType();
        } else if (key == "padding_value") {
            identifier();
            expect('=', "after 'padding_value'");
            std::string_view kw = identifier();
            if (!isPadding(kw))
                error("unknown padding value '" + std::string(kw) + "'");
            t.padding = keep(kw);
        } else if (key == "dim_map" || key == "traversal_strides") {
            identifier();
            expect('=', "after the key");
            std::vector<int64_t> v;
            parseIntList(v, '[', ']', false);
            if (key == "dim_map") {
                bool identity = true;
                for (size_t i = 0; i < v.size(); ++i)
                    identity = identity && v[i] == int64_t(i);
                if (!identity)
                    t.dimMap = arena().copy(v);
            } else {
                t.strides = arena().copy(v);
            }
        } else if (key == "sparse_dim") {
            identifier();
            expect('=', "after 'sparse_dim'");
            if (!parseInteger(t.sparseDim))
                error("expected an integer after 'sparse_dim ='");
        } else {
            error("unexpected '" + std::string(key) + "' in a view type");
            return unknownType();
        }
    }
    if (!consume('>')) {
        error("expected '>' to close the view type");
        return unknownType();
    }
    if (!t.tensorView || t.tensorView->kind != TypeKind::TensorView) {
        errorAt(line, col, "a view type needs a tensor_view");
        return unknownType();
    }
    return unique(t);
}

const Type* Parser::parseTypeInner()
{
    enter();
    struct Guard
    {
        Parser* p;
        ~Guard() { p->leave(); }
    } guard{this};
    skipWs();
    int line = m_line, col = column();
    if (consume('(')) { // function type
        std::vector<const Type*> ins, outs;
        if (!consume(')')) {
            do
                ins.push_back(parseType());
            while (consume(','));
            expect(')', "to close the function inputs");
        }
        if (!consume("->")) {
            error("expected '->' in a function type");
            return unknownType();
        }
        if (peek() == '(')
            parseTypeList(outs);
        else
            outs.push_back(parseType());
        Type t;
        t.kind = TypeKind::Function;
        t.inputs = arena().copy(ins);
        t.results = arena().copy(outs);
        return unique(t);
    }
    bool bang = consume('!');
    std::string_view id = identifier();
    if (id.empty()) {
        errorAt(line, col, "expected a type");
        return unknownType();
    }
    if (bang && id.substr(0, 10) == "cuda_tile.")
        id = id.substr(10);
    else if (bang && id.find('.') == std::string_view::npos) {
        auto it = m_typeAliases.find(std::string(id));
        if (it != m_typeAliases.end())
            return it->second;
        errorAt(line, col, "unknown type alias '!" + std::string(id) + "'");
        return unknownType();
    }
    if (const Type* n = numberType(id))
        return n;
    if (id == "token")
        return tokenType();
    Type t;
    if (id == "ptr") {
        expect('<', "after 'ptr'");
        t.kind = TypeKind::Pointer;
        t.element = parseType();
        expect('>', "to close 'ptr<'");
        return unique(t);
    }
    if (id == "tile" || id == "tensor_view") {
        expect('<', "after the type name");
        std::vector<int64_t> dims;
        parseDims(dims, id == "tensor_view");
        t.kind = id == "tile" ? TypeKind::Tile : TypeKind::TensorView;
        t.shape = arena().copy(dims);
        t.element = parseType();
        if (t.kind == TypeKind::Tile && t.element->kind != TypeKind::Number &&
            t.element->kind != TypeKind::Pointer && t.element->kind != TypeKind::Opaque)
            errorAt(line, col,
                    "a tile element must be a number or pointer type, not '" +
                        t.element->canonical() + "'");
        if (t.kind == TypeKind::TensorView && consume(',')) {
            if (!expectKeyword("strides"))
                return unknownType();
            expect('=', "after 'strides'");
            std::vector<int64_t> strides;
            parseIntList(strides, '[', ']', true);
            t.strides = arena().copy(strides);
        }
        if (!consume('>')) {
            error("expected '>' to close the " + std::string(id) + " type");
            return unknownType();
        }
        return unique(t);
    }
    if (id == "partition_view" || id == "strided_view" || id == "gather_scatter_view")
        return parseViewType(id, line, col);
    // Unknown type: keep its text (identifier + balanced <...>) with a warning.
    size_t start = m_pos - id.size() - (bang ? 1 : 0);
    if (m_pos < m_text.size() && m_text[m_pos] == '<')
        skipBalanced();
    std::string text;
    for (char c : m_text.substr(start, m_pos - start))
        if (c != ' ' && c != '\t' && c != '\r' && c != '\n')
            text += c;
    if (!bang)
        errorAt(line, col, "unknown type '" + text + "'");
    else
        warningAt(line, col, "unknown type '" + text + "' kept as written");
    return opaqueType(arena().copyString(text));
}

} // namespace tilelens::ir::detail
