# shellcheck shell=bash
# Sourced by the kernel stage's scripts: one line per case, then
# "N passed, M failed" from report_end.
passed=0
failed=0

pass() {
	echo "PASS $1"
	passed=$((passed + 1))
}
fail() {
	echo "FAIL $1: $2"
	failed=$((failed + 1))
}
