file(REMOVE_RECURSE
  "libslabcheck_core.a"
)
