#include "GuiTestSupport.h"

#include "MainWindow.h"
#include "diff/DiffResult.h"
#include "pair/RowAlignment.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QTest>

namespace tilelens::test {
namespace {

void writeFile(const QString& path, const QString& text)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    if (f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        f.write(text.toUtf8());
}

} // namespace

void writeKernelDir(const QString& root, const QString& name, const KernelFiles& files)
{
    const QDir dir(QDir(root).filePath(name));
    QDir().mkpath(dir.path());
    writeFile(dir.filePath(QStringLiteral("reference/analysis.json")),
              QStringLiteral(
                  "{\"kernel_name\": \"NAME\", \"source\": \"src/tilegym/ops/cutile/NAME.py\",\n"
                  " \"kernel_variants\": [{\"variant_name\": \"main\", \"kernel_function\": "
                  "\"NAME_kernel\",\n"
                  "   \"reference_ir\": \"reference/reference.mlir\"}]}\n")
                  .replace(QStringLiteral("NAME"), name));
    if (files.python)
        writeFile(
            dir.filePath(QStringLiteral("reference/NAME.py").replace(QStringLiteral("NAME"), name)),
            QStringLiteral(
                "import cuda.tile as ct\n\n@ct.kernel\ndef NAME_kernel(x, y):\n"
                "    # copy one tile\n    ct.store(y, ct.load(x, index=(0,), shape=(16,)))\n")
                .replace(QStringLiteral("NAME"), name));
    if (files.rust)
        writeFile(dir.filePath(QStringLiteral("kernel.rs")),
                  QStringLiteral("#[cutile::module]\npub mod NAME_module {\n    #[cutile::entry]\n"
                                 "    pub fn NAME_kernel(x: &Tensor<f32, {[16]}>) {\n        let t "
                                 "= load_tile!(x);\n    }\n}\n")
                      .replace(QStringLiteral("NAME"), name));
    if (files.referenceIr)
        writeFile(
            dir.filePath(QStringLiteral("reference/reference.mlir")),
            QStringLiteral(
                "cuda_tile.module @kernels {\n  entry @NAME_kernel_Kt1(%0: tile<ptr<f32>>) {\n"
                "    %1 = constant <f32: 0.0> : tile<16xf32>\n    return\n  }\n}\n")
                .replace(QStringLiteral("NAME"), name));
    if (files.generatedIr)
        writeFile(
            dir.filePath(QStringLiteral("generated/generated.mlir")),
            QStringLiteral(
                "cuda_tile.module @NAME_module {\n  entry @NAME_kernel(%0: tile<ptr<f32>>) {\n"
                "    %1 = constant <f32: 0.0> : tile<16xf32>\n    return\n  }\n}\n")
                .replace(QStringLiteral("NAME"), name));
}

QString readText(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(f.readAll());
}

bool waitForLoad(gui::MainWindow& window, int timeoutMs)
{
    QDeadlineTimer deadline(timeoutMs);
    while (window.isLoading() && !deadline.hasExpired())
        QTest::qWait(5);
    QCoreApplication::processEvents();
    return !window.isLoading();
}

QPalette darkPalette()
{
    QPalette p;
    p.setColor(QPalette::Window, QColor(0x2b, 0x2d, 0x30));
    p.setColor(QPalette::WindowText, QColor(0xdd, 0xdd, 0xdd));
    p.setColor(QPalette::Base, QColor(0x1e, 0x1f, 0x22));
    p.setColor(QPalette::AlternateBase, QColor(0x26, 0x28, 0x2b));
    p.setColor(QPalette::Text, QColor(0xdd, 0xdd, 0xdd));
    p.setColor(QPalette::Button, QColor(0x3a, 0x3d, 0x41));
    p.setColor(QPalette::ButtonText, QColor(0xdd, 0xdd, 0xdd));
    p.setColor(QPalette::Highlight, QColor(0x2f, 0x65, 0xca));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::ToolTipBase, QColor(0x3a, 0x3d, 0x41));
    p.setColor(QPalette::ToolTipText, QColor(0xdd, 0xdd, 0xdd));
    p.setColor(QPalette::PlaceholderText, QColor(0x90, 0x90, 0x90));
    return p;
}

std::vector<std::pair<int, int>> forwardMatchedLines(const diff::DiffResult& result)
{
    std::vector<std::pair<int, int>> lines;
    for (const PerSide<FileLine>& anchor : pair::computeRowAlignment(result).anchors)
        lines.emplace_back(anchor.reference().number(), anchor.generated().number());
    return lines;
}

} // namespace tilelens::test
