# app/gui/PreparedDocument.cpp declares Scintilla's loader interface itself
# (QScintilla installs no Scintilla headers) as the global class ILoader of
# Scintilla 3.10.1, the version QScintilla 2.13 embeds. Calls through it are
# defined only while the installed library's loader is that same class, so
# refuse to configure when the library no longer names it so: its run-time
# type information spells a global ILoader "7ILoader" (a namespaced one, as
# in Scintilla 5, would be "N9Scintilla7ILoaderE").
function(tilelens_check_scintilla_loader library version)
    if(NOT version VERSION_GREATER_EQUAL 2.13 OR NOT version VERSION_LESS 2.14)
        message(FATAL_ERROR
            "QScintilla ${version} found; PreparedDocument.cpp declares the loader "
            "interface of QScintilla 2.13 (Scintilla 3.10.1): check that ILoader "
            "still matches Scintilla's and update this check.")
    endif()
    file(STRINGS "${library}" _names REGEX "^(N9Scintilla)?7ILoaderE?$")
    if(NOT _names STREQUAL "7ILoader")
        message(FATAL_ERROR
            "${library} does not define Scintilla's loader as the global class "
            "ILoader (type names found: '${_names}'); PreparedDocument.cpp must "
            "declare it as this library does.")
    endif()
endfunction()
