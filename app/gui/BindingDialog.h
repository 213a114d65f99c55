#pragma once
// Diff > CPU Run Binding… (issue 31 item 3): the binding "Run Both on CPU" uses for the shown
// pair, as editable tilelens.eval-binding/1 text. It starts from the binding in use (the one
// given for this pair, else the one derived from the port's launch chain, else the guess a run
// would make, saying which and why), checks the text as it is typed with the core's binding
// reader (errors at their line and column; Run is disabled while the text is invalid), loads a
// file, and reruns the CPU run with it at once (Run, or a picked file).

#include "pair/PairAnalysis.h"

#include <QDialog>
#include <QString>
#include <memory>

class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace tilelens::gui {

// The binding a run of the pair uses now, as text, and where it comes from in words.
struct BindingInUse
{
    QString text;   // tilelens.eval-binding/1
    QString origin; // "Guessed: …", "Derived from the port's launch chain: …", "Given: …"
    QString file;   // the file it was read from, if any
};

class BindingDialog : public QDialog
{
    Q_OBJECT
public:
    // `inUse`: what to start from; `analysis`: the pair (its first entry pair is checked).
    BindingDialog(const BindingInUse& inUse, std::shared_ptr<const pair::PairAnalysis> analysis,
                  QWidget* parent = nullptr);

    QString text() const;
    // The file the text was loaded from while it is unchanged ("" once edited).
    QString file() const { return m_file; }
    // The text's problem ("3:14: arrays.x.shape[1]: ..."), "" when it is valid.
    QString problem() const { return m_problem; }

    QPlainTextEdit* editor() const { return m_editor; }
    QLabel* originLabel() const { return m_origin; }
    QLabel* statusLabel() const { return m_status; }
    QPushButton* runButton() const { return m_run; }

    // Reads `path` into the editor; when it is valid the dialog closes to run it at once.
    void loadFile(const QString& path);

    // What a run of `analysis` would use now without a given binding: derived from the port's
    // launch chain, else guessed (eval::defaultBinding), else a skeleton that says why not.
    static BindingInUse derivedOrGuessed(const pair::PairAnalysis& analysis);
    // Where a given binding comes from: `file`, or the dialog's edit when "".
    static QString givenOrigin(const QString& file);

private:
    void validate();
    void chooseFile();

    std::shared_ptr<const pair::PairAnalysis> m_analysis;
    QLabel* m_origin = nullptr;
    QPlainTextEdit* m_editor = nullptr;
    QLabel* m_status = nullptr;
    QPushButton* m_run = nullptr;
    QString m_file;
    QString m_fileText; // the file's text: an edit makes the binding the dialog's own
    QString m_problem;
};

} // namespace tilelens::gui
