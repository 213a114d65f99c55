// Fuzz target for the scans every source and IR pane runs on a file's text (see FuzzTargets.h).
#include "FuzzTargets.h"
#include "common/HiddenText.h"

#include <cstdlib>

namespace tilelens::fuzz {

namespace {

// A listed place must lie in the text and be counted: the panes underline and link to it.
void check(bool holds)
{
    if (!holds)
        std::abort();
}

} // namespace

void sourceText(std::string_view bytes)
{
    const HiddenTextScan hidden = scanHiddenText(bytes, 4);
    check(hidden.count >= hidden.listed.size() && hidden.listed.size() <= 4);
    for (const HiddenCharacter& h : hidden.listed)
        check(isHiddenCharacter(h.codePoint) && h.column >= 1);
    const std::string revealed = revealHiddenText(bytes);
    check(hidden.found() || revealed == bytes);
    (void)hiddenTextLines(hidden);

    const LookalikeNameScan names = scanLookalikeNames(bytes, 4);
    check(names.count >= names.listed.size() && names.listed.size() <= 4);
    size_t after = 0;
    for (const LookalikeName& n : names.listed) {
        check(n.offset >= after && n.offset + n.length <= bytes.size() && n.column >= 1);
        check(n.name.size() <= kMaxLookalikeNameBytes &&
              n.readsAs.size() <= kMaxLookalikeNameBytes);
        check(bytes.substr(n.offset, n.length).substr(0, n.name.size()) == n.name);
        check(!n.scripts.empty() && (n.mixesScripts() || !n.readsAs.empty()));
        after = n.offset + n.length;
    }
    (void)lookalikeNameLines(names);
}

} // namespace tilelens::fuzz
