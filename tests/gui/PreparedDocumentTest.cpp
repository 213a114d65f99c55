// PreparedDocument against the installed QScintilla: a loader filled in a
// worker thread becomes the editor's document with the text given. Under the
// asan preset (UBSan's vptr check) this also proves that the loader interface
// PreparedDocument declares is the class the library's loader derives from.

#include "PreparedDocument.h"

#include "QsciHeaders.h"

#include <gtest/gtest.h>
#include <thread>

using tilelens::gui::PreparedDocument;

TEST(PreparedDocument, FilledInAWorkerBecomesTheEditorsReadOnlyText)
{
    QsciScintilla editor;
    const std::shared_ptr<PreparedDocument> document = PreparedDocument::create(&editor);
    ASSERT_TRUE(document);
    const QByteArray text("%0 = constant <f32: 0.0>\n// \xc3\xa4\xc3\xb6\xc3\xbc\nreturn\n");

    bool filled = false;
    std::thread worker([&] { filled = document->fill(text); });
    worker.join();

    ASSERT_TRUE(filled);
    EXPECT_TRUE(document->isFilled());
    EXPECT_FALSE(document->fill(text)) << "a loader takes its text once";
    ASSERT_TRUE(document->attachTo(&editor));
    EXPECT_EQ(editor.text(), QString::fromUtf8(text));
    EXPECT_EQ(editor.lines(), 4);
    EXPECT_TRUE(editor.isReadOnly());
    EXPECT_FALSE(document->attachTo(&editor)) << "the loader became the document";
}

TEST(PreparedDocument, UnfilledOrUnattachedLoadersLeaveTheEditorAlone)
{
    QsciScintilla editor;
    editor.setText(QStringLiteral("kept"));
    const std::shared_ptr<PreparedDocument> unfilled = PreparedDocument::create(&editor);
    ASSERT_TRUE(unfilled);
    EXPECT_FALSE(unfilled->attachTo(&editor));

    // Filled but dropped: its destructor releases the loader (LeakSanitizer
    // would report the document otherwise).
    std::shared_ptr<PreparedDocument> dropped = PreparedDocument::create(&editor);
    ASSERT_TRUE(dropped);
    ASSERT_TRUE(dropped->fill(QByteArray("never shown\n")));
    dropped.reset();

    const std::shared_ptr<PreparedDocument> empty = PreparedDocument::create(&editor);
    ASSERT_TRUE(empty && empty->fill(QByteArray()));
    EXPECT_EQ(editor.text(), QStringLiteral("kept"));
    ASSERT_TRUE(empty->attachTo(&editor));
    EXPECT_EQ(editor.text(), QString());
}
