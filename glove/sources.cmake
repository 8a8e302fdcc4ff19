# The sources of attn_glove, listed (issue 47 point 2): a new file goes here.
set(ATTN_GLOVE_SOURCES
  src/binary_format.cpp
  src/embedded_default.cpp
  src/embeddings.cpp
  src/loader.cpp
  src/text_reader.cpp
  src/util.cpp
  src/wink_import.cpp
)
