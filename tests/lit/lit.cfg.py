# -*- Python -*-
# One lit run tests every front-end: each test file is run once per front-end
# listed in the "frontends" parameter, with %check bound to that front-end's
# driver.  Adding a front-end means adding a driver to tests/lit/drivers/ and
# its name to the list: no test file is copied.
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
import slabcheck_format  # noqa: E402

config.name = 'slabcheck'
config.suffixes = ['.c']
config.test_source_root = os.path.dirname(__file__)
config.excludes = ['drivers', 'Inputs', '__pycache__']

build_dir = lit_config.params.get('build_dir')
if not build_dir:
    lit_config.fatal('run lit with --param build_dir=<cmake build directory>')
frontends = lit_config.params.get('frontends', 'gcc').split(',')
source_dir = os.path.dirname(os.path.dirname(config.test_source_root))
include_dir = os.path.join(source_dir, 'tests', 'include')
drivers_dir = os.path.join(config.test_source_root, 'drivers')
filecheck = lit_config.params.get('filecheck', 'FileCheck')

# Any finding or note a test does not expect fails it.
config.substitutions.append(
    ('%filecheck',
     filecheck + ' --implicit-check-not=warning: --implicit-check-not=note:'
     ' --implicit-check-not=error:'))
# Stock sparse and the stand-in headers, for tests of the annotations that
# stock sparse checks on its own (tests/lit/annotations/).
config.substitutions.append(
    ('%stock-sparse', lit_config.params.get('sparse', 'sparse') +
     ' -nostdinc -isystem ' + include_dir + ' -D__linux__ -Dlinux'
     ' -D__STDC__ -Dunix -D__unix__ -Wbitwise -Wno-return-void'
     ' -Wno-unknown-attribute --arch=x86_64 -mlittle-endian -m64'
     ' -D__x86_64__'))
# What `slabcheck convert` decides for one file (tests/lit/convert/).  It
# runs slabcheck-clang, which a build without the Clang front-ends
# (SLABCHECK_CLANG=OFF) does not have: its tests say
# `REQUIRES: slabcheck-clang` and are UNSUPPORTED there.
config.substitutions.append(
    ('%convert', 'bash ' + os.path.join(drivers_dir, 'convert.sh')))
# The stand-in kernel headers, for tests that make a tree of their own.
config.substitutions.append(('%include-dir', include_dir))
config.substitutions.append(
    ('%sarif-fixes', '/usr/bin/python3 ' +
     os.path.join(drivers_dir, 'sarif-fixes.py')))
if os.access(os.path.join(build_dir, 'clang-check', 'slabcheck-clang'),
             os.X_OK):
    config.available_features.add('slabcheck-clang')
config.environment['SLABCHECK_BUILD_DIR'] = build_dir
config.environment['SLABCHECK_INCLUDE_DIR'] = include_dir
# The GCC the plugin was built for, which the gcc driver must run.
config.environment['SLABCHECK_GCC'] = lit_config.params.get('gcc', 'gcc')
# Its plugin: a cross GCC's is gcc-plugin/MACHINE/slabcheck_gcc.so.
config.environment['SLABCHECK_LIT_GCC_PLUGIN'] = lit_config.params.get(
    'gcc_plugin', os.path.join(build_dir, 'gcc-plugin', 'slabcheck_gcc.so'))
# The Clang slabcheck_clang.so was built for, which its driver must run.
config.environment['SLABCHECK_CLANG_CC'] = lit_config.params.get('clang',
                                                                 'clang')


config.test_format = slabcheck_format.PerFrontendShTest(frontends,
                                                       drivers_dir)
