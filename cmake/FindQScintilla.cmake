# FindQScintilla: locate the Qt 6 build of QScintilla.
#
# Debian ships no CMake package for QScintilla, only a qmake feature file, so
# we look for the library (libqscintilla2_qt6) and the Qsci/ headers next to
# Qt's own include directory.
#
# Defines QScintilla_FOUND, QScintilla_VERSION and the imported target
# QScintilla::QScintilla (which carries Qt6::Widgets as a dependency).

find_package(Qt6 COMPONENTS Widgets QUIET)

set(_qsci_hints "")
if(TARGET Qt6::Core)
    get_target_property(_qt_inc Qt6::Core INTERFACE_INCLUDE_DIRECTORIES)
    foreach(_dir IN LISTS _qt_inc)
        list(APPEND _qsci_hints "${_dir}" "${_dir}/..")
    endforeach()
endif()

find_path(QScintilla_INCLUDE_DIR
    NAMES Qsci/qsciscintilla.h
    HINTS ${_qsci_hints}
    PATH_SUFFIXES qt6 x86_64-linux-gnu/qt6 aarch64-linux-gnu/qt6)

find_library(QScintilla_LIBRARY
    NAMES qscintilla2_qt6 qscintilla2-qt6)

if(QScintilla_INCLUDE_DIR AND EXISTS "${QScintilla_INCLUDE_DIR}/Qsci/qsciglobal.h")
    file(STRINGS "${QScintilla_INCLUDE_DIR}/Qsci/qsciglobal.h" _qsci_ver
         REGEX "^#define QSCINTILLA_VERSION_STR +\"[^\"]+\"")
    string(REGEX REPLACE ".*\"([^\"]+)\".*" "\\1" QScintilla_VERSION "${_qsci_ver}")
endif()

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(QScintilla
    REQUIRED_VARS QScintilla_LIBRARY QScintilla_INCLUDE_DIR
    VERSION_VAR QScintilla_VERSION)

if(QScintilla_FOUND AND NOT TARGET QScintilla::QScintilla)
    add_library(QScintilla::QScintilla UNKNOWN IMPORTED)
    set_target_properties(QScintilla::QScintilla PROPERTIES
        IMPORTED_LOCATION "${QScintilla_LIBRARY}"
        INTERFACE_INCLUDE_DIRECTORIES "${QScintilla_INCLUDE_DIR}"
        INTERFACE_LINK_LIBRARIES Qt6::Widgets)
endif()
mark_as_advanced(QScintilla_INCLUDE_DIR QScintilla_LIBRARY)
