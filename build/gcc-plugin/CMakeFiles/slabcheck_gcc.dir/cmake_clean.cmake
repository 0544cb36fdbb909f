file(REMOVE_RECURSE
  "CMakeFiles/slabcheck_gcc.dir/slabcheck_gcc.cc.o"
  "CMakeFiles/slabcheck_gcc.dir/slabcheck_gcc.cc.o.d"
  "CMakeFiles/slabcheck_gcc.dir/translate.cc.o"
  "CMakeFiles/slabcheck_gcc.dir/translate.cc.o.d"
  "slabcheck_gcc.pdb"
  "slabcheck_gcc.so"
)

# Per-language clean rules from dependency scanning.
foreach(lang CXX)
  include(CMakeFiles/slabcheck_gcc.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
