# Installing slabcheck, its manual pages and its package.
#
#   cmake --install build [--prefix P]      (DESTDIR=... for a staging root)
#   scripts/package.sh               build-package/slabcheck_VERSION_ARCH.deb
#
# Layout under the prefix P (docs/install.md):
#   bin/                       slabcheck, slabcheck-gcc, slabcheck-sparse,
#                              slabcheck-clang
#   lib/distcc/slabcheck-gcc   distccd's leave to run slabcheck-gcc
#   lib/slabcheck/             the Clang plugin
#   SLABCHECK_GCC_PLUGIN_INSTALL_DIR   the GCC plugin: GCC's own plugin
#                              directory under prefix /usr, which the package
#                              uses, so that -fplugin=slabcheck_gcc works
#   share/man/man1/            slabcheck(1), slabcheck-sparse(1),
#                              slabcheck-clang(1), made from --help, and
#                              slabcheck-gcc(1), written by hand
#   share/doc/slabcheck/       README.md, docs/, the example and the
#                              stand-in kernel headers it compiles against,
#                              copyright and changelog.gz
# The programs find each other relative to where they are
# (tools/locate.c), so the tree works wherever it is copied or unpacked.

install(TARGETS slabcheck slabcheck-gcc RUNTIME DESTINATION bin)
# distccd runs only the compilers its masquerade directory names: with the
# package on a distcc helper, slabcheck-gcc is one (docs/distributed-builds.md).
install(CODE [[
  set(masquerade "$ENV{DESTDIR}${CMAKE_INSTALL_PREFIX}/lib/distcc")
  file(MAKE_DIRECTORY "${masquerade}")
  file(CREATE_LINK ../../bin/distcc "${masquerade}/slabcheck-gcc" SYMBOLIC)
  message(STATUS "Installing: ${masquerade}/slabcheck-gcc")
]])
install(TARGETS slabcheck_gcc LIBRARY DESTINATION
  ${SLABCHECK_GCC_PLUGIN_INSTALL_DIR})
if(TARGET slabcheck-sparse)
  install(TARGETS slabcheck-sparse RUNTIME DESTINATION bin)
endif()
if(SLABCHECK_CLANG)
  install(TARGETS slabcheck-clang RUNTIME DESTINATION bin)
  install(TARGETS slabcheck_clang LIBRARY DESTINATION
    ${SLABCHECK_LIBRARY_INSTALL_DIR})
endif()

set(doc_dir share/doc/slabcheck)
install(FILES README.md DESTINATION ${doc_dir})
install(DIRECTORY docs/ DESTINATION ${doc_dir}/docs FILES_MATCHING
  PATTERN "*.md")
install(DIRECTORY examples/ringbuf DESTINATION ${doc_dir}/examples)
# The example compiles against these stand-ins when no kernel tree is at
# hand (examples/ringbuf/Makefile, target demo).
install(DIRECTORY tests/include/ DESTINATION ${doc_dir}/examples/include)
# The license (DEP-5, as Debian reads it) and a changelog, which Debian's
# policy asks of every package (a native one: changelog.gz).  Its date is
# SOURCE_DATE_EPOCH's when set (scripts/package.sh sets it to the commit's),
# so that the same sources give the same file.
install(FILES packaging/copyright DESTINATION ${doc_dir})
string(TIMESTAMP changelog_date "%a, %d %b %Y %H:%M:%S +0000" UTC)

# Who distributes the package (its Maintainer: field and changelog): the
# Debian tools' DEBFULLNAME and DEBEMAIL when set, else the committer of
# the source's last commit, which every clone has (a CI machine may have
# no git user of its own); the project has no address of its own.
# scripts/package.sh refuses an empty one.
set(maintainer "")
if(DEFINED ENV{DEBFULLNAME} AND DEFINED ENV{DEBEMAIL})
  set(maintainer "$ENV{DEBFULLNAME} <$ENV{DEBEMAIL}>")
else()
  execute_process(COMMAND git log -1 "--format=%cn <%ce>"
    WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}
    OUTPUT_VARIABLE maintainer OUTPUT_STRIP_TRAILING_WHITESPACE
    ERROR_QUIET)
endif()
set(SLABCHECK_MAINTAINER "${maintainer}" CACHE STRING
  "the package's maintainer, NAME <ADDRESS> (default: DEBFULLNAME and DEBEMAIL, else the last commit's committer)")
set(changelog ${CMAKE_BINARY_DIR}/packaging/changelog)
file(WRITE ${changelog} "slabcheck (${PROJECT_VERSION}) unstable; urgency=medium

  * slabcheck ${PROJECT_VERSION}; its documentation is in
    /usr/share/doc/slabcheck/README.md and docs/.

 -- ${SLABCHECK_MAINTAINER}  ${changelog_date}
")
add_custom_command(OUTPUT ${changelog}.gz
  COMMAND gzip -9nkf ${changelog}
  DEPENDS ${changelog}
  COMMENT "changelog.gz" VERBATIM)
add_custom_target(changelog ALL DEPENDS ${changelog}.gz)
install(FILES ${changelog}.gz DESTINATION ${doc_dir})

# Manual pages, from each program's --help and --version: written once.
find_program(HELP2MAN help2man)
set(SLABCHECK_MAN_PAGES AUTO CACHE STRING
  "make manual pages with help2man: ON, OFF or AUTO (when it is found)")
if(SLABCHECK_MAN_PAGES STREQUAL "AUTO")
  set(make_man_pages OFF)
  if(HELP2MAN)
    set(make_man_pages ON)
  endif()
else()
  set(make_man_pages ${SLABCHECK_MAN_PAGES})
endif()
if(make_man_pages)
  if(NOT HELP2MAN)
    message(FATAL_ERROR "help2man not found: install help2man, or "
      "-DSLABCHECK_MAN_PAGES=OFF")
  endif()
  set(man_pages "")
  foreach(page
      "slabcheck|check kernel code that uses static slab caches"
      "slabcheck-sparse|sparse with slabcheck's rules, for make C=1 CHECK="
      "slabcheck-clang|slabcheck over a compilation database")
    string(REPLACE "|" ";" page "${page}")
    list(GET page 0 program)
    list(GET page 1 summary)
    if(NOT TARGET ${program})
      continue()
    endif()
    # Compressed, as Debian ships manual pages; -n: no time stamp.
    set(man_page ${CMAKE_BINARY_DIR}/man/${program}.1.gz)
    add_custom_command(OUTPUT ${man_page}
      COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/man
      COMMAND ${HELP2MAN} --no-info --no-discard-stderr --section=1
        --name=${summary} --output=${CMAKE_BINARY_DIR}/man/${program}.1
        $<TARGET_FILE:${program}>
      COMMAND gzip -9nf ${CMAKE_BINARY_DIR}/man/${program}.1
      DEPENDS ${program}
      COMMENT "Manual page ${program}(1)" VERBATIM)
    list(APPEND man_pages ${man_page})
  endforeach()
  # slabcheck-gcc hands --help to GCC: its page is written by hand.
  set(man_page ${CMAKE_BINARY_DIR}/man/slabcheck-gcc.1.gz)
  add_custom_command(OUTPUT ${man_page}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/man
    COMMAND gzip -9nc ${CMAKE_CURRENT_SOURCE_DIR}/packaging/slabcheck-gcc.1
      > ${man_page}
    DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/packaging/slabcheck-gcc.1
    COMMENT "Manual page slabcheck-gcc(1)" VERBATIM)
  list(APPEND man_pages ${man_page})
  add_custom_target(man_pages ALL DEPENDS ${man_pages})
  install(FILES ${man_pages} DESTINATION share/man/man1)
endif()

# The Debian package: what `cmake --install` installs, under /usr.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME slabcheck)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "${SLABCHECK_MAINTAINER}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
  "checkers for Linux kernel code that uses static slab caches")
# The description names what this build holds: scripts/package.sh builds
# every door and every cross plugin, so that its package is the same
# wherever it is built; a build without some of them says so.
# (Each line of it at most 80 columns, as lintian wants; the ones that begin
# with a space are shown as they are; the last newline keeps CPack from
# stripping the last line's.)
set(doors " - the GCC plugin, the slabcheck command and slabcheck-gcc")
if(SLABCHECK_CROSS_MACHINES)
  string(REPLACE "-linux-gnu" "" machines "${SLABCHECK_CROSS_MACHINES}")
  string(REPLACE ";" ", " machines "${machines}")
  string(APPEND doors "
 - the GCC plugin for the cross compilers: ${machines}")
endif()
if(SLABCHECK_CLANG)
  string(APPEND doors "
 - the Clang plugin, and slabcheck-clang over a "
    "compilation database")
endif()
if(TARGET slabcheck-sparse)
  string(APPEND doors "
 - slabcheck-sparse, sparse with the checks, for "
    "make C=1 CHECK=")
endif()
set(CPACK_PACKAGE_DESCRIPTION "Checkers for Linux kernel code that uses struct
kmem_cache_opaque and kmem_cache_setup(): they find caches set up twice,
left set up by modules, used after they were destroyed, objects that do
not fit, bad storage.  This package has:
${doors}
")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_PACKAGE_DIRECTORY ${CMAKE_BINARY_DIR})
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_STRIP_FILES ON)
# The libraries the programs and plugins link, as dpkg-shlibdeps finds
# them; and the compilers that load the plugins, which no library names.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(SLABCHECK_PACKAGE_DEPENDS "" CACHE STRING
  "Depends: of the package besides the libraries (package.sh sets the GCC)")
set(SLABCHECK_PACKAGE_RECOMMENDS "" CACHE STRING
  "Recommends: of the package (package.sh sets the Clang)")
set(CPACK_DEBIAN_PACKAGE_DEPENDS "${SLABCHECK_PACKAGE_DEPENDS}")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "${SLABCHECK_PACKAGE_RECOMMENDS}")
# /usr/lib/distcc/slabcheck-gcc is a link to distcc, for distcc's helpers.
set(CPACK_DEBIAN_PACKAGE_SUGGESTS distcc)
include(CPack)
