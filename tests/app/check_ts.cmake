# CTest i18n_lupdate_in_sync (issue 20): runs lupdate over app/ into a copy of attnviz_zh_CN.ts and
# fails when the copy has an unfinished entry (a tr() string without a Chinese translation) or an
# obsolete / vanished one (a translation whose source string is gone). The committed file is left as it
# is; to update it: cmake --build build/dev --target update_translations, then translate.
#   cmake -DLUPDATE=... -DSOURCE_DIR=... -DWORK_DIR=... -P check_ts.cmake
file(MAKE_DIRECTORY ${WORK_DIR})
set(copy ${WORK_DIR}/attnviz_zh_CN.ts)
file(COPY_FILE ${SOURCE_DIR}/translations/attnviz_zh_CN.ts ${copy})
execute_process(COMMAND ${LUPDATE} ${SOURCE_DIR}/app -locations none -ts ${copy}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "lupdate failed (${rc}):\n${out}${err}")
endif()
file(STRINGS ${copy} bad REGEX "type=\"(unfinished|obsolete|vanished)\"")
list(LENGTH bad count)
if(count GREATER 0)
  file(READ ${copy} text)
  string(REGEX MATCHALL "<source>[^<]*</source>\n[^\n]*type=\"(unfinished|obsolete|vanished)\"" found "${text}")
  string(REPLACE ";" "\n" found "${found}")
  message(FATAL_ERROR "attnviz_zh_CN.ts is out of step with app/: ${count} unfinished or obsolete "
                      "entries:\n${found}")
endif()
message(STATUS "attnviz_zh_CN.ts: every tr() string of app/ is translated, none obsolete\n${out}")
