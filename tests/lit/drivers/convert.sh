#!/usr/bin/env bash
# %convert FILE.c [CFLAGS...]: what `slabcheck convert` decides for each
# cache pointer of one test file, through slabcheck-clang --convert, with
# the stand-in kernel headers.  The exit status is the tool's.
set -u
file=$1
shift
exec "$SLABCHECK_BUILD_DIR/clang-check/slabcheck-clang" --convert "$file" \
	-- -std=gnu11 -O2 -Wall -nostdinc -isystem "$SLABCHECK_INCLUDE_DIR" "$@"
