# cmake -DDIFF_DIR=core/diff -P CheckInternalGuards.cmake
# Every header in a sub-folder of core/diff includes diff/graph/Internal.h, so that no
# module outside core/diff can include it (a new header without it would be face by accident).
file(GLOB _internal ${DIFF_DIR}/*/*.h)
set(_unguarded "")
foreach(_h IN LISTS _internal)
    if(NOT _h MATCHES "/graph/Internal\\.h$")
        file(READ ${_h} _text)
        string(FIND "${_text}" "#include \"diff/graph/Internal.h\"" _at)
        if(_at EQUAL -1)
            list(APPEND _unguarded ${_h})
        endif()
    endif()
endforeach()
list(LENGTH _internal _count)
if(_unguarded)
    message(FATAL_ERROR "internal headers of core/diff without diff/graph/Internal.h: ${_unguarded}")
endif()
message(STATUS "${_count} internal headers of core/diff, all guarded")
