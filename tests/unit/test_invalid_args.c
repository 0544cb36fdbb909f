// SPDX-License-Identifier: GPL-2.0
/* kmem-invalid-args on hand-built setups. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "model_builder.h"

#define WARN(line, text)                                               \
	MB_FILE ":" #line ":2: warning: static cache 'foo_cache'" text \
		" [kmem-invalid-args]\n"

static struct setup_parameters *setup(struct translation_unit *tu,
				      unsigned long size,
				      unsigned long long flags,
				      unsigned int line)
{
	int foo = mb_instance(tu, "foo_cache", 5, false);
	int f = mb_function(tu, "foo_init", 10, 1);
	struct event *event = mb_setup(tu, f, 0, mb_whole(foo), mb_at(line, 2));
	struct setup_parameters *parameters =
		arena_alloc(&tu->arena, sizeof(*parameters));

	event->size = size;
	event->flags_known = true;
	event->flags = flags;
	parameters->size = (struct known_number){ true, (long long)size };
	parameters->useroffset = (struct known_number){ true, 0 };
	parameters->usersize = (struct known_number){ true, 0 };
	event->parameters = parameters;
	mb_return_void(tu, f, 0);
	return parameters;
}

static void alignment(void **state)
{
	struct translation_unit *tu = *state;

	setup(tu, 64, 0, 11)->align = (struct known_number){ true, 24 };
	mb_expect(tu, NULL,
		  WARN(11, ": the alignment 24 is not a power of two; object "
			   "sizes are rounded as if it were"));
}

static void good_alignments_silent(void **state)
{
	struct translation_unit *tu = *state;
	struct setup_parameters *parameters = setup(tu, 64, 0, 11);

	parameters->align = (struct known_number){ true, 64 };
	mb_expect(tu, NULL, "");
	parameters->align = (struct known_number){ true, 0 };
	mb_expect(tu, NULL, "");
	/* Not a constant: not judged. */
	parameters->align = (struct known_number){ false, 24 };
	mb_expect(tu, NULL, "");
}

static void usercopy_region(void **state)
{
	struct translation_unit *tu = *state;
	struct setup_parameters *parameters = setup(tu, 64, 0, 11);

	parameters->useroffset = (struct known_number){ true, 48 };
	parameters->usersize = (struct known_number){ true, 16 };
	mb_expect(tu, NULL, "");
	parameters->usersize = (struct known_number){ true, 17 };
	mb_expect(tu, NULL,
		  WARN(11,
		       ": the usercopy region (offset 48, 17 bytes) does "
		       "not fit in 64-byte objects; the region is dropped"));
	parameters->usersize = (struct known_number){ true, 0 };
	mb_expect(tu, NULL,
		  WARN(11, ": a usercopy offset (48) without a usercopy size; "
			   "the region is dropped"));
}

static void free_pointer(void **state)
{
	struct translation_unit *tu = *state;
	struct setup_parameters *parameters;

	tu->typesafe_by_rcu_bit = 9;
	tu_describe_pointer_size(tu, 8);
	parameters = setup(tu, 64, 1u << 9, 11);
	parameters->use_freeptr_offset = (struct known_number){ true, 1 };
	parameters->freeptr_offset = (struct known_number){ true, 8 };
	mb_expect(tu, NULL, "");
	parameters->freeptr_offset = (struct known_number){ true, 64 };
	mb_expect(tu, NULL,
		  WARN(11, ": the free pointer offset 64 is not inside the "
			   "object; the setup fails"));
	parameters->freeptr_offset = (struct known_number){ true, 4 };
	mb_expect(tu, NULL,
		  WARN(11, ": the free pointer offset 4 is not aligned to a "
			   "pointer; the setup fails"));
	/* A 32-bit target's pointers are 4 bytes: the same offset is fine. */
	tu_describe_pointer_size(tu, 4);
	mb_expect(tu, NULL, "");
	parameters->freeptr_offset = (struct known_number){ true, 6 };
	mb_expect(tu, NULL,
		  WARN(11, ": the free pointer offset 6 is not aligned to a "
			   "pointer; the setup fails"));
	/* A unit that shows no pointer size is not judged on alignment. */
	tu->pointer_size = 0;
	mb_expect(tu, NULL, "");
	parameters->freeptr_offset = (struct known_number){ true, 4 };
	/* Not used: the offset means nothing. */
	parameters->use_freeptr_offset = (struct known_number){ true, 0 };
	mb_expect(tu, NULL, "");
}

static void size_and_name(void **state)
{
	struct translation_unit *tu = *state;
	struct setup_parameters *parameters = setup(tu, 0, 0, 11);

	parameters->name_is_null = true;
	/* Two findings at one place come in the order of their text. */
	mb_expect(tu, NULL,
		  WARN(11, " is set up with an object size of 0; the setup "
			   "fails")
			  WARN(11, " is set up without a name; the setup fails "
				   "or crashes in sysfs"));
}

/*
 * KMALLOC_MAX_SIZE from the unit's Kconfig macros: none without a page
 * shift; the forced order when there is one, 10 otherwise.
 */
static void object_size_limit_from_macros(void **state)
{
	struct translation_unit tu;
	unsigned long limit = 0;

	(void)state;
	tu_init(&tu, "limits.c");
	assert_false(tu_object_size_limit(&tu, &limit));
	tu_describe_macro_token(&tu, "CONFIG_PAGE_SHIFT", "12");
	assert_true(tu_object_size_limit(&tu, &limit));
	assert_int_equal(limit, 4UL << 20);
	tu_describe_macro_token(&tu, "CONFIG_PAGE_SHIFT", "16");
	tu_describe_macro_token(&tu, "CONFIG_ARCH_FORCE_MAX_ORDER", "13U");
	assert_true(tu_object_size_limit(&tu, &limit));
	assert_int_equal(limit, 512UL << 20);
	/* Not an integer literal: the value stays what it was. */
	tu_describe_macro_token(&tu, "CONFIG_PAGE_SHIFT", "PAGE_SHIFT_4K");
	tu_describe_macro_token(&tu, "CONFIG_PAGE_SHIFT", "0x40");
	assert_true(tu_object_size_limit(&tu, &limit));
	assert_int_equal(limit, 512UL << 20);
	tu_release(&tu);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(object_size_limit_from_macros),
		MB_TEST(alignment),
		MB_TEST(good_alignments_silent),
		MB_TEST(usercopy_region),
		MB_TEST(free_pointer),
		MB_TEST(size_and_name),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
