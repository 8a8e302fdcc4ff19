// Compiled only to own the Qt tests' precompiled header (tests/app/CMakeLists.txt).
