# cmake -DBUILD_DIR=... -DTARGET=... -DEXPECT=text -P ExpectBuildFailure.cmake
# Passes when building TARGET fails with EXPECT in its output, and only then: a build
# that succeeds, or fails for another reason, is a failure of the test.
execute_process(COMMAND ${CMAKE_COMMAND} --build ${BUILD_DIR} --target ${TARGET}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(rc EQUAL 0)
    message(FATAL_ERROR "${TARGET} built, although it should fail with: ${EXPECT}")
endif()
string(FIND "${out}" "${EXPECT}" at)
if(at EQUAL -1)
    message(FATAL_ERROR "${TARGET} failed, but not with: ${EXPECT}\n${out}")
endif()
message(STATUS "refused as expected: ${EXPECT}")
