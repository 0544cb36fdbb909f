# shellcheck shell=bash
# What the test scripts of tests/scripts/ share; source it, do not run it:
# counters of passed and failed checks, and the checks themselves.
passed=0
failed=0

ok() {
	passed=$((passed + 1))
}

bad() { # WHAT: a failed check, said
	echo "FAIL $1"
	failed=$((failed + 1))
}

expect() { # NAME EXPECTED ACTUAL
	if [ "$2" = "$3" ]; then ok; else
		bad "$1"
		diff -u <(echo "$2") <(echo "$3")
	fi
}

check() { # NAME CONDITION...: the condition, run, must succeed
	local name=$1

	shift
	if "$@"; then ok; else bad "$name"; fi
}

finish() { # the last line of every script, and its exit status
	echo "$passed passed, $failed failed"
	[ "$failed" -eq 0 ]
}
