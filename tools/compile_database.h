/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A compilation database of what a kernel build's targets compiled, from
 * kbuild's .cmd files (tools/compile_database.c), for slabcheck-clang.
 */
#ifndef SLABCHECK_TOOLS_COMPILE_DATABASE_H
#define SLABCHECK_TOOLS_COMPILE_DATABASE_H

/*
 * Writes 'output' (compile_commands.json) with the kernel C files the
 * targets built in the object tree 'objects': every one under 'module'
 * (an out-of-tree module's directory) when given, else those of each
 * directory or object target, or of the whole tree for the others (vmlinux,
 * modules, none).  Returns how many entries it wrote, or -1.
 */
int write_compile_database(const char *objects, const char *module,
			   char **targets, int target_count,
			   const char *output);

#endif
