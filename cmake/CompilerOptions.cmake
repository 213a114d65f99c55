# Project-wide warning and Qt strictness settings, applied per target so that
# third-party code (gtest, benchmark) is not affected.

option(TILELENS_WERROR "Treat warnings as errors (on in CI)" OFF)

function(tilelens_strict target)
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic)
    if(TILELENS_WERROR)
        target_compile_options(${target} PRIVATE -Werror)
    endif()
    target_compile_definitions(${target} PRIVATE
        QT_NO_CAST_FROM_ASCII
        QT_NO_CAST_TO_ASCII
        QT_NO_KEYWORDS
        QT_NO_FOREACH
        QT_NO_URL_CAST_FROM_STRING
        QT_DISABLE_DEPRECATED_BEFORE=0x060400)
endfunction()
