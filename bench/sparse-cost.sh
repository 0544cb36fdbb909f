#!/bin/bash
# sparse-cost.sh SLABCHECK_SPARSE [WORKDIR]
#
# What slabcheck-sparse costs over stock sparse 0.6.4 (/usr/bin/sparse,
# STOCK_SPARSE to override) on the kernel port that
# tests/kernel/prepare-tree.sh keeps in WORKDIR (default
# /var/tmp/slabcheck-kernel): objects the port converts, files of the ufs
# and fat modules, and big unrelated objects.  About 25 minutes on 2 cores.
#
# kbuild is run once with CHECK= a recorder, which keeps each file's exact
# checker command line (CHECKFLAGS and c_flags, as `make C=2` passes them).
# Each command line is then run, in one run of this script, as
#   stock       /usr/bin/sparse ARGS
#   ours        slabcheck-sparse ARGS (sparse's warnings and our rules)
#   ours-quiet  slabcheck-sparse --slabcheck-no-sparse-warnings ARGS
# under valgrind --tool=cachegrind --cache-sim=no (instructions executed,
# which do not depend on the machine's load) and under /usr/bin/time -f %M
# (peak RSS).  The same build leaves each object's exact compile command
# in its .o.cmd; that command (gcc, writing to WORKDIR/.bench-sparse/out/)
# is measured the same way, with --trace-children=yes: gcc forks cc1 and
# as, and the instructions of every process are added up (peak RSS is the
# largest process's, cc1).  That is what a checker costs next to the
# build it rides on (make C=1 runs both for every file).
# The report is a markdown table on stdout: per file, and in all (sum of
# instructions, largest peak RSS), each variant against stock, and stock
# sparse and ours against the compile.  The budget of docs/sparse.md: at
# most +5% instructions, +10% peak memory over stock sparse.
# The run holds the locks of prepare-tree.sh and build-converted.sh.
# Environment: JOBS (make -j, and compiles measured at once; default 2).
set -eu
set -o pipefail

if [ $# -lt 1 ] || [ $# -gt 2 ] || [ ! -x "$1" ]; then
	echo "usage: $0 SLABCHECK_SPARSE [WORKDIR]" >&2
	exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
ours=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
stock=${STOCK_SPARSE:-/usr/bin/sparse}
workdir=${2:-/var/tmp/slabcheck-kernel}
jobs=${JOBS:-2}
objects=(mm/slab_common.o fs/namespace.o fs/inode.o kernel/fork.o
	fs/ufs/super.o fs/fat/inode.o fs/fat/cache.o mm/page_alloc.o
	fs/ext4/super.o)

# shellcheck source=lib.sh
. "$here/lib.sh"
lock_tree
bench=$(dirname "$tree")/.bench-sparse
rm -rf "$bench"
mkdir -p "$bench/commands" "$bench/out" "$bench/cg"

# The recorder: one file per source, holding its arguments, NUL-separated.
cat >"$bench/record" <<EOF
#!/bin/bash
for last; do :; done
printf '%s\0' "\$@" >"$bench/commands/\$(echo "\$last" | tr / _)"
EOF
chmod +x "$bench/record"
echo "sparse-cost: recording the checker's and the compiler's command lines" >&2
# Deleted first: kbuild then compiles them without any plugin a kernel
# stage may have left in their command lines.
rm -f "${objects[@]}"
make -j"$jobs" C=2 "CHECK=$bench/record" "${objects[@]}" \
	>"$bench/make.log" 2>&1

# compile INDEX: instructions (all processes) and peak RSS of the object's
# compile, into $bench/cg/INDEX.result as "IR RSS".
compile() {
	local i=$1 cmd=() ir rss
	command_of "$i" gcc
	ir=$(cachegrind_all "$bench/cg/$i" "${cmd[@]}") || {
		echo "sparse-cost: compiling ${objects[$i]} failed" >&2
		return 1
	}
	rss=$(peak "${cmd[@]}")
	echo "$ir $rss" >"$bench/cg/$i.result"
}

# instructions VARIANT OUT ARGS...: cachegrind's I refs of one run.
instructions() {
	local out=$1
	shift
	valgrind --tool=cachegrind --cache-sim=no \
		--cachegrind-out-file=/dev/null "$@" >/dev/null 2>"$out.cg" || true
	sed -n -E 's/.*I[[:space:]]+refs:[[:space:]]+([0-9,]+).*/\1/p' \
		"$out.cg" | tr -d ,
}

# peak VARIANT ARGS...: peak RSS in KiB.
peak() {
	/usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1
}

echo "sparse-cost: the compiles under cachegrind, $jobs at a time" >&2
each_object compile

printf '| file | stock Ir | ours | ours-quiet | stock RSS KiB | ours | ours-quiet | compile Ir | stock/compile | ours/compile | compile RSS KiB |\n'
printf '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n'
total_stock=0 total_ours=0 total_quiet=0 total_cc=0
rss_stock=0 rss_ours=0 rss_quiet=0 rss_cc=0
percent() {
	awk -v a="$1" -v b="$2" 'BEGIN { printf "%+.2f%%", (a - b) * 100 / b }'
}
ratio() {
	awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'
}
for i in "${!objects[@]}"; do
	obj=${objects[$i]}
	src=${obj%.o}.c
	file=$bench/commands/$(echo "$src" | tr / _)
	if [ ! -f "$file" ]; then
		echo "sparse-cost: no command line for $src" >&2
		exit 1
	fi
	mapfile -d '' args <"$file"
	echo "sparse-cost: $src" >&2
	i_stock=$(instructions "$bench/stock" "$stock" "${args[@]}")
	i_ours=$(instructions "$bench/ours" "$ours" "${args[@]}")
	i_quiet=$(instructions "$bench/quiet" "$ours" \
		--slabcheck-no-sparse-warnings "${args[@]}")
	m_stock=$(peak "$stock" "${args[@]}")
	m_ours=$(peak "$ours" "${args[@]}")
	m_quiet=$(peak "$ours" --slabcheck-no-sparse-warnings "${args[@]}")
	read -r i_cc m_cc <"$bench/cg/$i.result"
	printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' \
		"$src" "$i_stock" \
		"$(percent "$i_ours" "$i_stock")" \
		"$(percent "$i_quiet" "$i_stock")" "$m_stock" \
		"$(percent "$m_ours" "$m_stock")" \
		"$(percent "$m_quiet" "$m_stock")" "$i_cc" \
		"$(ratio "$i_stock" "$i_cc")" "$(ratio "$i_ours" "$i_cc")" "$m_cc"
	total_cc=$((total_cc + i_cc))
	[ "$m_cc" -gt "$rss_cc" ] && rss_cc=$m_cc
	total_stock=$((total_stock + i_stock))
	total_ours=$((total_ours + i_ours))
	total_quiet=$((total_quiet + i_quiet))
	[ "$m_stock" -gt "$rss_stock" ] && rss_stock=$m_stock
	[ "$m_ours" -gt "$rss_ours" ] && rss_ours=$m_ours
	[ "$m_quiet" -gt "$rss_quiet" ] && rss_quiet=$m_quiet
done
printf '| **all** | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' \
	"$total_stock" \
	"$(percent "$total_ours" "$total_stock")" \
	"$(percent "$total_quiet" "$total_stock")" "$rss_stock" \
	"$(percent "$rss_ours" "$rss_stock")" \
	"$(percent "$rss_quiet" "$rss_stock")" "$total_cc" \
	"$(ratio "$total_stock" "$total_cc")" \
	"$(ratio "$total_ours" "$total_cc")" "$rss_cc"
