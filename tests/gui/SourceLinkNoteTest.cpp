// Issue 31 item 8: when the reference IR has no loc(), the Python pane says why a divergence
// highlights the whole kernel function; the inferred-Rust highlight has a colour that stands
// out in both themes (it was a grey-blue barely off the paper).

#include "EditorTheme.h"
#include "GuiTestSupport.h"
#include "InspectorSession.h"
#include "MainWindow.h"
#include "SourcePane.h"
#include "TestPaths.h"

#include <QDir>
#include <QLabel>
#include <cmath>
#include <gtest/gtest.h>

using namespace tilelens;
using namespace tilelens::gui;

namespace {

double distance(const QColor& a, const QColor& b)
{
    return std::hypot(a.red() - b.red(), a.green() - b.green(), a.blue() - b.blue());
}

QString noteOf(MainWindow& w)
{
    const auto* label =
        w.pane(SourceRole::ReferencePython)->findChild<QLabel*>(QStringLiteral("sourceLinkNote"));
    return label && !label->isHidden() ? label->text() : QString();
}

} // namespace

TEST(SourceLinkNote, TheInferredHighlightStandsOutInBothThemes)
{
    for (bool dark : {false, true}) {
        const EditorTheme theme = dark ? EditorTheme::darkTheme() : EditorTheme::light();
        const QColor inferred = theme.inferredLine;
        const char* name = dark ? "dark" : "light";
        // As far from the paper as a recorded link's yellow is (65 light, 56 dark) ...
        EXPECT_GE(distance(inferred, theme.paper), 55.0)
            << name << " " << inferred.name().toStdString();
        // ... and never mistaken for the caret line, the selection or a recorded link.
        EXPECT_GE(distance(inferred, theme.caretLine), 40.0) << name;
        EXPECT_GE(distance(inferred, theme.selection), 40.0) << name;
        EXPECT_GE(distance(inferred, theme.linkedLine), 40.0) << name;
    }
}

TEST(SourceLinkNote, APythonHighlightOfTheWholeFunctionSaysWhy)
{
    const QDir softmax(QDir(test::examplesDir()).filePath(QStringLiteral("softmax")));
    ASSERT_TRUE(softmax.exists());
    MainWindow w(MainWindow::Options{false});
    w.resize(1600, 1000);
    w.show();
    w.openWorkspace(softmax.absolutePath());
    ASSERT_TRUE(test::waitForLoad(w));
    const diff::DiffResult* result = w.session().diffResult();
    ASSERT_NE(result, nullptr);
    ASSERT_FALSE(result->divergences.empty());
    // The example's reference IR has no loc(): every divergence shows the kernel function.
    w.session().selectDivergence(0);
    EXPECT_GT(w.linkedSourceLines(SourceRole::ReferencePython).size(), 1u);
    const QString note = noteOf(w);
    EXPECT_TRUE(note.contains(QLatin1String("carries no source locations"))) << note.toStdString();
    EXPECT_TRUE(note.contains(QLatin1String("kernel function"))) << note.toStdString();
    // Nothing selected: no note.
    w.session().selectDivergence(-1);
    EXPECT_TRUE(noteOf(w).isEmpty()) << noteOf(w).toStdString();
}
