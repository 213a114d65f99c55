#include "pipeline/CheckoutIrStages.h"

#include "ir/Parser.h"
#include "workspace/CheckoutPorts.h"
#include "workspace/IrGenJob.h"
#include "workspace/LaunchChain.h"

namespace tilelens::pipeline {
namespace {

// Shell helpers shared by both stages. Only $NAME forms: ${NAME} is a TileLens
// placeholder that the resolver expands before the shell sees the script.
const char* const kHelpers = R"SH(
missing() { echo "MISSING: $*"; exit 3; }
out="$TILELENS_IR_DIR"
mkdir -p "$out" || exit 1
canonicalize() {
  opt="$CUDA_TILE_OPT_BIN"
  [ -n "$opt" ] || opt=$(command -v cuda-tile-opt 2>/dev/null)
  rm -f "$out/$1.mlir" "$out/$1_canon.mlir"
  if [ -z "$opt" ] || [ ! -x "$opt" ]; then
    echo "NOTE: cuda-tile-opt not found (set CUDA_TILE_OPT_BIN or put it on PATH): the $1 IR is read from its bytecode as emitted, not canonicalized (--canonicalize --cse)"
    return 0
  fi
  tr="$(dirname "$opt")/cuda-tile-translate"
  if [ ! -x "$tr" ]; then
    echo "NOTE: cuda-tile-translate not found beside $opt: the $1 IR is not canonicalized"
    return 0
  fi
  if "$tr" --cudatilebc-to-mlir "$out/$1.tileirbc" -o "$out/$1.mlir" &&
     "$opt" --canonicalize --cse "$out/$1.mlir" -o "$out/$1_canon.mlir"; then
    echo "canonicalized: $out/$1_canon.mlir"
  else
    rm -f "$out/$1.mlir" "$out/$1_canon.mlir"
    echo "NOTE: canonicalizing the $1 IR failed (see above): it is read from its bytecode"
  fi
}
)SH";

const char* const kReferenceScript = R"SH(
py="${PYTHON}"
test="tests/ops/test_$TILELENS_OP.py"
command -v "$py" >/dev/null 2>&1 || missing "the Python interpreter '$py': install python3, or set PYTHON (environment or tilelens.json) to the interpreter TileGym uses"
"$py" -c "import cuda.tile" >/dev/null 2>&1 || missing "the cuda.tile Python module (cuTile Python) in $py: install it with pip (package cuda-tile, needs the CUDA 13 toolkit and driver), or set PYTHON to an interpreter that has it"
"$py" -c "import pytest" >/dev/null 2>&1 || missing "pytest in $py: pip install pytest"
[ -f "$test" ] || missing "$test, the op's test that gives the shapes to compile for"
dump="$out/dump-reference"
rm -rf "$dump" && mkdir -p "$dump" || exit 1
echo "running $test (test_op, cuTile Python backend) with CUDA_TILE_DUMP_BYTECODE=$dump"
if ! CUDA_TILE_DUMP_BYTECODE="$dump" "$py" -m pytest -x -q "$test" -k "test_op and cutile and not cutile_rs"; then
  echo "FAIL: the cuTile Python test failed; no reference IR was kept"
  exit 1
fi
pick=""
for f in $(ls -tr "$dump"); do
  case "$f" in "$TILELENS_FUNCTION"*) pick="$f"; break ;; esac
done
if [ -z "$pick" ]; then
  echo "FAIL: no dumped bytecode is named after $TILELENS_FUNCTION; dumped: $(ls "$dump" | tr '\n' ' ')"
  exit 1
fi
cp "$dump/$pick" "$out/reference.tileirbc" || exit 1
echo "reference IR: $out/reference.tileirbc (from $pick, the first of $(ls "$dump" | wc -l) dumps)"
canonicalize reference
)SH";

const char* const kGeneratedScript = R"SH(
jobs="$TILELENS_IR_JOBS"
job=""
if [ -f "$jobs" ]; then
job=$(awk -v entry="$TILELENS_ENTRY" '
  /^[ \t]*#/ { next }
  { line = cur $0
    if (sub(/\\[ \t]*$/, "", line)) { cur = line " "; next }
    cur = ""
    n = split(line, f, "|")
    if (n < 4) next
    e = f[4]; gsub(/^[ \t]+|[ \t]+$/, "", e)
    if (e == entry) { sub(/^[^|]*\|[ \t]*/, "", line); print line; exit } }' "$jobs")
fi
if [ -n "$job" ]; then
  echo "job of $TILELENS_ENTRY: the hand-written line in $jobs"
elif [ -n "$TILELENS_IR_JOB" ]; then
  job="$TILELENS_IR_JOB"
  echo "job of $TILELENS_ENTRY: derived from the checkout (kernel.rs, ffi.rs and the wrapper); a line in $jobs overrides it"
  printf '%s\n' "$TILELENS_IR_JOB_CHOICES"
else
  [ -f "$jobs" ] && missing "a line for entry $TILELENS_ENTRY in $jobs (the job could not be derived from the checkout: $TILELENS_IR_JOB_WHY)"
  missing "$jobs, the specialisation to compile $TILELENS_ENTRY for: the job could not be derived from the checkout ($TILELENS_IR_JOB_WHY); write one line per entry, 'name | kernel.rs | module path | entry | generics | target | params | options' (the job format of the cuTile Rust IR driver)"
fi
driver="$CUTILE_RS_IR_DRIVER"
if [ -z "$driver" ] || [ ! -x "$driver" ]; then
  command -v cargo >/dev/null 2>&1 || echo "MISSING: cargo (the Rust toolchain, needed to build the driver): install it with rustup or apt-get install cargo"
  missing "the cuTile Rust compile-only IR driver: build ir-driver around the cutile crate (NVlabs/cutile-rs, cutile_compiler::compile_api) and set CUTILE_RS_IR_DRIVER to it"
fi
[ -n "$CUTILE_RS_SRC" ] && [ -d "$CUTILE_RS_SRC" ] || missing "the cutile crate sources: set CUTILE_RS_SRC to the cutile/ folder of an NVlabs/cutile-rs checkout"
printf 'generated | %s\n' "$job" > "$out/job.txt" || exit 1
rm -f "$out/generated.tileirbc"
echo "compiling $TILELENS_ENTRY (cuTile Rust) with $driver"
TILEGYM="$PWD" "$driver" --cutile-src "$CUTILE_RS_SRC" --jobs "$out/job.txt" --out "$out" || { echo "FAIL: the cuTile Rust compiler failed"; exit 1; }
[ -f "$out/generated.tileirbc" ] || { echo "FAIL: the driver wrote no $out/generated.tileirbc"; exit 1; }
# Both sides are read from bytecode the same way; the driver's own text print is kept aside.
[ -f "$out/generated.mlir" ] && mv "$out/generated.mlir" "$out/generated.cutile-ir.txt"
echo "generated IR: $out/generated.tileirbc"
canonicalize generated
)SH";

// The ir-gen job of `entry` derived from the checkout (IrGenJob.h), into the stage's
// environment; specialised to the variant's reference IR when it has one (so both sides
// are compiled for the same call).
void deriveJobInto(StageSpec& gen, const QString& checkoutRoot, const ws::Kernel& kernel,
                   const ws::Variant& variant, const QString& entry)
{
    const ws::LaunchChain chain = ws::readLaunchChain(kernel, entry.toStdString());
    ir::ParseResult reference;
    const ir::Function* refFunction = nullptr;
    if (!variant.referenceIr.isEmpty()) {
        reference = ir::parseFile(variant.referenceIr.toStdString());
        for (const auto& m : reference.modules)
            for (const ir::Function* f : m->functions)
                if (!refFunction || f->name == variant.kernelFunction.toStdString())
                    refFunction = f;
    }
    ws::IrGenJob job;
    std::string why;
    if (!ws::deriveIrGenJob(chain, checkoutRoot.toStdString(), entry.toStdString(), refFunction,
                            job, why)) {
        gen.env.insert(QStringLiteral("TILELENS_IR_JOB_WHY"), QString::fromStdString(why));
        return;
    }
    QStringList choices;
    for (const std::string& c : job.choices)
        choices << QStringLiteral("  chosen: ") + QString::fromStdString(c);
    gen.env.insert(QStringLiteral("TILELENS_IR_JOB"), QString::fromStdString(job.line()));
    gen.env.insert(QStringLiteral("TILELENS_IR_JOB_CHOICES"), choices.join(QLatin1Char('\n')));
}

StageSpec irStage(const QString& id, const QString& title, const char* script,
                  const QString& irDirRel)
{
    StageSpec st;
    st.id = id;
    st.title = title;
    st.shell = true;
    st.argv = {QString::fromUtf8(kHelpers) + QString::fromUtf8(script)};
    st.cwd = QStringLiteral("${WS}");
    st.env.insert(QStringLiteral("TILELENS_IR_DIR"), QStringLiteral("${WS}/") + irDirRel);
    st.verdictSource = VerdictSource::ExitCode;
    st.passVerdict = QStringLiteral("IR_WRITTEN");
    st.failVerdict = QStringLiteral("NO_IR");
    st.timeoutSec = 1800;
    st.origin = QStringLiteral("default");
    return st;
}

} // namespace

QString checkoutRefStageId(const QString& op, const QString& entry)
{
    return QStringLiteral("ir-ref:%1:%2").arg(op, entry);
}

QString checkoutGenStageId(const QString& op, const QString& entry)
{
    return QStringLiteral("ir-gen:%1:%2").arg(op, entry);
}

std::vector<StageSpec> checkoutIrStageSpecs(const QString& checkoutRoot)
{
    std::vector<StageSpec> out;
    const ws::Workspace w = ws::discoverWorkspace(checkoutRoot);
    for (const ws::Kernel& k : w.kernels) {
        if (!k.checkoutPort)
            continue;
        for (const ws::Variant& v : k.variants) {
            if (v.rustEntries.isEmpty())
                continue;
            const QString entry = v.rustEntries.front();
            const QString irDir = QStringLiteral(".tilelens/ir/%1/%2").arg(k.name, entry);
            const QString rustRel =
                QStringLiteral("src/tilegym/ops/cutile_rs/%1_kernel/kernel.rs").arg(k.name);

            StageSpec ref =
                irStage(checkoutRefStageId(k.name, entry),
                        QStringLiteral("reference IR of %1 (cuTile Python, %2)")
                            .arg(entry, v.kernelFunction.isEmpty() ? QStringLiteral("unpaired")
                                                                   : v.kernelFunction),
                        kReferenceScript, irDir);
            ref.env.insert(QStringLiteral("TILELENS_OP"), k.name);
            ref.env.insert(QStringLiteral("TILELENS_FUNCTION"), v.kernelFunction);
            ref.requiresGpu = true; // cuTile Python compiles at launch
            ref.inputs = {QStringLiteral("src/tilegym/ops/cutile/%1.py").arg(k.name),
                          QStringLiteral("tests/ops/test_%1.py").arg(k.name)};
            ref.outputs = {irDir + QStringLiteral("/reference*")};
            if (v.kernelFunction.isEmpty())
                ref.disabledReason =
                    QStringLiteral("entry %1 has no paired @ct.kernel function: pair it first "
                                   "(tilelens-cli kernels --pair %2/%1=FUNCTION)")
                        .arg(entry, k.name);
            out.push_back(ref);

            StageSpec gen = irStage(checkoutGenStageId(k.name, entry),
                                    QStringLiteral("generated IR of %1 (cuTile Rust)").arg(entry),
                                    kGeneratedScript, irDir);
            gen.env.insert(QStringLiteral("TILELENS_ENTRY"), entry);
            gen.env.insert(QStringLiteral("TILELENS_IR_JOBS"),
                           QStringLiteral("${WS}/.tilelens/ir-jobs.txt"));
            deriveJobInto(gen, checkoutRoot, k, v, entry);
            gen.inputs = {rustRel};
            gen.outputs = {irDir + QStringLiteral("/generated*")};
            out.push_back(gen);
        }
    }
    return out;
}

} // namespace tilelens::pipeline
