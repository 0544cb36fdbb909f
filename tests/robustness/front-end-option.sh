# Sourced by the robustness scripts, before they read their other
# arguments: takes a leading --front-end=NAME off the command line into
# $front_end (gcc when there is none) and stops the script when NAME is
# not one of $front_ends, the script's own list.  Sourced without
# arguments, so its shift is the script's.
front_end=gcc
case ${1:-} in
--front-end=*)
	front_end=${1#--front-end=}
	shift
	;;
esac
case " $front_ends " in
*" $front_end "*) ;;
*)
	echo "$0: unknown front-end '$front_end' (one of: $front_ends)" >&2
	exit 2
	;;
esac
