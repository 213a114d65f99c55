// The HTML export (core/diff/HtmlReport.cpp) marks divergences in the app's colours.

#include "SeverityStyle.h"
#include "diff/ReportWriters.h"

#include <gtest/gtest.h>

using namespace tilelens;

TEST(HtmlExport, SeverityColoursAreTheApps)
{
    for (int s = 0; s < diff::kSeverityCount; ++s)
        for (bool dark : {false, true}) {
            const auto severity = diff::Severity(s);
            EXPECT_EQ(diff::htmlSeverityRgb(severity, dark),
                      gui::severityColor(severity, dark).rgb() & 0xffffffu)
                << diff::severityName(severity) << (dark ? " dark" : " light");
        }
}
