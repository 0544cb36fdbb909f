# cmake -DINPUT=docs/rules.md -DOUTPUT=rule_texts.c -P rule_texts.cmake
#
# Each rule's section of docs/rules.md (from its "## RULE" heading to the
# next heading of that level or the next "---" rule), as Markdown in C
# strings: the rules are described in one place, and this turns that place
# into the text of `slabcheck --explain RULE`, of SARIF's help and of the
# HTML report (tools/markdown.c renders it) at build time.
cmake_minimum_required(VERSION 3.18)
file(READ "${INPUT}" text)
set(body "")
set(rest "${text}")
while(TRUE)
  string(FIND "${rest}" "\n## kmem-" start)
  if(start EQUAL -1)
    break()
  endif()
  math(EXPR start "${start} + 1")
  string(SUBSTRING "${rest}" ${start} -1 rest)
  string(FIND "${rest}" "\n## " next_heading)
  string(FIND "${rest}" "\n---\n" next_rule)
  set(end ${next_heading})
  if(end EQUAL -1 OR (NOT next_rule EQUAL -1 AND next_rule LESS end))
    set(end ${next_rule})
  endif()
  if(end EQUAL -1)
    string(LENGTH "${rest}" end)
  endif()
  string(SUBSTRING "${rest}" 0 ${end} section)
  string(SUBSTRING "${rest}" ${end} -1 rest)
  string(FIND "${section}" "\n" line_end)
  math(EXPR line_end "${line_end} - 3")
  string(SUBSTRING "${section}" 3 ${line_end} id)
  string(STRIP "${section}" section)
  string(REPLACE "\\" "\\\\" section "${section}")
  string(REPLACE "\"" "\\\"" section "${section}")
  string(REPLACE "\t" "\\t" section "${section}")
  string(REPLACE "\n" "\\n\"\n\t  \"" section "${section}")
  string(APPEND body "\t{ \"${id}\",\n\t  \"${section}\\n\" },\n")
endwhile()
if(body STREQUAL "")
  message(FATAL_ERROR "${INPUT}: no \"## kmem-...\" section")
endif()
file(WRITE "${OUTPUT}.tmp"
  "/* Generated from docs/rules.md by tools/rule_texts.cmake: do not edit. */\n"
  "#include <stddef.h>\n\n"
  "#include \"help.h\"\n\n"
  "const struct rule_text rule_texts[] = {\n${body}\t{ NULL, NULL },\n};\n")
# Unchanged text, untouched file: nothing that includes it is rebuilt.
execute_process(COMMAND ${CMAKE_COMMAND} -E copy_if_different
  "${OUTPUT}.tmp" "${OUTPUT}")
file(REMOVE "${OUTPUT}.tmp")
