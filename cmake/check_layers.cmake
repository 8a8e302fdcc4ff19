# The app's layers (issue 47 point 2): a file of app/ may include headers of its own folder and of the
# layers below it only. Run at every build before attnviz_gui compiles (app/CMakeLists.txt, target
# app_layers), so a wrong-layer include fails the build with the file, the line and the rule:
#
#   services/  Qt services with no widgets (jobs, model slots, caches, files)   -> services
#   widgets/   reusable widgets (heatmap, chips, banners)                         -> services, widgets
#   pages/     the pages and their panels                                         -> + pages
#   lesson/    lessons: stops, questions, the presenter's pieces                  -> + lesson
#   cli/       the command line (headless renders of pages and lessons)          -> + cli, top-level files
#   top level  main window, startup options, main()                              -> everything
#
# core/ and glove/ need no script: they link neither Qt nor app/, so an include of either fails to compile.
#
#   cmake -DAPP_DIR=<checkout>/app -P cmake/check_layers.cmake

cmake_minimum_required(VERSION 3.25)
if(NOT APP_DIR)
  message(FATAL_ERROR "check_layers.cmake: give -DAPP_DIR=<checkout>/app")
endif()

set(layers services widgets pages lesson cli)
set(may_services services)
set(may_widgets services widgets)
set(may_pages services widgets pages)
set(may_lesson services widgets pages lesson)
set(may_cli services widgets pages lesson cli top)

file(GLOB_RECURSE files RELATIVE ${APP_DIR} ${APP_DIR}/*.cpp ${APP_DIR}/*.hpp)
list(SORT files)
set(problems 0)
foreach(rel IN LISTS files)
  if(NOT rel MATCHES "^([a-z_]+)/")
    continue() # a top-level file may use every layer
  endif()
  set(layer ${CMAKE_MATCH_1})
  if(NOT layer IN_LIST layers)
    message(SEND_ERROR "check_layers.cmake: app/${rel}: app/${layer}/ is not a known layer; add it to this script")
    math(EXPR problems "${problems} + 1")
    continue()
  endif()
  get_filename_component(folder ${rel} DIRECTORY)
  file(READ ${APP_DIR}/${rel} text)
  # One list element per line: characters that CMake's lists treat specially are neutralised first.
  string(REPLACE ";" "," text "${text}")
  string(REPLACE "[" "(" text "${text}")
  string(REPLACE "]" ")" text "${text}")
  string(REPLACE "\n" ";" lines "${text}")
  set(number 0)
  foreach(line IN LISTS lines)
    math(EXPR number "${number} + 1")
    if(NOT line MATCHES "^[ \t]*#[ \t]*include[ \t]*\"([^\"]+)\"")
      continue()
    endif()
    set(header ${CMAKE_MATCH_1})
    if(header MATCHES "^([a-z_]+)/")
      set(used ${CMAKE_MATCH_1})
      if(NOT used IN_LIST layers)
        continue() # attn/, glove, third-party
      endif()
    elseif(EXISTS ${APP_DIR}/${folder}/${header})
      continue() # beside the file
    elseif(EXISTS ${APP_DIR}/${header})
      set(used top)
    else()
      continue()
    endif()
    if(NOT used IN_LIST may_${layer})
      string(REPLACE ";" ", " allowed "${may_${layer}}")
      message(SEND_ERROR "app/${rel}:${number}: includes \"${header}\" (app/${used}): a file in app/${layer}/ "
                         "may include only ${allowed} (cmake/check_layers.cmake)")
      math(EXPR problems "${problems} + 1")
    endif()
  endforeach()
endforeach()
if(problems GREATER 0)
  message(FATAL_ERROR "${problems} include(s) across the app's layers")
endif()
