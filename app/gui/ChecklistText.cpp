#include "ChecklistText.h"

namespace tilelens::gui {

QString ChecklistText::whyItMatters(const std::string& id)
{
    // Families first: the equivalences and the known gaps share their sentence.
    if (id.rfind("EQ", 0) == 0)
        return tr("Both forms compute the same values: nothing to fix.");
    if (id.rfind('K', 0) == 0 || id == "M12")
        return tr("A known gap of cuTile Rust: the port cannot change it.");
    if (id == "C-ASSUME")
        return tr("The compiler optimises on every assume: one the launch does not guarantee can "
                  "silently give wrong results.");
    if (id == "C-CMP")
        return tr("Another comparison predicate selects other elements, so masks, bounds and "
                  "branches change.");
    if (id == "C-CONST")
        return tr("Another constant changes the values computed.");
    if (id == "C-CORE")
        return tr("Another math op computes another function of its inputs.");
    if (id == "C-FTZ")
        return tr("Flushing subnormals to zero changes the results for very small values.");
    if (id == "C-FUNC")
        return tr("A function on one side only is code the other side does not have.");
    if (id == "C-HINT")
        return tr("allow_tma decides whether loads may use the Tensor Memory Accelerator, which "
                  "changes speed and the layouts a load accepts.");
    if (id == "C-IDENT")
        return tr("A reduction starts from its identity: a wrong one (0 instead of -inf for a max) "
                  "changes every reduced value.");
    if (id == "C-LOOP")
        return tr("A bounded and an unbounded loop can run a different number of iterations.");
    if (id == "C-MEM")
        return tr("Another family of memory op reads or writes memory another way (pointers or "
                  "views, masks, tokens).");
    if (id == "C-MEMORD")
        return tr("A weaker memory ordering or a narrower scope can let other threads see stale "
                  "or reordered values.");
    if (id == "C-ORDER")
        return tr("Side effects in another order change what memory holds when two of them touch "
                  "the same address.");
    if (id == "C-SHAPE")
        return tr("This type only follows another difference: fix that one and this one goes "
                  "away.");
    if (id == "C-SIG")
        return tr("The entry takes its arguments another way: the launch must pass them as the "
                  "generated entry expects.");
    if (id == "M1")
        return tr("A launch hint changes speed, not the values computed.");
    if (id == "M2")
        return tr("Other strides address other elements: reads and writes go to the wrong "
                  "places.");
    if (id == "M3")
        return tr("A narrower accumulator loses precision over the sums of a matrix multiply.");
    if (id == "M4")
        return tr("Without the conversion the accumulator is stored as it is: the output gets the "
                  "wrong element type or values.");
    if (id == "M5")
        return tr("A matrix multiply fed by other values computes another product.");
    if (id == "M6")
        return tr("Tokens order memory accesses: another order matters only when two accesses can "
                  "touch the same address.");
    if (id == "M7")
        return tr("Another loop step visits other iterations: tiles are skipped or done twice.");
    if (id == "M8")
        return tr("Another partition tile shape cuts the tensor into other tiles: elements are "
                  "read from or written to the wrong places.");
    if (id == "M9")
        return tr("Masked-off lanes of a gather are undefined without padding: they matter "
                  "wherever they reach a result.");
    if (id == "M10")
        return tr("maxf and minf are exact: a rounding attribute on them changes nothing.");
    if (id == "N1")
        return tr("An unused constant changes nothing: the canonicalizer removes it.");
    if (id == "N2")
        return tr("The assume states what the launch guarantees anyway: it changes nothing.");
    return {};
}

} // namespace tilelens::gui
