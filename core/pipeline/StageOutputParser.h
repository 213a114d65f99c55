#pragma once
// Reads a stage's output as it streams: pytest progress ("collected N items /
// M selected", "[ 42%]" line ends, PASSED/FAILED counts) and the last
// "VERDICT: X" line. Memory is bounded: only the current partial line is kept
// (cut at 64 KiB).

#include <QByteArray>
#include <QString>

namespace tilelens::pipeline {

class StageOutputParser
{
public:
    // Returns true when the progress numbers changed.
    bool feed(const QByteArray& chunk);

    int percent() const { return m_percent; } // -1 = unknown
    int done() const { return m_done; }
    int total() const { return m_total; }
    QString lastVerdict() const { return m_verdict; }

private:
    bool line(const QByteArray& text);

    QByteArray m_partial;
    int m_percent = -1;
    int m_done = 0;
    int m_total = 0;
    QString m_verdict;
};

// First "VERDICT: X" line within the first 64 KiB of a file (reports put it on line 1).
QString verdictFromFile(const QString& path);

// The word of the "VERDICT: X" line in `line` (X up to the first space), empty otherwise.
QString verdictWord(const QByteArray& line);

} // namespace tilelens::pipeline
