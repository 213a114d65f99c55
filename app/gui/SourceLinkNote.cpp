#include "SourceLinkNote.h"

#include "SourcePane.h"

#include <QBoxLayout>
#include <QCoreApplication>
#include <QLabel>

namespace tilelens::gui {
namespace {

const QString kNoteName = QStringLiteral("sourceLinkNote");

} // namespace

QString wholeFunctionNote(bool referenceHasLocations)
{
    return referenceHasLocations
               ? QCoreApplication::translate("SourceLinkNote",
                                             "This op has no source location in the reference "
                                             "IR; showing the kernel function.")
               : QCoreApplication::translate("SourceLinkNote",
                                             "The reference IR carries no source locations; "
                                             "showing the kernel function.");
}

void setSourceLinkNote(SourcePane& pane, const QString& note)
{
    auto* label = pane.findChild<QLabel*>(kNoteName, Qt::FindDirectChildrenOnly);
    if (!label) {
        if (note.isEmpty())
            return;
        auto* layout = qobject_cast<QBoxLayout*>(pane.layout());
        if (!layout)
            return;
        label = new QLabel(&pane);
        label->setObjectName(kNoteName);
        label->setWordWrap(true);
        label->setContentsMargins(4, 0, 4, 2);
        QFont font = label->font();
        font.setItalic(true);
        label->setFont(font);
        label->setForegroundRole(QPalette::PlaceholderText);
        layout->insertWidget(1, label); // under the title, above the editor
    }
    label->setText(note);
    label->setVisible(!note.isEmpty());
}

QString sourceLinkNote(const SourcePane& pane)
{
    const auto* label = pane.findChild<QLabel*>(kNoteName, Qt::FindDirectChildrenOnly);
    return label && !label->isHidden() ? label->text() : QString();
}

} // namespace tilelens::gui
