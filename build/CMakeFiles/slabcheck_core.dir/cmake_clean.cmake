file(REMOVE_RECURSE
  "CMakeFiles/slabcheck_core.dir/core/api.c.o"
  "CMakeFiles/slabcheck_core.dir/core/api.c.o.d"
  "CMakeFiles/slabcheck_core.dir/core/arena.c.o"
  "CMakeFiles/slabcheck_core.dir/core/arena.c.o.d"
  "CMakeFiles/slabcheck_core.dir/core/model.c.o"
  "CMakeFiles/slabcheck_core.dir/core/model.c.o.d"
  "CMakeFiles/slabcheck_core.dir/core/options.c.o"
  "CMakeFiles/slabcheck_core.dir/core/options.c.o.d"
  "CMakeFiles/slabcheck_core.dir/core/paths.c.o"
  "CMakeFiles/slabcheck_core.dir/core/paths.c.o.d"
  "CMakeFiles/slabcheck_core.dir/core/report.c.o"
  "CMakeFiles/slabcheck_core.dir/core/report.c.o.d"
  "CMakeFiles/slabcheck_core.dir/core/rule_internal_flag.c.o"
  "CMakeFiles/slabcheck_core.dir/core/rule_internal_flag.c.o.d"
  "CMakeFiles/slabcheck_core.dir/core/rule_module_leak.c.o"
  "CMakeFiles/slabcheck_core.dir/core/rule_module_leak.c.o.d"
  "CMakeFiles/slabcheck_core.dir/core/rule_resetup.c.o"
  "CMakeFiles/slabcheck_core.dir/core/rule_resetup.c.o.d"
  "CMakeFiles/slabcheck_core.dir/core/rule_size_mismatch.c.o"
  "CMakeFiles/slabcheck_core.dir/core/rule_size_mismatch.c.o.d"
  "CMakeFiles/slabcheck_core.dir/core/rule_storage.c.o"
  "CMakeFiles/slabcheck_core.dir/core/rule_storage.c.o.d"
  "CMakeFiles/slabcheck_core.dir/core/rules.c.o"
  "CMakeFiles/slabcheck_core.dir/core/rules.c.o.d"
  "libslabcheck_core.a"
  "libslabcheck_core.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/slabcheck_core.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
