# Empty dependencies file for slabcheck_gcc.
# This may be replaced when dependencies are built.
