// SPDX-License-Identifier: GPL-2.0
/*
 * kmem-internal-flag on hand-built models: SLAB_PREALLOCATED passed by hand,
 * the reserved fields of struct kmem_cache_args written by hand, and what
 * must stay silent: other flags, the setup macros, files under mm/.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "model_builder.h"

#define PREALLOCATED_BIT 26
#define SLAB_HWCACHE_ALIGN 0x2000ull

#define FLAG(file, line, column, callee)                                       \
	file ":" #line ":" #column ": warning: SLAB_PREALLOCATED is internal " \
	     "to mm/ and must not be passed to '" callee                       \
	     "' [kmem-internal-flag]\n"

#define FIELD(file, line, column, field)                                   \
	file ":" #line ":" #column ": warning: '." field "' of struct "    \
	     "kmem_cache_args is set by hand; use the kmem_cache_setup() " \
	     "helpers [kmem-internal-flag]\n"

/* An event of a one-block function 'foo_init' at line 10 of 'file'. */
static struct event *add(struct translation_unit *tu, enum event_kind kind,
			 const char *file, unsigned int line,
			 unsigned int column)
{
	int f = tu_find_function(tu, "foo_init");

	if (f < 0) {
		f = mb_function(tu, "foo_init", 10, 1);
		mb_return_void(tu, f, 0);
	}
	return mb_event(tu, f, 0, kind,
			(struct source_location){ file, line, column });
}

static void add_flags(struct translation_unit *tu, enum event_kind kind,
		      unsigned int line, unsigned long long flags)
{
	struct event *event = add(tu, kind, MB_FILE, line, 9);

	event->flags_known = true;
	event->flags = flags;
}

static void add_field(struct translation_unit *tu, const char *file,
		      unsigned int line, const char *field, bool from_macro)
{
	struct event *event = add(tu, EVENT_ARGS_FIELD, file, line, 3);

	event->field = field;
	event->from_api_macro = from_macro;
}

/* kmem_cache_create(..., SLAB_PREALLOCATED) and a setup with the flag. */
static void preallocated_flag_warns(void **state)
{
	struct translation_unit *tu = *state;
	unsigned long long flag = 1ull << PREALLOCATED_BIT;

	tu->preallocated_bit = PREALLOCATED_BIT;
	add_flags(tu, EVENT_CREATE, 12, flag | SLAB_HWCACHE_ALIGN);
	add_flags(tu, EVENT_SETUP, 13, flag);
	mb_expect(tu, NULL,
		  "drivers/foo/foo.c:12:9: warning: SLAB_PREALLOCATED is "
		  "internal to mm/ and must not be passed to "
		  "'kmem_cache_create' [kmem-internal-flag]\n" FLAG(
			  MB_FILE, 13, 9, "kmem_cache_setup"));
}

/* Other flags; the flag bit set but flags not known; the bit unknown. */
static void other_or_unknown_flags_silent(void **state)
{
	struct translation_unit *tu = *state;
	struct event *event;

	tu->preallocated_bit = PREALLOCATED_BIT;
	add_flags(tu, EVENT_CREATE, 12, SLAB_HWCACHE_ALIGN);
	add_flags(tu, EVENT_CREATE, 13, 1ull << (PREALLOCATED_BIT + 1));
	event = add(tu, EVENT_CREATE, MB_FILE, 14, 9);
	event->flags = 1ull << PREALLOCATED_BIT; /* but not known */
	mb_expect(tu, NULL, "");

	tu->preallocated_bit = -1;
	add_flags(tu, EVENT_CREATE, 15, 1ull << PREALLOCATED_BIT);
	mb_expect(tu, NULL, "");
}

static void reserved_args_fields_by_hand_warn(void **state)
{
	struct translation_unit *tu = *state;

	add_field(tu, MB_FILE, 12, "preallocated", false);
	add_field(tu, MB_FILE, 13, "owner", false);
	mb_expect(tu, NULL,
		  "drivers/foo/foo.c:12:3: warning: '.preallocated' of struct "
		  "kmem_cache_args is set by hand; use the kmem_cache_setup() "
		  "helpers [kmem-internal-flag]\n" FIELD(MB_FILE, 13, 3,
							 "owner"));
}

/* The setup macros write them; other fields are anybody's. */
static void args_fields_from_macro_or_unreserved_silent(void **state)
{
	struct translation_unit *tu = *state;

	add_field(tu, MB_FILE, 12, "preallocated", true);
	add_field(tu, MB_FILE, 13, "owner", true);
	add_field(tu, MB_FILE, 14, "align", false);
	add_field(tu, MB_FILE, 15, "ctor", false);
	mb_expect(tu, NULL, "");
}

/* Both kinds of finding, in a unit whose main file is 'file'. */
static void build_in(struct translation_unit *tu, const char *file)
{
	struct event *event;

	tu_release(tu);
	mb_unit(tu, file);
	tu->preallocated_bit = PREALLOCATED_BIT;
	event = add(tu, EVENT_CREATE, file, 12, 9);
	event->flags_known = true;
	event->flags = 1ull << PREALLOCATED_BIT;
	add_field(tu, file, 13, "preallocated", false);
}

/* mm/ by default, at the start of the path or after a '/'. */
static void mm_files_exempt(void **state)
{
	build_in(*state, "mm/slab_common.c");
	mb_expect(*state, NULL, "");
	build_in(*state, "/home/me/linux/mm/slub.c");
	mb_expect(*state, NULL, "");
}

/* "xmm/" is not "mm/". */
static void path_merely_containing_mm_warns(void **state)
{
	build_in(*state, "drivers/xmm/foo.c");
	mb_expect(*state, NULL,
		  FLAG("drivers/xmm/foo.c", 12, 9, "kmem_cache_create")
			  FIELD("drivers/xmm/foo.c", 13, 3, "preallocated"));
}

/* exempt=drivers/foo/ replaces mm/. */
static void exempt_option_replaces_default(void **state)
{
	struct slabcheck_options options;
	char error[128] = "";

	options_init(&options);
	assert_int_equal(options_parse(&options, "exempt", "drivers/foo/",
				       error, sizeof(error)),
			 0);
	build_in(*state, "drivers/foo/foo.c");
	mb_expect(*state, &options, "");
	build_in(*state, "mm/slub.c");
	mb_expect(*state, &options,
		  FLAG("mm/slub.c", 12, 9, "kmem_cache_create")
			  FIELD("mm/slub.c", 13, 3, "preallocated"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		MB_TEST(preallocated_flag_warns),
		MB_TEST(other_or_unknown_flags_silent),
		MB_TEST(reserved_args_fields_by_hand_warn),
		MB_TEST(args_fields_from_macro_or_unreserved_silent),
		MB_TEST(mm_files_exempt),
		MB_TEST(path_merely_containing_mm_warns),
		MB_TEST(exempt_option_replaces_default),
	};

	return cmocka_run_group_tests_name("kmem-internal-flag", tests, NULL,
					   NULL);
}
