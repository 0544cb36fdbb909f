#!/usr/bin/env bash
# Installs what building and running the GCC door needs (nothing for the
# other front-ends or the tests), builds it quietly (the log in
# build/demo.log, shown if something fails), runs slabcheck on the bundled
# example driver, prints its findings, says whether they are exactly the
# planted bugs of examples/ringbuf/EXPECTED, and what to try next.
# Exits 0 when they are.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$here/build"
log=$here/build/demo.log
: >"$log"

# quietly WHAT CMD...: runs CMD with its output in the log, which is shown
# if it fails.
quietly() {
	local what=$1

	shift
	echo "demo: $what"
	"$@" >>"$log" 2>&1 </dev/null || {
		tail -40 "$log" >&2
		echo "demo: $what failed; the whole log is $log" >&2
		exit 1
	}
}

# install-deps asks sudo for a password on the terminal if it needs one.
echo "demo: installing what the GCC door needs (when missing)"
"$here/scripts/install-deps.sh" --gcc-door >>"$log" 2>&1 || {
	tail -40 "$log" >&2
	echo "demo: installing failed; the whole log is $log" >&2
	exit 1
}
quietly "building the GCC plugin and the slabcheck command (log: build/demo.log)" \
	"$here/scripts/build.sh" --gcc-door

# The example against the stand-in kernel headers: no kernel tree needed.
command=(build/tools/slabcheck examples/ringbuf/ringbuf.c -- -std=gnu11 -O2
	-nostdinc -isystem tests/include -DMODULE)
echo
echo "\$ ${command[*]}"
status=0
findings=$(cd "$here" && "${command[@]}" 2>>"$log") || status=$?
echo "$findings"
echo
expected=$here/examples/ringbuf/EXPECTED
planted=$(grep -c ': warning: ' "$expected")
# slabcheck exits 1 for new findings: the planted bugs are new ones.
if [ "$status" -ne 1 ] || [ "$findings" != "$(cat "$expected")" ]; then
	diff -u --label EXPECTED --label findings "$expected" - \
		<<<"$findings" >&2 || true
	tail -5 "$log" >&2
	echo "demo: slabcheck exited $status and did not find exactly the" \
		"$planted planted bugs of examples/ringbuf/EXPECTED: something is" \
		"wrong (the log: $log)" >&2
	exit 1
fi
echo "These are the $planted planted bugs of examples/ringbuf/EXPECTED," \
	"and nothing else: slabcheck works."
cat <<'EOF'

Next:
  build/tools/slabcheck --explain kmem-resetup     a rule: what it finds, how to fix it
  build/tools/slabcheck --help                     every option; --list-rules: every rule
  build/tools/slabcheck kbuild -C ~/linux fs/ufs/  check a kernel tree that has the series
  scripts/package.sh                               the Debian package, every front-end
                                                   (and slabcheck convert: docs/convert.md)
  scripts/test.sh                                  every test (an hour and more)
EOF
