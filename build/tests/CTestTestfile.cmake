# CMake generated Testfile for 
# Source directory: /work/main/tests
# Build directory: /work/main/build/tests
# 
# This file includes the relevant testing commands required for 
# testing this directory and lists subdirectories to be tested as well.
add_test(lit "python3" "/usr/lib/llvm-14/build/utils/lit/lit.py" "-sv" "--param" "build_dir=/work/main/build" "--param" "filecheck=/usr/lib/llvm-14/bin/FileCheck" "--param" "frontends=gcc" "/work/main/tests/lit")
set_tests_properties(lit PROPERTIES  _BACKTRACE_TRIPLES "/work/main/tests/CMakeLists.txt;10;add_test;/work/main/tests/CMakeLists.txt;0;")
add_test(gcc_objects_identical "bash" "/work/main/tests/scripts/compare-objects.sh" "/work/main/build/gcc-plugin/slabcheck_gcc.so" "/work/main")
set_tests_properties(gcc_objects_identical PROPERTIES  _BACKTRACE_TRIPLES "/work/main/tests/CMakeLists.txt;18;add_test;/work/main/tests/CMakeLists.txt;0;")
add_test(example_findings "bash" "/work/main/tests/scripts/check-example.sh" "/work/main/build/tools/slabcheck" "/work/main")
set_tests_properties(example_findings PROPERTIES  _BACKTRACE_TRIPLES "/work/main/tests/CMakeLists.txt;23;add_test;/work/main/tests/CMakeLists.txt;0;")
