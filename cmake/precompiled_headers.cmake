# Precompiled headers (issue 47 point 5: a cold CI run under 45 minutes). The third-party headers every
# file of a layer reads cost more than most files' own code: qcustomplot.h with QtWidgets ~8 s of parsing
# per GUI file, Eigen + nlohmann_json ~4 s per core file (g++ 12, -O2; measured on decode_step_panel.cpp:
# 15.2 s without, 6.6 s with). Each target parses them once into a .gch; the files then start from it.
# Only system headers go in, never the project's own, so editing a project header rebuilds what includes
# it and nothing else. ATTNVIZ_PCH=OFF builds without (e.g. to check that every file includes what it
# uses: a precompiled header hides a missing #include of these headers).
option(ATTNVIZ_PCH "Precompile the heavy third-party headers of each layer" ON)

set(ATTNVIZ_PCH_STD <algorithm> <array> <cmath> <cstdint> <filesystem> <functional> <map> <memory>
                    <optional> <span> <stdexcept> <string> <unordered_map> <utility> <vector>)
set(ATTNVIZ_PCH_CORE ${ATTNVIZ_PCH_STD} <Eigen/Dense> <nlohmann/json.hpp>)
set(ATTNVIZ_PCH_QT <QtCore> <QtGui> <QtWidgets> <QtConcurrent> <qcustomplot.h>)

# attnviz_precompile(<target> <kind>): kind core (Eigen, json, std), gui (+ Qt, QCustomPlot),
# gtest (core + GoogleTest), qttest (gui + Qt Test).
function(attnviz_precompile target kind)
  if(NOT ATTNVIZ_PCH)
    return()
  endif()
  if(kind STREQUAL "core")
    set(headers ${ATTNVIZ_PCH_CORE})
  elseif(kind STREQUAL "gui")
    set(headers ${ATTNVIZ_PCH_CORE} ${ATTNVIZ_PCH_QT})
  elseif(kind STREQUAL "gtest")
    set(headers ${ATTNVIZ_PCH_CORE} <gtest/gtest.h>)
  elseif(kind STREQUAL "qttest")
    set(headers ${ATTNVIZ_PCH_CORE} ${ATTNVIZ_PCH_QT} <QtTest>)
  else()
    message(FATAL_ERROR "attnviz_precompile: unknown kind '${kind}'")
  endif()
  target_precompile_headers(${target} PRIVATE ${headers})
  # GCC 12 reports its own libstdc++ inlined from a precompiled header as if it were project code:
  # -Warray-bounds / -Wstringop-overflow / -overread / -Wrestrict on std::string's memcpy (GCC bugs 105329, 105651,
  # 106199; seen on core/src/json_parse.cpp with the header precompiled, not without). Off for GCC < 13.
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
    target_compile_options(${target} PRIVATE -Wno-array-bounds -Wno-stringop-overflow -Wno-stringop-overread -Wno-restrict)
  endif()
endfunction()

# attnviz_reuse_precompiled(<target> <from>): <target> compiles with <from>'s precompiled header (the same
# flags and definitions; one .gch for many small executables).
function(attnviz_reuse_precompiled target from)
  if(ATTNVIZ_PCH)
    target_precompile_headers(${target} REUSE_FROM ${from})
    if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
      target_compile_options(${target} PRIVATE -Wno-array-bounds -Wno-stringop-overflow -Wno-stringop-overread -Wno-restrict)
    endif()
  endif()
endfunction()
