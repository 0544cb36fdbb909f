
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/main/core/api.c" "CMakeFiles/slabcheck_core.dir/core/api.c.o" "gcc" "CMakeFiles/slabcheck_core.dir/core/api.c.o.d"
  "/work/main/core/arena.c" "CMakeFiles/slabcheck_core.dir/core/arena.c.o" "gcc" "CMakeFiles/slabcheck_core.dir/core/arena.c.o.d"
  "/work/main/core/model.c" "CMakeFiles/slabcheck_core.dir/core/model.c.o" "gcc" "CMakeFiles/slabcheck_core.dir/core/model.c.o.d"
  "/work/main/core/options.c" "CMakeFiles/slabcheck_core.dir/core/options.c.o" "gcc" "CMakeFiles/slabcheck_core.dir/core/options.c.o.d"
  "/work/main/core/paths.c" "CMakeFiles/slabcheck_core.dir/core/paths.c.o" "gcc" "CMakeFiles/slabcheck_core.dir/core/paths.c.o.d"
  "/work/main/core/report.c" "CMakeFiles/slabcheck_core.dir/core/report.c.o" "gcc" "CMakeFiles/slabcheck_core.dir/core/report.c.o.d"
  "/work/main/core/rule_internal_flag.c" "CMakeFiles/slabcheck_core.dir/core/rule_internal_flag.c.o" "gcc" "CMakeFiles/slabcheck_core.dir/core/rule_internal_flag.c.o.d"
  "/work/main/core/rule_module_leak.c" "CMakeFiles/slabcheck_core.dir/core/rule_module_leak.c.o" "gcc" "CMakeFiles/slabcheck_core.dir/core/rule_module_leak.c.o.d"
  "/work/main/core/rule_resetup.c" "CMakeFiles/slabcheck_core.dir/core/rule_resetup.c.o" "gcc" "CMakeFiles/slabcheck_core.dir/core/rule_resetup.c.o.d"
  "/work/main/core/rule_size_mismatch.c" "CMakeFiles/slabcheck_core.dir/core/rule_size_mismatch.c.o" "gcc" "CMakeFiles/slabcheck_core.dir/core/rule_size_mismatch.c.o.d"
  "/work/main/core/rule_storage.c" "CMakeFiles/slabcheck_core.dir/core/rule_storage.c.o" "gcc" "CMakeFiles/slabcheck_core.dir/core/rule_storage.c.o.d"
  "/work/main/core/rules.c" "CMakeFiles/slabcheck_core.dir/core/rules.c.o" "gcc" "CMakeFiles/slabcheck_core.dir/core/rules.c.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
