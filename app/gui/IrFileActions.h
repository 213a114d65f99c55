#pragma once
// File > "Compare Two IR Files…" and File > "Attach IR…" (issue 31 item 4): a reviewer gets a
// comparison from IR files already on disk without the command line. The first opens the
// two-file mode of `tilelens REF GEN`; the second remembers a reference and a generated IR
// file for the selected port (.tilelens/attached-ir.json, workspace/AttachedIr.h) and rescans,
// so the inspector compares them from then on.

#include <QObject>
#include <QString>
#include <functional>

class QMenu;
class QAction;

namespace tilelens::gui {

class InspectorSession;
class MainWindow;
class WorkspaceController;

class IrFileActions : public QObject
{
    Q_OBJECT
public:
    IrFileActions(MainWindow& window, WorkspaceController& workspace, InspectorSession& session);

    // Asks for one existing file (title, start folder); empty when cancelled. A file dialog by
    // default; tests give answers through setPicker() instead of a modal dialog.
    using Picker = std::function<QString(const QString& title, const QString& startDir)>;
    void setPicker(Picker picker) { m_pick = std::move(picker); }

    // Adds both actions ("compareTwoIrFilesAction", "attachIrAction") to `file`.
    void addTo(QMenu* file);

    void compareTwoFiles();
    void attachIr();

private:
    // Reference then generated file; false when either was cancelled.
    bool pickPair(const QString& referenceTitle, const QString& generatedTitle, QString& reference,
                  QString& generated);
    QString startDir() const;

    MainWindow& m_window;
    WorkspaceController& m_workspace;
    InspectorSession& m_session;
    Picker m_pick;
    QString m_lastDir;
};

} // namespace tilelens::gui
