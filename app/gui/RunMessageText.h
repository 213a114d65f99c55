#pragma once
// A stage runner or profiled-run message (English in run records and the CLI) in the
// UI language: the text is matched against the core's templates
// (pipeline/RunMessages.h) and the translated template is filled with the same
// values, themselves translated when they are such messages. Texts no template
// matches (a stage's own words, a tool's error) stay as they are.

#include <QString>

namespace tilelens::gui {

QString translatedRunMessage(const QString& english);

} // namespace tilelens::gui
