# Empty dependencies file for slabcheck_core.
# This may be replaced when dependencies are built.
