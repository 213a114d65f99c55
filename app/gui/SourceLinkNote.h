#pragma once
// A one-line note under a source pane's title that says why its highlight is what it is
// (issue 31 item 8): when the reference IR carries no loc() to the Python file, a divergence
// highlights the whole kernel function, and the pane says so instead of leaving the reviewer
// to guess.

#include <QString>

namespace tilelens::gui {

class SourcePane;

// Shows `note` under the pane's title; an empty note hides it.
void setSourceLinkNote(SourcePane& pane, const QString& note);

// The note for a Python highlight that covers the whole kernel function: why it does
// (`referenceHasLocations`: the reference IR has loc() to the file, only not for this op).
QString wholeFunctionNote(bool referenceHasLocations);

// The note shown now ("" when hidden): what tests read.
QString sourceLinkNote(const SourcePane& pane);

} // namespace tilelens::gui
