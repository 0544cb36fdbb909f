# shellcheck shell=bash
# Shared by the scripts in bench/; source it, do not run it.  Expects
# "set -eu", $here (bench/) and $workdir.

# shellcheck source=../tests/kernel/lib.sh
. "$here/../tests/kernel/lib.sh"

# lock_tree: the kernel tree of $workdir, prepared, locked so that no kernel
# stage patches it while it is measured, and entered; sets $tree.
lock_tree() {
	lock_prepared_tree "$workdir"
}

# command_of INDEX COMPILER: the compile command kbuild recorded for
# objects[INDEX] (it must be a plain COMPILER command), writing to
# $bench/out/INDEX.o, as words in the array cmd.
command_of() {
	local obj=${objects[$1]} compiler=$2 file line
	file=$(dirname "$obj")/.$(basename "$obj").cmd
	line=$(sed -n "s|^savedcmd_$obj := ||p" "$file")
	case $line in
	"$compiler "*" -c -o $obj "*) ;;
	*)
		echo "${0##*/}: $file: not a plain $compiler command" >&2
		exit 1
		;;
	esac
	case $line in
	*';'* | *'&&'* | *'|'* | *-fplugin*)
		echo "${0##*/}: $file: unexpected command: $line" >&2
		exit 1
		;;
	esac
	line=${line//\$\$/\$}
	line=$(echo "$line" |
		sed -e "s| -Wp,-MMD,[^ ]* | -Wp,-MMD,$bench/out/$1.d |" \
			-e "s| -c -o $obj | -c -o $bench/out/$1.o |")
	eval "cmd=($line)"
}

# each_object FUNCTION: FUNCTION INDEX for every object, $jobs at a time;
# fails if any of them failed.
each_object() {
	local i p pids=() status=0
	for i in "${!objects[@]}"; do
		"$1" "$i" &
		pids+=($!)
		while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do
			wait -n || true
		done
	done
	for p in "${pids[@]}"; do
		wait "$p" || status=1
	done
	return "$status"
}

# cachegrind_all PREFIX COMMAND...: runs COMMAND under cachegrind with its
# children (gcc's cc1 and as, clang's -cc1) and prints the instructions of
# all its processes added up: exact, whatever the load.  Its output goes
# to PREFIX.log, cachegrind's to one PREFIX.PID per process; on failure
# the log goes to stderr and the status is 1.
cachegrind_all() {
	local prefix=$1
	shift
	rm -f "$prefix".*
	valgrind --tool=cachegrind --cache-sim=no --trace-children=yes \
		--cachegrind-out-file="$prefix.%p" "$@" >"$prefix.log" 2>&1 || {
		cat "$prefix.log" >&2
		return 1
	}
	cat "$prefix".[0-9]* |
		awk '$1 == "summary:" { s += $2 } END { printf "%.0f", s }'
}
