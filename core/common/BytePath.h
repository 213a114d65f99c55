#pragma once
// Byte-exact paths (issue 32). Linux file names are bytes; Qt and the rest of TileLens
// hold them as QString / UTF-8. A name that is not valid UTF-8 (`r\xff.mlir`) used to
// lose its bytes on the way in (argv -> QString gave U+FFFD) and was then "No such file".
//
// One lossless mapping is used instead: decodeArgument() turns every byte that is not
// part of a valid UTF-8 sequence into a reserved code point, U+10FE00 + byte (U+10FE80..
// U+10FEFF, private use plane 16), and nativePath() turns those back into the bytes. A
// name that really holds one of those code points has its UTF-8 bytes escaped one by one
// on the way in, so every byte string maps to one string and back (a bijection).
//
// The CLI decodes its argv with decodeArgument(); readFile() (FileReader.h) opens
// nativePath(path), so every reader built on it opens the name as given. Messages show
// displayPath(): each escaped byte as \xHH. qtPath() gives Qt's file classes a name they
// can use for such a path (through /proc/self/fd of the path opened byte-exactly).
//
// Not covered: a name made of those plane-16 code points given as text (a GUI file dialog,
// a JSON file) is read as the escaped bytes.

#include <QByteArray>
#include <QString>
#include <string>
#include <string_view>

namespace tilelens {

// argv bytes -> QString: valid UTF-8 decoded, every other byte escaped.
QString decodeArgument(QByteArrayView bytes);

// The bytes a path names: escaped bytes restored, everything else UTF-8.
QByteArray nativePath(const QString& path);
std::string nativePath(std::string_view utf8);

// True when the path holds an escaped byte (it is not valid UTF-8 on disk).
bool hasEscapedBytes(const QString& path);
bool hasEscapedBytes(std::string_view utf8);

// For messages: every escaped byte as \xHH (a /proc/self/fd name from qtPath() as the path
// it stands for); the path unchanged when it holds none.
QString displayPath(const QString& path);
std::string displayPath(std::string_view utf8);

// A name Qt's file classes (QFileInfo, QDir, QFile) can open for `path`: the path itself
// when it is valid UTF-8, else /proc/self/fd/N of the path (or of its folder, plus a last
// component that is valid UTF-8) opened byte-exactly and held for the life of the process.
// The path unchanged when neither exists.
QString qtPath(const QString& path);

} // namespace tilelens
