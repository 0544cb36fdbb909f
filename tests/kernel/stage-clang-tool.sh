# shellcheck shell=bash
# The slabcheck-clang part of run-kernel-stage.sh (sourced by it with
# --clang-tool): every build of the GCC stage is checked a second time by
# slabcheck-clang over that build's compile_commands.json, written from
# kbuild's .cmd files by the kernel's own
# scripts/clang-tools/gen_compile_commands.py (as `slabcheck kbuild
# --clang-tool` does).  The database holds GCC's command lines, the GCC
# plugin's -fplugin= included: the tool drops what only GCC knows
# (clang-check/gcc_flags.cc).  The tool writes its units' facts too, and
# they go through the link step on their own, with the facts the tool wrote
# for the clean build standing in for the units a case did not rebuild.
# Its findings, alone and with the link step's, must be the same as the
# GCC plugin's: the case's Expect: and Module-expect: lines.
#
# Expects from the main script: tmp, jobs, tree (the current directory),
# slabcheck, tool (our copy of slabcheck-clang), link_step.

tool_facts=$tmp/tool-facts
tool_clean_facts=$tmp/tool-clean-facts
tool_db=$tmp/tool-db
mkdir -p "$tool_facts" "$tool_clean_facts" "$tool_db"

# tool_check LOG LINK_LOG OBJ...: slabcheck-clang on the sources of the
# objects OBJ... (just built, sources as they are now) over the database of
# their directories, its findings into LOG with the tree's path taken off,
# the link step's over its facts into LINK_LOG.  Fails when the database
# lacks a source, a source does not compile, or slabcheck fails.
tool_check() {
	local log=$1 link_log=$2 obj status=0
	local dirs=() sources=()
	shift 2
	for obj in "$@"; do
		sources+=("$tree/${obj%.o}.c")
		dirs+=("$(dirname "$obj")")
	done
	rm -f "$tool_facts"/*.facts
	mapfile -t dirs < <(printf '%s\n' "${dirs[@]}" | sort -u)
	python3 scripts/clang-tools/gen_compile_commands.py -d "$tree" \
		-o "$tool_db/compile_commands.json" "${dirs[@]}" >"$log" 2>&1 ||
		status=1
	if ! python3 - "$tool_db/compile_commands.json" "${sources[@]}" \
		>>"$log" 2>&1 <<-'EOF'; then
		import json, sys
		files = {e['file'] for e in json.load(open(sys.argv[1]))}
		missing = [s for s in sys.argv[2:] if s not in files]
		for s in missing:
		    print(f'slabcheck-clang: {s}: not in compile_commands.json')
		sys.exit(1 if missing else 0)
		EOF
		status=1
	fi
	"$tool" -j "$jobs" "--facts-dir=$tool_facts" -p "$tool_db" \
		"${sources[@]}" >"$log.raw" 2>&1 || [ $? -eq 1 ] || status=1
	sed "s%^$tree/%%" "$log.raw" >>"$log"
	: >"$link_log"
	link_step "$link_log" "$tool_clean_facts" "$tool_facts" facts-tool ||
		status=1
	return "$status"
}

# tool_clean LOG LINK_LOG OBJ...: tool_check on the clean build; its facts
# stand in for the units the cases do not rebuild.
tool_clean() {
	local status=0
	tool_check "$@" || status=1
	mv "$tool_facts"/*.facts "$tool_clean_facts"/ 2>/dev/null || true
	return "$status"
}
