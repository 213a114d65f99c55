#pragma once
// IR files a user attached to a port (File > Attach IR…, issue 31 item 4): existing reference
// and generated IR that the inspector compares for that port instead of (or in the absence of)
// the discovered ones. Remembered per port in the opened folder's .tilelens/attached-ir.json:
//
//   {"ports": {"softmax": {"reference": "ir/ref.mlir", "generated": "/abs/gen.mlir"}},
//              "moe/gather": {...}}}
//
// (the key is the kernel name, "/variant" added for a multi-variant kernel; a path relative to
// the opened folder is kept relative so the folder can move).

#include "workspace/Workspace.h"

#include <QString>

namespace tilelens::ws {

struct AttachedIr
{
    QString reference; // absolute
    QString generated; // absolute
};

// The key a port is remembered under.
QString attachedIrKey(const Kernel& kernel, const Variant& variant);

// Remembers `ir` for the port `key` of the folder `root`; false with `error` (a sentence with
// the file) when the file cannot be written.
bool saveAttachedIr(const QString& root, const QString& key, const AttachedIr& ir, QString& error);

// Gives each variant of `ws` with an attachment its attached files; an attachment whose file
// no longer exists, or an unreadable attachment file, becomes a workspace diagnostic.
void applyAttachedIr(Workspace& ws);

} // namespace tilelens::ws
