# shellcheck shell=bash
# The sparse front-end's part of run-kernel-stage.sh (sourced by it with
# --sparse): kbuild runs slabcheck-sparse as its checker (make C=2
# CHECK=...), every unit's facts go to the directory the main script's
# link step reads (as the GCC plugin's do), and one check the GCC stage
# has no counterpart for: sparse's own warnings on the clean objects and
# modules must be exactly stock sparse 0.6.4's (Debian's /usr/bin/sparse),
# line for line.
#
# Expects from the main script: tmp, jobs, tree (the current directory),
# checker (our copy of slabcheck-sparse), slabcheck, pass, fail, one_line,
# findings, keep_log.

facts=$tmp/facts
stock_sparse=${STOCK_SPARSE:-/usr/bin/sparse}

# The make arguments of a build with the checker; facts start empty.
sparse_make_args() {
	rm -rf "$facts"
	mkdir -p "$facts"
	make_args=(C=2 "CHECK=$checker" "CF=--slabcheck-facts-dir=$facts")
}

# checked_by_sparse OBJ LOG: kbuild ran the checker on OBJ's source.
checked_by_sparse() {
	grep -q -E "^  CHECK +${1%.o}\.c\$" "$2"
}


# sparse_warnings LOG: the checker's diagnostics in a build log, without
# ours (our findings and their notes), sorted.
sparse_warnings() {
	grep -E '^[^ :]+:[0-9]+:[0-9]+: ' "$1" |
		grep -v -E '\[kmem-[a-z-]+\]$|: note: ' | sort || true
}

# compare_stock LOG TARGETS...: run stock sparse over the same targets and
# compare its diagnostics with those in LOG.
compare_stock() {
	local log=$1 stock=$tmp/stock.log extra missing
	shift
	make -k -j"$jobs" C=2 "CHECK=$stock_sparse" KBUILD_MODPOST_WARN=1 \
		"$@" >"$stock" 2>&1 || true
	keep_log "$stock" clean-stock-sparse
	missing=$(comm -23 <(sparse_warnings "$stock") <(sparse_warnings "$log"))
	extra=$(comm -13 <(sparse_warnings "$stock") <(sparse_warnings "$log"))
	if [ -z "$missing$extra" ]; then
		pass "clean/sparse-warnings ($(sparse_warnings "$stock" |
			wc -l) lines, as stock sparse)"
		return
	fi
	{
		echo "--- stock sparse only:"
		echo "$missing"
		echo "--- slabcheck-sparse only:"
		echo "$extra"
	} >&2
	fail clean/sparse-warnings \
		"differs from stock sparse: $(one_line "$missing$extra")"
}
