# Sourced by every driver: sorts the arguments of %check into
#   files    the .c files (with --module, the units of one module)
#   options  the front-end-neutral options, each as "$prefix" followed by
#            the option without its dashes (--werror -> ${prefix}werror)
#   flags    everything else, for the compiler
#   module   set by --module
# The neutral options: --disable=RULE[,RULE]  --strict-size  --werror
#   --exempt=PATH[,PATH]  --dump-model  --debug  --module
# Usage: sort_arguments PREFIX "$@"
sort_arguments() {
	local prefix=$1 arg
	shift
	files=()
	options=()
	flags=()
	module=
	for arg in "$@"; do
		case "$arg" in
		--module)
			module=1 ;;
		*.c)
			files+=("$arg") ;;
		--disable=*|--exempt=*|--strict-size|--werror|--dump-model|--debug)
			options+=("$prefix${arg#--}") ;;
		*)
			flags+=("$arg") ;;
		esac
	done
}
