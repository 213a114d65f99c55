#include "pipeline/TrustCoverage.h"

#include "pipeline/WorkspacePaths.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QRegularExpression>
#include <QStandardPaths>

namespace tilelens::pipeline {
namespace {

constexpr int kMaxScriptWords = 4096; // words of one shell script looked at
constexpr int kMaxCoveredFiles = 64;  // per stage
constexpr int kMaxScriptNesting = 2;  // sh -c "sh -c '...'"

enum class Interpreter
{
    None,  // runs itself: only the program is covered
    Shell, // sh, bash, ...: its script file, or the commands of its -c script
    Other, // python, perl, ...: its script file (not -m MODULE, not -c CODE)
};

Interpreter interpreterOf(const QString& program)
{
    static const QRegularExpression shell(QStringLiteral("^(sh|bash|dash|zsh|ksh|ash|mksh)$"));
    static const QRegularExpression other(
        QStringLiteral("^(python|pypy|perl|ruby|node|Rscript|lua|tclsh|php)[0-9.]*$"));
    const QString name = QFileInfo(program).fileName();
    return shell.match(name).hasMatch()   ? Interpreter::Shell
           : other.match(name).hasMatch() ? Interpreter::Other
                                          : Interpreter::None;
}

// ${NAME} and $NAME replaced by their values in `env` (unknown names become empty, as in sh).
QString expandShellVariables(const QString& word, const QProcessEnvironment& env)
{
    QString out;
    for (qsizetype i = 0; i < word.size(); ++i) {
        if (word.at(i) != QLatin1Char('$') || i + 1 >= word.size()) {
            out += word.at(i);
            continue;
        }
        const bool braced = word.at(i + 1) == QLatin1Char('{');
        qsizetype j = i + (braced ? 2 : 1);
        const qsizetype start = j;
        while (j < word.size() && (word.at(j).isLetterOrNumber() || word.at(j) == QLatin1Char('_')))
            ++j;
        if (j == start || (braced && (j >= word.size() || word.at(j) != QLatin1Char('}')))) {
            out += word.at(i);
            continue;
        }
        out += env.value(word.mid(start, j - start));
        i = braced ? j : j - 1;
    }
    return out;
}

// The simple commands of a shell script, each as its words (quotes removed, variables
// expanded), split at blanks and operators. Enough to see which files it runs
// (`sh stage.sh && ./post.sh > log`), not a shell parser.
QList<QStringList> scriptCommands(const QString& script, const QProcessEnvironment& env)
{
    QList<QStringList> commands{{}};
    QString word;
    QChar quote;
    int words = 0;
    const auto endWord = [&] {
        if (!word.isEmpty() && ++words <= kMaxScriptWords)
            commands.last() << expandShellVariables(word, env);
        word.clear();
    };
    for (const QChar c : script) {
        if (!quote.isNull()) {
            if (c == quote)
                quote = QChar();
            else
                word += c;
        } else if (c == QLatin1Char('\'') || c == QLatin1Char('"')) {
            quote = c;
        } else if (QStringLiteral(";|&()`\n").contains(c)) {
            endWord();
            if (!commands.last().isEmpty())
                commands << QStringList();
        } else if (c.isSpace() || c == QLatin1Char('<') || c == QLatin1Char('>')) {
            endWord();
        } else {
            word += c;
        }
    }
    endWord();
    return commands;
}

bool isAssignment(const QString& word)
{
    static const QRegularExpression re(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*="));
    return re.match(word).hasMatch();
}

// The files one command runs, as named (relative to the working directory or found on
// PATH): the program, the script an interpreter is given, a sourced file, and the files the
// commands of a `sh -c` script run.
void filesRunBy(const QStringList& words, const QProcessEnvironment& env, int nesting,
                QStringList& out)
{
    static const QStringList wrappers = {QStringLiteral("env"),     QStringLiteral("exec"),
                                         QStringLiteral("nohup"),   QStringLiteral("time"),
                                         QStringLiteral("command"), QStringLiteral("nice")};
    qsizetype i = 0;
    while (i < words.size() && (isAssignment(words.at(i)) || wrappers.contains(words.at(i)) ||
                                (i > 0 && wrappers.contains(words.at(i - 1)) &&
                                 words.at(i).startsWith(QLatin1Char('-')))))
        ++i;
    if (i >= words.size())
        return;
    const QString& program = words.at(i);
    if (program == QLatin1String(".") || program == QLatin1String("source")) {
        if (i + 1 < words.size())
            out << words.at(i + 1);
        return;
    }
    if (program.contains(QLatin1Char('/'))) {
        out << program;
    } else if (const QString found = QStandardPaths::findExecutable(
                   program, env.value(QStringLiteral("PATH")).split(QLatin1Char(':')));
               !found.isEmpty()) {
        out << found;
    }
    const Interpreter kind = interpreterOf(program);
    if (kind == Interpreter::None)
        return;
    for (qsizetype j = i + 1; j < words.size(); ++j) {
        const QString& w = words.at(j);
        if (w == QLatin1String("-c")) {
            if (kind == Interpreter::Shell && j + 1 < words.size() && nesting < kMaxScriptNesting)
                for (const QStringList& command : scriptCommands(words.at(j + 1), env))
                    filesRunBy(command, env, nesting + 1, out);
            return;
        }
        if (w == QLatin1String("-m") || w == QLatin1String("--"))
            return;
        if (w.startsWith(QLatin1Char('-')) || w.startsWith(QLatin1Char('+')))
            continue;
        out << w; // the script
        return;
    }
}

QString absoluteIn(const QString& base, const QString& path)
{
    return QDir::cleanPath(QDir::isAbsolutePath(path) ? path : base + QLatin1Char('/') + path);
}

QString contentOf(const QString& path)
{
    QFile f(path);
    const QFileInfo fi(path);
    if (fi.size() > kMaxHashedFileBytes || !f.open(QIODevice::ReadOnly))
        return QStringLiteral("size:%1 mtime:%2")
            .arg(fi.size())
            .arg(fi.lastModified().toMSecsSinceEpoch());
    QCryptographicHash h(QCryptographicHash::Sha256);
    h.addData(&f);
    return QStringLiteral("sha256:") + QString::fromLatin1(h.result().toHex());
}

} // namespace

QStringList namedWorkspaceFiles(const QString& kernelDir, const ResolvedStage& r,
                                const QProcessEnvironment& base)
{
    QStringList named;
    filesRunBy(r.argv, r.environment(base), 0, named);
    QStringList files;
    for (const QString& name : named) {
        if (name.isEmpty() || files.size() >= kMaxCoveredFiles)
            continue;
        const QString path = absoluteIn(r.cwd, name);
        if (!files.contains(path) && QFileInfo(path).isFile() && isInsideWorkspace(kernelDir, path))
            files << path;
    }
    return files;
}

std::vector<StageCoverage> trustCoverage(const StageSet& set, const QProcessEnvironment& base)
{
    std::vector<StageCoverage> out;
    for (const StageSpec& st : set.stages) {
        if (st.kind != StageKind::External || !st.disabledReason.isEmpty())
            continue;
        const ResolvedStage r = resolveStage(set, st, base);
        StageCoverage c;
        c.stageId = st.id;
        c.physicalCwd = r.physicalCwd;
        for (const QString& path : namedWorkspaceFiles(set.kernelDir, r, base))
            c.files.push_back({path, contentOf(path)});
        out.push_back(std::move(c));
    }
    return out;
}

QJsonObject coverageJson(const std::vector<StageCoverage>& coverage)
{
    QJsonObject stages;
    for (const StageCoverage& c : coverage) {
        QJsonObject files;
        for (const CoveredFile& f : c.files)
            files.insert(f.path, f.content);
        stages.insert(c.stageId, QJsonObject{{QStringLiteral("cwd"), c.physicalCwd},
                                             {QStringLiteral("files"), files}});
    }
    return stages;
}

QString coverageChange(const QJsonObject& trusted, const std::vector<StageCoverage>& now)
{
    for (const StageCoverage& c : now) {
        const QJsonObject t = trusted.value(c.stageId).toObject();
        const QString was = t.value(QStringLiteral("cwd")).toString();
        if (was != c.physicalCwd)
            return QStringLiteral("stage %1 now runs in %2, not in %3 as when the workspace was "
                                  "trusted")
                .arg(c.stageId, c.physicalCwd, was);
        const QJsonObject files = t.value(QStringLiteral("files")).toObject();
        for (const CoveredFile& f : c.files) {
            if (!files.contains(f.path))
                return QStringLiteral("stage %1 now runs %2, which it did not name when the "
                                      "workspace was trusted")
                    .arg(c.stageId, f.path);
            if (files.value(f.path).toString() != f.content)
                return QStringLiteral("stage %1: %2 changed since the workspace was trusted")
                    .arg(c.stageId, f.path);
        }
        for (auto it = files.begin(); it != files.end(); ++it) {
            const bool named =
                std::any_of(c.files.begin(), c.files.end(),
                            [&](const CoveredFile& f) { return f.path == it.key(); });
            if (!named)
                return QStringLiteral("stage %1: %2 is gone since the workspace was trusted")
                    .arg(c.stageId, it.key());
        }
    }
    return {};
}

} // namespace tilelens::pipeline
