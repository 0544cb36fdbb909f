#!/usr/bin/env bash
# Runs the slabcheck command on the example driver and compares its findings
# with examples/ringbuf/EXPECTED, line for line.  DOOR (--clang,
# --clang-tool) chooses the front-end; the GCC plugin by default.
#
# usage: check-example.sh SLABCHECK SOURCE_DIR [DOOR]
set -u
slabcheck=$1
source_dir=$2
door=(${3:+"$3"})
cd "$source_dir" || exit 1
actual=$("$slabcheck" "${door[@]}" examples/ringbuf/ringbuf.c -- -std=gnu11 \
	-O2 -nostdinc -isystem tests/include -DMODULE)
status=$?
if [ "$status" -ne 1 ]; then
	echo "slabcheck exited $status, expected 1 (findings)"
	echo "0 passed, 1 failed"
	exit 1
fi
if ! diff -u examples/ringbuf/EXPECTED - <<<"$actual"; then
	echo "0 passed, 1 failed"
	exit 1
fi
echo "1 passed, 0 failed"
