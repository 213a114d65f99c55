#pragma once
// The QScintilla headers TileLens uses. They spell Qt's 'signals' and 'slots'
// keywords, which the strict build removes (QT_NO_KEYWORDS), so include them
// only through this header, which maps the keywords for their duration.

#include <QObject>

#if !defined(signals)
#define signals Q_SIGNALS
#define TILELENS_QSCI_UNDEF_SIGNALS
#endif
#if !defined(slots)
#define slots Q_SLOTS
#define TILELENS_QSCI_UNDEF_SLOTS
#endif

#include <Qsci/qscilexercustom.h>
#include <Qsci/qscilexerpython.h>
#include <Qsci/qsciscintilla.h>
#include <Qsci/qsciscintillabase.h>

#if defined(TILELENS_QSCI_UNDEF_SIGNALS)
#undef signals
#undef TILELENS_QSCI_UNDEF_SIGNALS
#endif
#if defined(TILELENS_QSCI_UNDEF_SLOTS)
#undef slots
#undef TILELENS_QSCI_UNDEF_SLOTS
#endif
