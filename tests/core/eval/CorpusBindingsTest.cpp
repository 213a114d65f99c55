// Corpus kernels whose default binding does not fit (tests/data/eval/corpus: sizes their
// constants fix, group tables, raw pointers) run against themselves with their binding file
// to `same`: no `error` is left for them. Random inputs only, to keep the suite quick; the
// benchmark (BM_EvalCorpusKernel) runs every corpus kernel with all inputs.

#include "TestPaths.h"
#include "eval/Differential.h"
#include "ir/Module.h"
#include "ir/Parser.h"

#include <QDir>
#include <gtest/gtest.h>

using namespace tilelens;
using namespace tilelens::eval;

TEST(EvalCorpusBindings, KernelsWithABindingFileEvaluateSame)
{
    TILELENS_REQUIRE_CORPUS();
    int files = 0;
    for (const char* sub : {"", "/real-ports"}) {
        const QDir bindings(test::testDataDir() + QStringLiteral("/eval/corpus") +
                            QString::fromLatin1(sub));
        const std::string kernels =
            test::corpusDir().toStdString() + (*sub ? "/real-ports/" : "/tilegym-cutile/mlir/");
        for (const QString& file :
             bindings.entryList({QStringLiteral("*.binding.json")}, QDir::Files, QDir::Name)) {
            ++files;
            const std::string name = file.chopped(int(sizeof(".binding.json") - 1)).toStdString();
            SCOPED_TRACE(name);
            const ir::ParseResult k = ir::parseFile(kernels + name + ".mlir");
            ASSERT_TRUE(k.ok() && !k.modules.empty() && !k.modules[0]->functions.empty());
            Binding binding;
            std::string error;
            ASSERT_TRUE(loadBinding(bindings.filePath(file).toStdString(), binding, error))
                << error;
            const ir::Function& fn = *k.modules[0]->functions[0];
            EvalOptions o;
            o.inputs = InputKind::Random;
            const EvalResult r = evaluatePair(fn, fn, binding, o);
            EXPECT_EQ(r.verdict, "same") << evalResultText(r);
            ASSERT_FALSE(r.cases.empty());
            EXPECT_GT(r.cases[0].elementsCompared, 0u);
        }
    }
    EXPECT_GE(files, 10); // group_gemm x4, recurrent_gdr x3, rms_norm x2, the swiglu Rust port
}
