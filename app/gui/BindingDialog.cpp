#include "BindingDialog.h"

#include "EvalAction.h"
#include "PlainText.h"
#include "crosscheck/DiffCrossCheck.h"
#include "eval/Binding.h"
#include "workspace/DerivedBinding.h"

#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QTextBlock>
#include <QVBoxLayout>

namespace tilelens::gui {
namespace {

// The label loadBindingText() names the dialog's text with; cut from its messages, which then
// start with the line and column.
const char* const kTextLabel = "binding";

using EntryPair = std::pair<const ir::Function*, const ir::Function*>;

// The first entry pair the run would bind (a binding file binds the pairs it lists).
std::optional<EntryPair> firstEntryPair(const pair::PairAnalysis& analysis)
{
    if (!analysis.result)
        return std::nullopt;
    const auto pairs =
        crosscheck::entryPairs(*analysis.result, analysis.sides.reference().modules(),
                               analysis.sides.generated().modules());
    if (pairs.empty())
        return std::nullopt;
    return pairs.front();
}

// "a guessed binding (parameters by position …; S = 16)": the run's own words, translated.
QString bindingInWords(const eval::Binding& b)
{
    const crosscheck::BindingWords words = crosscheck::bindingWords(b);
    return QCoreApplication::translate("CpuRun", words.text)
        .arg(QString::fromStdString(words.detail));
}

// What each field means, in short (docs/cli.md, "Binding file").
QString formatHelp()
{
    return BindingDialog::tr(
        "<b>dims</b>: the sizes to try, a list per name (one input case per value). "
        "<b>arrays</b>: each logical tensor: <i>dtype</i>, <i>shape</i> (expressions over the "
        "dims), optional <i>strides</i>, <i>init</i> (normal, uniform with <i>range</i>, iota) "
        "or integer <i>values</i>. <b>scalars</b>: <i>dtype</i> and <i>value</i> (random when "
        "absent). <b>ref</b> / <b>gen</b>: <i>params</i>, one entry per kernel parameter: an "
        "array name (its pointer, shapes and strides), <code>a.ptr</code>, "
        "<code>a.shape[i]</code>, <code>a.stride[i]</code>, a scalar name or an integer "
        "expression (<code>+ - * /</code>, <code>cdiv</code>, <code>min</code>, "
        "<code>max</code>); optional <i>grid</i>, three expressions. Other fields are ignored.");
}

} // namespace

QString BindingDialog::givenOrigin(const QString& file)
{
    return file.isEmpty() ? tr("Given: edited in this dialog.")
                          : tr("Given: the file %1.").arg(file);
}

BindingInUse BindingDialog::derivedOrGuessed(const pair::PairAnalysis& analysis)
{
    BindingInUse use;
    const auto entries = firstEntryPair(analysis);
    if (!entries) {
        use.origin = tr("No entry pair to bind: the pair was not compared.");
        return use;
    }
    const auto [ref, gen] = *entries;
    const std::string way = EvalAction::bindingWay().toStdString();
    std::string why;
    if (const auto derived =
            ws::derivedBindingForIrPair(analysis.sides.reference().path,
                                        analysis.sides.generated().path, *ref, *gen, &why, way)) {
        use.text = QString::fromStdString(eval::bindingJsonText(*derived));
        use.origin = tr("Derived, since no binding is given for this pair: %1.")
                         .arg(bindingInWords(*derived));
        return use;
    }
    eval::Binding guess;
    std::string error;
    if (eval::defaultBinding(*ref, *gen, guess, error, way)) {
        use.text = QString::fromStdString(eval::bindingJsonText(guess));
        use.origin = tr("Guessed: %1. Its sizes may lie outside what the reference was "
                        "compiled for: edit them to sizes it takes. No launch chain to derive "
                        "the binding from: %2.")
                         .arg(bindingInWords(guess), QString::fromStdString(why));
        return use;
    }
    // No guess either: a skeleton to fill in, with the entries' parameter counts to meet.
    eval::Binding skeleton;
    use.text = QString::fromStdString(eval::bindingJsonText(skeleton));
    use.origin = tr("No binding: none can be guessed (%1), and there is no launch chain to "
                    "derive one from (%2). Write one below.")
                     .arg(QString::fromStdString(error), QString::fromStdString(why));
    return use;
}

BindingDialog::BindingDialog(const BindingInUse& inUse,
                             std::shared_ptr<const pair::PairAnalysis> analysis, QWidget* parent)
    : QDialog(parent), m_analysis(std::move(analysis)), m_file(inUse.file), m_fileText(inUse.text)
{
    setObjectName(QStringLiteral("cpuRunBindingDialog"));
    setWindowTitle(tr("CPU Run Binding"));
    auto* layout = new QVBoxLayout(this);

    m_origin = new QLabel(tr("In use: %1").arg(inUse.origin));
    m_origin->setObjectName(QStringLiteral("bindingOrigin"));
    m_origin->setTextFormat(Qt::PlainText);
    m_origin->setWordWrap(true);
    m_origin->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_origin);

    m_editor = new QPlainTextEdit;
    m_editor->setObjectName(QStringLiteral("bindingText"));
    m_editor->setAccessibleName(tr("Binding text"));
    m_editor->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_editor->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_editor->setPlainText(inUse.text);
    layout->addWidget(m_editor, 1);

    m_status = new QLabel;
    m_status->setObjectName(QStringLiteral("bindingStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setTextFormat(Qt::PlainText);
    layout->addWidget(m_status);

    auto* help = new QLabel(formatHelp());
    help->setObjectName(QStringLiteral("bindingHelp"));
    help->setWordWrap(true);
    help->setTextFormat(Qt::RichText);
    layout->addWidget(help);

    auto* buttons = new QDialogButtonBox;
    QPushButton* load = buttons->addButton(tr("&Load File\u2026"), QDialogButtonBox::ActionRole);
    load->setObjectName(QStringLiteral("bindingLoadFile"));
    m_run = buttons->addButton(tr("&Run"), QDialogButtonBox::AcceptRole);
    m_run->setObjectName(QStringLiteral("bindingRun"));
    m_run->setToolTip(tr("Run Both on CPU again with this binding"));
    m_run->setDefault(true);
    buttons->addButton(QDialogButtonBox::Cancel);
    layout->addWidget(buttons);
    connect(load, &QPushButton::clicked, this, &BindingDialog::chooseFile);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_editor, &QPlainTextEdit::textChanged, this, &BindingDialog::validate);
    validate();
    resize(720, 560);
}

QString BindingDialog::text() const
{
    return m_editor->toPlainText();
}

void BindingDialog::validate()
{
    if (m_editor->toPlainText() != m_fileText)
        m_file.clear();
    const std::string text = m_editor->toPlainText().toStdString();
    eval::Binding binding;
    std::string error;
    bool ok = eval::loadBindingText(text, kTextLabel, binding, error);
    const auto entries = m_analysis ? firstEntryPair(*m_analysis) : std::nullopt;
    if (ok && entries)
        ok = eval::bindingFitsPair(binding, *entries->first, *entries->second, error);
    const QString label = QLatin1String(kTextLabel) + QLatin1Char(':');
    m_problem = ok ? QString() : QString::fromStdString(error);
    if (m_problem.startsWith(label))
        m_problem = m_problem.mid(label.size()).trimmed();
    m_run->setEnabled(ok);
    m_status->setToolTip(literalText(m_problem)); // a long message in full

    QList<QTextEdit::ExtraSelection> marks;
    if (ok) {
        const auto names = [](const auto& items) {
            QStringList list;
            for (const auto& item : items)
                list << QString::fromStdString(item.name);
            return list.isEmpty() ? tr("none") : list.join(QStringLiteral(", "));
        };
        QStringList dims;
        for (const auto& dim : binding.dims)
            dims << QString::fromStdString(dim.first);
        m_status->setText(tr("Valid. Arrays: %1; scalars: %2; dims: %3.")
                              .arg(names(binding.arrays), names(binding.scalars),
                                   dims.isEmpty() ? tr("none") : dims.join(QStringLiteral(", "))));
        m_status->setStyleSheet({});
    } else {
        m_status->setText(tr("Not valid: %1").arg(m_problem));
        m_status->setStyleSheet(QStringLiteral("color: #c62828"));
        // Mark the line the problem names ("3:14: ...").
        static const QRegularExpression place(QStringLiteral("^(\\d+):(\\d+):"));
        const auto at = place.match(m_problem);
        const QTextBlock line =
            at.hasMatch() ? m_editor->document()->findBlockByNumber(at.captured(1).toInt() - 1)
                          : QTextBlock();
        if (line.isValid()) {
            QTextEdit::ExtraSelection mark;
            mark.format.setBackground(QColor(255, 82, 82, 60));
            mark.format.setProperty(QTextFormat::FullWidthSelection, true);
            mark.cursor = QTextCursor(line);
            marks << mark;
        }
    }
    m_editor->setExtraSelections(marks);
}

void BindingDialog::loadFile(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text)) {
        m_status->setText(tr("Cannot read %1: %2").arg(path, file.errorString()));
        return;
    }
    const QString text = QString::fromUtf8(file.readAll());
    m_fileText = text;
    m_editor->setPlainText(text); // validates
    m_file = path;
    m_origin->setText(tr("In use: %1").arg(givenOrigin(path)));
    if (m_problem.isEmpty())
        accept(); // a picked file runs at once
}

void BindingDialog::chooseFile()
{
    const QString start =
        m_file.isEmpty() && m_analysis
            ? QFileInfo(QString::fromStdString(m_analysis->sides.generated().path)).absolutePath()
            : QFileInfo(m_file).absolutePath();
    const QString path = QFileDialog::getOpenFileName(this, tr("Binding for the CPU Run"), start,
                                                      tr("Eval bindings (*.json);;All files (*)"));
    if (!path.isEmpty())
        loadFile(path);
}

} // namespace tilelens::gui
