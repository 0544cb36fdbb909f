# shellcheck shell=bash
# Sourced by every check-<front-end>.sh: splits a RUN line's arguments into
# the files to check (files), whether they are one module (module), and the
# rest (args), where each front-end-neutral option (--disable=, --exempt=,
# --strict-size, --werror, --dump-model, --debug) becomes the core option of
# the same name behind the front-end's prefix, and --32-bit the compiler's
# options for the 32-bit variant of its target (target_32_bit, -m32 unless
# the driver says otherwise).
#
# Notes: a test prints the events of a finding's path only when it asks,
# with --path=short|full|none (tests/lit/notes/); the others run with
# path=none, so that their checks are of findings alone.  path holds the
# value, for the slabcheck command of a --module run, which prints.
#
# usage: map_options PREFIX ARG...
map_options() {
	local prefix=$1 arg
	shift
	args=()
	files=()
	module=
	path=none
	for arg in "$@"; do
		case "$arg" in
		--module)
			module=1 ;;
		*.c)
			files+=("$arg") ;;
		--32-bit)
			args+=("${target_32_bit[@]:--m32}") ;;
		--disable=*|--exempt=*|--strict-size|--werror|--dump-model|--debug)
			args+=("$prefix${arg#--}") ;;
		--path=*)
			path=${arg#--path=} ;;
		*)
			args+=("$arg") ;;
		esac
	done
	args+=("${prefix}path=$path")
}
