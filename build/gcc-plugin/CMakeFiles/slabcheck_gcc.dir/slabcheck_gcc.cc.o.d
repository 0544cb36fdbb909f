gcc-plugin/CMakeFiles/slabcheck_gcc.dir/slabcheck_gcc.cc.o: \
 /work/main/gcc-plugin/slabcheck_gcc.cc /usr/include/stdc-predef.h \
 /work/main/gcc-plugin/gcc-compat.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/gcc-plugin.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/config.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/auto-host.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/ansidecl.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/system.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/stdarg.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/stddef.h /usr/include/stdio.h \
 /usr/include/x86_64-linux-gnu/bits/libc-header-start.h \
 /usr/include/features.h /usr/include/features-time64.h \
 /usr/include/x86_64-linux-gnu/bits/wordsize.h \
 /usr/include/x86_64-linux-gnu/bits/timesize.h \
 /usr/include/x86_64-linux-gnu/sys/cdefs.h \
 /usr/include/x86_64-linux-gnu/bits/long-double.h \
 /usr/include/x86_64-linux-gnu/gnu/stubs.h \
 /usr/include/x86_64-linux-gnu/gnu/stubs-64.h \
 /usr/include/x86_64-linux-gnu/bits/types.h \
 /usr/include/x86_64-linux-gnu/bits/typesizes.h \
 /usr/include/x86_64-linux-gnu/bits/time64.h \
 /usr/include/x86_64-linux-gnu/bits/types/__fpos_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/__mbstate_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/__fpos64_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/__FILE.h \
 /usr/include/x86_64-linux-gnu/bits/types/FILE.h \
 /usr/include/x86_64-linux-gnu/bits/types/struct_FILE.h \
 /usr/include/x86_64-linux-gnu/bits/types/cookie_io_functions_t.h \
 /usr/include/x86_64-linux-gnu/bits/stdio_lim.h \
 /usr/include/x86_64-linux-gnu/bits/floatn.h \
 /usr/include/x86_64-linux-gnu/bits/floatn-common.h \
 /usr/include/x86_64-linux-gnu/bits/stdio.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/safe-ctype.h \
 /usr/include/ctype.h /usr/include/x86_64-linux-gnu/bits/endian.h \
 /usr/include/x86_64-linux-gnu/bits/endianness.h \
 /usr/include/x86_64-linux-gnu/bits/types/locale_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/__locale_t.h \
 /usr/include/x86_64-linux-gnu/sys/types.h \
 /usr/include/x86_64-linux-gnu/bits/types/clock_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/clockid_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/time_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/timer_t.h \
 /usr/include/x86_64-linux-gnu/bits/stdint-intn.h /usr/include/endian.h \
 /usr/include/x86_64-linux-gnu/bits/byteswap.h \
 /usr/include/x86_64-linux-gnu/bits/uintn-identity.h \
 /usr/include/x86_64-linux-gnu/sys/select.h \
 /usr/include/x86_64-linux-gnu/bits/select.h \
 /usr/include/x86_64-linux-gnu/bits/types/sigset_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/__sigset_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/struct_timeval.h \
 /usr/include/x86_64-linux-gnu/bits/types/struct_timespec.h \
 /usr/include/x86_64-linux-gnu/bits/pthreadtypes.h \
 /usr/include/x86_64-linux-gnu/bits/thread-shared-types.h \
 /usr/include/x86_64-linux-gnu/bits/pthreadtypes-arch.h \
 /usr/include/x86_64-linux-gnu/bits/atomic_wide_counter.h \
 /usr/include/x86_64-linux-gnu/bits/struct_mutex.h \
 /usr/include/x86_64-linux-gnu/bits/struct_rwlock.h /usr/include/errno.h \
 /usr/include/x86_64-linux-gnu/bits/errno.h /usr/include/linux/errno.h \
 /usr/include/x86_64-linux-gnu/asm/errno.h \
 /usr/include/asm-generic/errno.h /usr/include/asm-generic/errno-base.h \
 /usr/include/x86_64-linux-gnu/bits/types/error_t.h \
 /usr/include/c++/12/cstring \
 /usr/include/x86_64-linux-gnu/c++/12/bits/c++config.h \
 /usr/include/x86_64-linux-gnu/c++/12/bits/os_defines.h \
 /usr/include/x86_64-linux-gnu/c++/12/bits/cpu_defines.h \
 /usr/include/string.h /usr/include/strings.h \
 /usr/include/c++/12/initializer_list /usr/include/c++/12/new \
 /usr/include/c++/12/bits/exception.h /usr/include/c++/12/utility \
 /usr/include/c++/12/bits/stl_relops.h \
 /usr/include/c++/12/bits/stl_pair.h /usr/include/c++/12/type_traits \
 /usr/include/c++/12/bits/move.h /usr/include/c++/12/bits/utility.h \
 /usr/include/c++/12/stdlib.h /usr/include/c++/12/cstdlib \
 /usr/include/stdlib.h /usr/include/x86_64-linux-gnu/bits/waitflags.h \
 /usr/include/x86_64-linux-gnu/bits/waitstatus.h /usr/include/alloca.h \
 /usr/include/x86_64-linux-gnu/bits/stdlib-bsearch.h \
 /usr/include/x86_64-linux-gnu/bits/stdlib-float.h \
 /usr/include/c++/12/bits/std_abs.h /usr/include/unistd.h \
 /usr/include/x86_64-linux-gnu/bits/posix_opt.h \
 /usr/include/x86_64-linux-gnu/bits/environments.h \
 /usr/include/x86_64-linux-gnu/bits/confname.h \
 /usr/include/x86_64-linux-gnu/bits/getopt_posix.h \
 /usr/include/x86_64-linux-gnu/bits/getopt_core.h \
 /usr/include/x86_64-linux-gnu/bits/unistd_ext.h \
 /usr/include/linux/close_range.h \
 /usr/include/x86_64-linux-gnu/sys/param.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/limits.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/syslimits.h \
 /usr/include/limits.h /usr/include/x86_64-linux-gnu/bits/posix1_lim.h \
 /usr/include/x86_64-linux-gnu/bits/local_lim.h \
 /usr/include/linux/limits.h \
 /usr/include/x86_64-linux-gnu/bits/pthread_stack_min-dynamic.h \
 /usr/include/x86_64-linux-gnu/bits/posix2_lim.h \
 /usr/include/x86_64-linux-gnu/bits/xopen_lim.h \
 /usr/include/x86_64-linux-gnu/bits/uio_lim.h /usr/include/signal.h \
 /usr/include/x86_64-linux-gnu/bits/signum-generic.h \
 /usr/include/x86_64-linux-gnu/bits/signum-arch.h \
 /usr/include/x86_64-linux-gnu/bits/types/sig_atomic_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/siginfo_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/__sigval_t.h \
 /usr/include/x86_64-linux-gnu/bits/siginfo-arch.h \
 /usr/include/x86_64-linux-gnu/bits/siginfo-consts.h \
 /usr/include/x86_64-linux-gnu/bits/siginfo-consts-arch.h \
 /usr/include/x86_64-linux-gnu/bits/types/sigval_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/sigevent_t.h \
 /usr/include/x86_64-linux-gnu/bits/sigevent-consts.h \
 /usr/include/x86_64-linux-gnu/bits/sigaction.h \
 /usr/include/x86_64-linux-gnu/bits/sigcontext.h \
 /usr/include/x86_64-linux-gnu/bits/types/stack_t.h \
 /usr/include/x86_64-linux-gnu/sys/ucontext.h \
 /usr/include/x86_64-linux-gnu/bits/sigstack.h \
 /usr/include/x86_64-linux-gnu/bits/sigstksz.h \
 /usr/include/x86_64-linux-gnu/bits/ss_flags.h \
 /usr/include/x86_64-linux-gnu/bits/types/struct_sigstack.h \
 /usr/include/x86_64-linux-gnu/bits/sigthread.h \
 /usr/include/x86_64-linux-gnu/bits/signal_ext.h \
 /usr/include/x86_64-linux-gnu/bits/param.h /usr/include/linux/param.h \
 /usr/include/x86_64-linux-gnu/asm/param.h \
 /usr/include/asm-generic/param.h \
 /usr/include/x86_64-linux-gnu/sys/time.h /usr/include/time.h \
 /usr/include/x86_64-linux-gnu/bits/time.h \
 /usr/include/x86_64-linux-gnu/bits/timex.h \
 /usr/include/x86_64-linux-gnu/bits/types/struct_tm.h \
 /usr/include/x86_64-linux-gnu/bits/types/struct_itimerspec.h \
 /usr/include/fcntl.h /usr/include/x86_64-linux-gnu/bits/fcntl.h \
 /usr/include/x86_64-linux-gnu/bits/fcntl-linux.h \
 /usr/include/x86_64-linux-gnu/bits/types/struct_iovec.h \
 /usr/include/linux/falloc.h /usr/include/x86_64-linux-gnu/bits/stat.h \
 /usr/include/x86_64-linux-gnu/bits/struct_stat.h \
 /usr/include/x86_64-linux-gnu/sys/wait.h \
 /usr/include/x86_64-linux-gnu/bits/types/idtype_t.h \
 /usr/include/x86_64-linux-gnu/sys/mman.h \
 /usr/include/x86_64-linux-gnu/bits/mman.h \
 /usr/include/x86_64-linux-gnu/bits/mman-map-flags-generic.h \
 /usr/include/x86_64-linux-gnu/bits/mman-linux.h \
 /usr/include/x86_64-linux-gnu/bits/mman-shared.h \
 /usr/include/x86_64-linux-gnu/bits/mman_ext.h \
 /usr/include/x86_64-linux-gnu/sys/resource.h \
 /usr/include/x86_64-linux-gnu/bits/resource.h \
 /usr/include/x86_64-linux-gnu/bits/types/struct_rusage.h \
 /usr/include/x86_64-linux-gnu/sys/times.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/stdint.h /usr/include/stdint.h \
 /usr/include/x86_64-linux-gnu/bits/wchar.h \
 /usr/include/x86_64-linux-gnu/bits/stdint-uintn.h \
 /usr/include/inttypes.h /usr/include/x86_64-linux-gnu/sys/stat.h \
 /usr/include/x86_64-linux-gnu/bits/statx.h /usr/include/linux/stat.h \
 /usr/include/linux/types.h /usr/include/x86_64-linux-gnu/asm/types.h \
 /usr/include/asm-generic/types.h /usr/include/asm-generic/int-ll64.h \
 /usr/include/x86_64-linux-gnu/asm/bitsperlong.h \
 /usr/include/asm-generic/bitsperlong.h /usr/include/linux/posix_types.h \
 /usr/include/linux/stddef.h \
 /usr/include/x86_64-linux-gnu/asm/posix_types.h \
 /usr/include/x86_64-linux-gnu/asm/posix_types_64.h \
 /usr/include/asm-generic/posix_types.h \
 /usr/include/x86_64-linux-gnu/bits/statx-generic.h \
 /usr/include/x86_64-linux-gnu/bits/types/struct_statx_timestamp.h \
 /usr/include/x86_64-linux-gnu/bits/types/struct_statx.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/filenames.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/hashtab.h \
 /usr/include/dlfcn.h /usr/include/x86_64-linux-gnu/bits/dlfcn.h \
 /usr/include/x86_64-linux-gnu/bits/dl_find_object.h \
 /usr/include/x86_64-linux-gnu/gmp.h /usr/include/c++/12/iosfwd \
 /usr/include/c++/12/bits/stringfwd.h \
 /usr/include/c++/12/bits/memoryfwd.h /usr/include/c++/12/bits/postypes.h \
 /usr/include/c++/12/cwchar /usr/include/wchar.h \
 /usr/include/x86_64-linux-gnu/bits/types/wint_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/mbstate_t.h \
 /usr/include/c++/12/cstdio \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/libiberty.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/hwint.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/coretypes.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/insn-modes.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/signop.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/wide-int.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/wide-int-print.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/poly-int.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/poly-int-types.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/insn-modes-inline.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/machmode.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/mode-classes.def \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/double-int.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/align.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/iterator-utils.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/real.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/fixed-value.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/hash-table.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/statistics.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/ggc.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/gtype-desc.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/vec.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/inchash.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/mem-stats-traits.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/hash-traits.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/hash-map-traits.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/mem-stats.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/hash-map.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/hash-set.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/input.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/line-map.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/is-a.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/memory-block.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/dumpfile.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/profile-count.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/backend.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/tm.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/options.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/flag-types.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/config/i386/i386-opts.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/config/i386/stringop.def \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/insn-constants.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/config/vxworks-dummy.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/config/i386/biarch64.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/config/i386/i386.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/config/vxworks-dummy.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/config/i386/i386-opts.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/config/i386/x86-tune.def \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/wide-int-bitmask.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/config/i386/i386-isa.def \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/insn-attr-common.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/common/config/i386/i386-cpuinfo.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/config/i386/unix.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/config/i386/att.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/config/dbxelf.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/config/elfos.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/config/gnu-user.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/config/glibc-stdint.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/config/i386/x86-64.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/config/i386/gnu-user-common.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/config/i386/gnu-user64.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/config/linux.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/config/linux-android.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/config/i386/linux-common.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/config/i386/linux64.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/config/initfini-array.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/insn-flags.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/defaults.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/function.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/bitmap.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/obstack.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/array-traits.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/sbitmap.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/basic-block.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/profile-count.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/cfg-flags.def \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/cfg.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/dominance.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/cfghooks.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/predict.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/predict.def \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/hard-reg-set.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/cfgrtl.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/cfganal.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/lcm.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/cfgbuild.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/cfgcleanup.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/plugin-api.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/ipa-ref.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/alias.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/flags.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/tree-core.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/symtab.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/all-tree.def \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/tree.def \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/c-family/c-common.def \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/ada/gcc-interface/ada-tree.def \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/cp/cp-tree.def \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/d/d-tree.def \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/m2/m2-tree.def \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/objc/objc-tree.def \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/builtins.def \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/sync-builtins.def \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/omp-builtins.def \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/gtm-builtins.def \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/sanitizer.def \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/coroutine-builtins.def \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/internal-fn.def \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/treestruct.def \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/fold-const.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/tree-check.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/plugin.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/highlev-plugin-common.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/plugin.def \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/plugin-version.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/configargs.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/tree.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/context.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/function.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/basic-block.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/tree-pass.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/timevar.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/timevar.def \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/tree-ssa-alias.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/gimple-expr.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/gimple.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/tree-ssa-alias.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/gimple-expr.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/gimple.def \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/gsstruct.def \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/gimple-iterator.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/tree-cfg.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/gimple-ssa.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/tree-ssa-operands.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/tree-phinodes.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/tree-ssa-operands.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/ssa-iterators.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/stringpool.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/value-range.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/tree-ssanames.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/cgraph.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/ipa-param-manipulation.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/cif-code.def \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/attribs.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/diagnostic-core.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/bversion.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/diagnostic.def \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/diagnostic.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/pretty-print.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/diagnostic-url.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/diagnostic-core.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/cpplib.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/plugin/include/c-family/c-pragma.h \
 /work/main/gcc-plugin/translate.h /usr/include/c++/12/string \
 /usr/include/c++/12/bits/char_traits.h /usr/include/c++/12/cstdint \
 /usr/include/c++/12/bits/allocator.h \
 /usr/include/x86_64-linux-gnu/c++/12/bits/c++allocator.h \
 /usr/include/c++/12/bits/new_allocator.h \
 /usr/include/c++/12/bits/functexcept.h \
 /usr/include/c++/12/bits/exception_defines.h \
 /usr/include/c++/12/bits/cpp_type_traits.h \
 /usr/include/c++/12/bits/localefwd.h \
 /usr/include/x86_64-linux-gnu/c++/12/bits/c++locale.h \
 /usr/include/c++/12/clocale /usr/include/locale.h \
 /usr/include/x86_64-linux-gnu/bits/locale.h /usr/include/c++/12/cctype \
 /usr/include/c++/12/bits/ostream_insert.h \
 /usr/include/c++/12/bits/cxxabi_forced.h \
 /usr/include/c++/12/bits/stl_iterator_base_types.h \
 /usr/include/c++/12/bits/stl_iterator_base_funcs.h \
 /usr/include/c++/12/bits/concept_check.h \
 /usr/include/c++/12/debug/assertions.h \
 /usr/include/c++/12/bits/stl_iterator.h \
 /usr/include/c++/12/ext/type_traits.h \
 /usr/include/c++/12/bits/ptr_traits.h \
 /usr/include/c++/12/bits/stl_function.h \
 /usr/include/c++/12/backward/binders.h \
 /usr/include/c++/12/ext/numeric_traits.h \
 /usr/include/c++/12/bits/stl_algobase.h \
 /usr/include/c++/12/debug/debug.h \
 /usr/include/c++/12/bits/predefined_ops.h \
 /usr/include/c++/12/bits/refwrap.h /usr/include/c++/12/bits/invoke.h \
 /usr/include/c++/12/bits/range_access.h \
 /usr/include/c++/12/bits/basic_string.h \
 /usr/include/c++/12/ext/alloc_traits.h \
 /usr/include/c++/12/bits/alloc_traits.h \
 /usr/include/c++/12/bits/stl_construct.h \
 /usr/include/c++/12/ext/string_conversions.h /usr/include/c++/12/cerrno \
 /usr/include/c++/12/bits/charconv.h \
 /usr/include/c++/12/bits/functional_hash.h \
 /usr/include/c++/12/bits/hash_bytes.h \
 /usr/include/c++/12/bits/basic_string.tcc /work/main/core/model.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/stdbool.h \
 /work/main/core/arena.h /work/main/core/slabcheck.h \
 /work/main/core/model.h
