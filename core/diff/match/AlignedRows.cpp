#include "diff/match/AlignedRows.h"

#include "common/Side.h"

#include <algorithm>

namespace tilelens::diff {

namespace {

class RowBuilder
{
public:
    RowBuilder(const GFunction* r, const GFunction* g, const OpMatching* m, const RowLinks& l)
        : R(r), G(g), M(m), L(l)
    {
        if (G)
            m_genDone.assign(G->ops.size(), false);
    }

    std::vector<AlignedRow> run()
    {
        // At most one row per op of either side: no regrowth (and copying) on big functions.
        m_rows.reserve((R ? R->ops.size() : 0) + (G ? G->ops.size() : 0) + 1);
        AlignedRow entry;
        if (R)
            entry.reference = OpSite{R->line, R->column, "entry"};
        if (G)
            entry.generated = OpSite{G->line, G->column, "entry"};
        entry.divergenceIds = L.entry;
        m_rows.push_back(entry);
        if (R && G && M)
            pair(0, 0, 0);
        else if (R)
            one(Side::Reference, 0, 0);
        else if (G)
            one(Side::Generated, 0, 0);
        return std::move(m_rows);
    }

private:
    void add(int r, int g, int depth)
    {
        AlignedRow& row = m_rows.emplace_back(); // built in place: 100k rows on big pairs
        row.depth = depth;
        if (r >= 0) {
            const GOp& o = R->ops[size_t(r)];
            row.reference.emplace(OpSite{o.line, o.column, std::string(o.name)});
            auto it = L.refOps.find(r);
            if (it != L.refOps.end())
                row.divergenceIds = it->second;
        }
        if (g >= 0) {
            const GOp& o = G->ops[size_t(g)];
            row.generated.emplace(OpSite{o.line, o.column, std::string(o.name)});
            m_genDone[size_t(g)] = true;
            auto it = L.genOps.find(g);
            if (it != L.genOps.end())
                for (const auto& id : it->second)
                    if (std::find(row.divergenceIds.begin(), row.divergenceIds.end(), id) ==
                        row.divergenceIds.end())
                        row.divergenceIds.push_back(id);
        }
    }

    // All ops of a region present on one side only.
    void one(Side side, int region, int depth)
    {
        const GFunction& f = side == Side::Generated ? *G : *R;
        for (int o : f.regions[size_t(region)].ops) {
            if (side == Side::Generated && m_genDone[size_t(o)])
                continue;
            if (side == Side::Generated)
                add(-1, o, depth);
            else
                add(o, -1, depth);
            for (int sub : f.ops[size_t(o)].regions)
                one(side, sub, depth + 1);
        }
    }

    void flushGen(const IdList& gops, size_t& gi, size_t until, int depth)
    {
        for (; gi < until; ++gi) {
            const int g = gops[gi];
            if (m_genDone[size_t(g)] || M->genToRef[size_t(g)] >= 0)
                continue;
            add(-1, g, depth);
            for (int sub : G->ops[size_t(g)].regions)
                one(Side::Generated, sub, depth + 1);
        }
    }

    void pair(int rr, int gr, int depth)
    {
        const auto& rops = R->regions[size_t(rr)].ops;
        const auto& gops = G->regions[size_t(gr)].ops;
        size_t gi = 0;
        for (int r : rops) {
            const int g = M->refToGen[size_t(r)];
            if (g >= 0 && G->ops[size_t(g)].region == gr) {
                const size_t pos = size_t(G->ops[size_t(g)].posInRegion);
                if (pos >= gi)
                    flushGen(gops, gi, pos, depth);
            }
            add(r, g, depth);
            const GOp& a = R->ops[size_t(r)];
            if (g >= 0 && G->ops[size_t(g)].regions.size() == a.regions.size()) {
                for (size_t i = 0; i < a.regions.size(); ++i)
                    pair(a.regions[i], G->ops[size_t(g)].regions[i], depth + 1);
            } else {
                for (int sub : a.regions)
                    one(Side::Reference, sub, depth + 1);
                if (g >= 0)
                    for (int sub : G->ops[size_t(g)].regions)
                        one(Side::Generated, sub, depth + 1);
            }
        }
        flushGen(gops, gi, gops.size(), depth);
    }

    const GFunction* R;
    const GFunction* G;
    const OpMatching* M;
    const RowLinks& L;
    std::vector<bool> m_genDone;
    std::vector<AlignedRow> m_rows;
};

} // namespace

std::vector<AlignedRow> buildAlignedRows(const GFunction* ref, const GFunction* gen,
                                         const OpMatching* m, const RowLinks& links)
{
    return RowBuilder(ref, gen, m, links).run();
}

} // namespace tilelens::diff
