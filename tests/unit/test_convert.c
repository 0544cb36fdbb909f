// SPDX-License-Identifier: GPL-2.0
/*
 * slabcheck convert's decision on hand-described cache pointers
 * (core/convert/candidates.c): what converts and with which setup, each
 * refusal, and the NULL tests that do not stop a conversion (the
 * creation's own check; module exit, when module init creates it) next to
 * the look-alikes that do.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "candidates.h"
#include "verdicts.h"
#include "model_builder.h"

/* A static pointer at 'line', defined in the unit. */
static int pointer(struct translation_unit *tu, const char *name,
		   unsigned int line)
{
	struct cache_pointer description = {
		.name = name,
		.location = mb_at(line, 27),
		.defined = true,
	};

	return tu_add_cache_pointer(tu, &description);
}

static void use(struct translation_unit *tu, int index,
		enum cache_pointer_use_kind kind, const char *function,
		const char *section, const char *callee)
{
	struct cache_pointer_use description = {
		.kind = kind,
		.function = function,
		.function_section = section,
		.location = mb_at(40, 2),
		.callee = callee,
	};

	tu_add_cache_pointer_use(tu, index, &description);
}

/* A creation through macros, innermost first. */
static void created_by_macros(struct translation_unit *tu, int index,
			      const char *function, const char *callee,
			      const char **macros, size_t count)
{
	struct cache_pointer_use description = {
		.kind = POINTER_ASSIGNED,
		.function = function,
		.function_section = ".init.text",
		.location = mb_at(40, 2),
		.callee = callee,
		.macros = macros,
		.macro_count = count,
	};

	tu_add_cache_pointer_use(tu, index, &description);
}

/* The table convert prints for the unit, in a buffer to free. */
static char *table(struct translation_unit *tu)
{
	struct conversion *conversions =
		calloc(tu->cache_pointer_count + 1, sizeof(*conversions));
	size_t count = convert_decide(tu, conversions);
	char *text = NULL;
	size_t size = 0;
	FILE *stream = open_memstream(&text, &size);

	convert_print_table(conversions, count, stream);
	fclose(stream);
	free(conversions);
	return text;
}

static void expect_table(struct translation_unit *tu, const char *expected)
{
	char *text = table(tu);

	assert_string_equal(text, expected);
	free(text);
}

static void init_function(struct translation_unit *tu, const char *name)
{
	mb_return_void(tu, mb_function(tu, name, 50, 1), 0);
}

/* A module: init and exit through the aliases module_init() writes. */
static void module_functions(struct translation_unit *tu)
{
	init_function(tu, "foo_init");
	init_function(tu, "foo_exit");
	tu_describe_alias(tu, "init_module", "foo_init");
	tu_describe_alias(tu, "cleanup_module", "foo_exit");
	model_select(tu);
}

static void converts_each_form(void **state)
{
	static const char *kmem_cache[] = { "KMEM_CACHE" };
	/* A creation inside another macro of the driver's own. */
	static const char *wrapped[] = { "KMEM_CACHE_USERCOPY", "FOO_CACHE" };
	struct translation_unit tu;
	int plain, args, macro, usercopy;

	(void)state;
	mb_unit(&tu, NULL);
	module_functions(&tu);
	plain = pointer(&tu, "plain_cachep", 10);
	args = pointer(&tu, "args_cachep", 11);
	macro = pointer(&tu, "macro_cachep", 12);
	usercopy = pointer(&tu, "usercopy_cachep", 13);
	use(&tu, plain, POINTER_ASSIGNED, "foo_init", NULL,
	    "__kmem_cache_create");
	tu.cache_pointers[plain].uses[0].macros =
		(const char *[]){ "kmem_cache_create" };
	tu.cache_pointers[plain].uses[0].macro_count = 1;
	use(&tu, args, POINTER_ASSIGNED, "foo_init", NULL,
	    "__kmem_cache_create_args");
	tu.cache_pointers[args].uses[0].macros =
		(const char *[]){ "kmem_cache_create" };
	tu.cache_pointers[args].uses[0].macro_count = 1;
	created_by_macros(&tu, macro, "foo_init", "__kmem_cache_create_args",
			  kmem_cache, 1);
	created_by_macros(&tu, usercopy, "foo_init", "__kmem_cache_create_args",
			  wrapped, 2);
	use(&tu, plain, POINTER_PASSED, "foo_alloc", NULL, "kmem_cache_alloc");
	use(&tu, plain, POINTER_RETURNED, "foo_cache", NULL, NULL);
	expect_table(&tu, MB_FILE
		     ":10: plain_cachep: converted: "
		     "kmem_cache_create() becomes kmem_cache_setup()\n" MB_FILE
		     ":11: args_cachep: converted: kmem_cache_create() "
		     "becomes __KMEM_CACHE_SETUP()\n" MB_FILE
		     ":12: macro_cachep: converted: KMEM_CACHE() "
		     "becomes KMEM_CACHE_SETUP()\n" MB_FILE
		     ":13: usercopy_cachep: converted: "
		     "KMEM_CACHE_USERCOPY() becomes "
		     "KMEM_CACHE_SETUP_USERCOPY()\n");
	tu_release(&tu);
}

static void null_tests(void **state)
{
	struct translation_unit tu;
	int checked, in_exit, elsewhere, builtin;

	(void)state;
	mb_unit(&tu, NULL);
	module_functions(&tu);
	/* Module init creates it and checks it; exit tests it: converts. */
	checked = pointer(&tu, "checked_cachep", 10);
	use(&tu, checked, POINTER_ASSIGNED, "foo_init", NULL,
	    "kmem_cache_create_usercopy");
	use(&tu, checked, POINTER_TESTED, "foo_init", NULL, NULL);
	in_exit = pointer(&tu, "exit_cachep", 11);
	use(&tu, in_exit, POINTER_ASSIGNED, "foo_init", NULL,
	    "kmem_cache_create_usercopy");
	use(&tu, in_exit, POINTER_TESTED, "foo_exit", NULL, NULL);
	/* Tested where it may not exist yet: refused. */
	elsewhere = pointer(&tu, "lookup_cachep", 12);
	use(&tu, elsewhere, POINTER_ASSIGNED, "foo_init", NULL,
	    "kmem_cache_create_usercopy");
	use(&tu, elsewhere, POINTER_TESTED, "foo_lookup", NULL, NULL);
	/* Created by __init code that is not module init: exit's test is
	 * no longer known to follow a creation. */
	builtin = pointer(&tu, "early_cachep", 13);
	use(&tu, builtin, POINTER_ASSIGNED, "foo_early", ".init.text",
	    "kmem_cache_create_usercopy");
	use(&tu, builtin, POINTER_TESTED, "foo_exit", NULL, NULL);
	expect_table(&tu,
		     MB_FILE ":10: checked_cachep: converted: "
			     "kmem_cache_create_usercopy() becomes "
			     "kmem_cache_setup_usercopy()\n" MB_FILE
			     ":11: exit_cachep: converted: "
			     "kmem_cache_create_usercopy() becomes "
			     "kmem_cache_setup_usercopy()\n" MB_FILE
			     ":12: lookup_cachep: refused (null-tested): it is "
			     "tested for NULL in foo_lookup, where a static "
			     "instance would never be NULL\n" MB_FILE
			     ":13: early_cachep: refused (null-tested): it is "
			     "tested for NULL in foo_exit, where a static "
			     "instance would never be NULL\n");
	tu_release(&tu);
}

static void refusals_without_uses(void **state)
{
	struct translation_unit tu;
	struct cache_pointer initialized = {
		.name = "boot_cachep",
		.location = mb_at(10, 27),
		.defined = true,
		.has_initializer = true,
	};
	struct cache_pointer declared = {
		.name = "other_cachep",
		.location = mb_at(9, 27),
	};
	int index;

	(void)state;
	mb_unit(&tu, NULL);
	module_functions(&tu);
	index = tu_add_cache_pointer(&tu, &initialized);
	use(&tu, index, POINTER_ASSIGNED, "foo_init", NULL,
	    "kmem_cache_create_usercopy");
	/* Declared here, defined elsewhere: that file decides, not listed. */
	index = tu_add_cache_pointer(&tu, &declared);
	use(&tu, index, POINTER_PASSED, "foo_init", NULL, "kmem_cache_alloc");
	/* Written at file scope, in another variable's initializer. */
	index = pointer(&tu, "table_cachep", 8);
	use(&tu, index, POINTER_ADDRESS_TAKEN, NULL, NULL, NULL);
	expect_table(&tu,
		     MB_FILE ":8: table_cachep: refused (address-taken): its "
			     "address is taken in a file-scope "
			     "initializer\n" MB_FILE
			     ":10: boot_cachep: refused (initialized): it has "
			     "an initializer\n");
	tu_release(&tu);
}

static void unknown_creations(void **state)
{
	struct translation_unit tu;
	int wrapper, copied;

	(void)state;
	mb_unit(&tu, NULL);
	module_functions(&tu);
	/* A driver's own helper that creates the cache: not the API. */
	wrapper = pointer(&tu, "helper_cachep", 10);
	use(&tu, wrapper, POINTER_ASSIGNED, "foo_init", NULL, "foo_make_cache");
	/* An assignment of no call at all. */
	copied = pointer(&tu, "copy_cachep", 11);
	use(&tu, copied, POINTER_ASSIGNED, "foo_init", NULL, NULL);
	expect_table(&tu,
		     MB_FILE ":10: helper_cachep: refused (not-a-creation): "
			     "it is assigned something other than a creation "
			     "the series has a setup for, in foo_init\n" MB_FILE
			     ":11: copy_cachep: refused (not-a-creation): it "
			     "is assigned something other than a creation the "
			     "series has a setup for, in foo_init\n");
	tu_release(&tu);
}

/* A function of the unit for the init-only question. */
static int function(struct translation_unit *tu, const char *name,
		    const char *section, bool address_taken)
{
	struct convert_function description = {
		.name = name,
		.section = section,
		.address_taken = address_taken,
	};

	return tu_add_convert_function(tu, &description);
}

static void init_helpers(void **state)
{
	struct translation_unit tu;
	int init, outer, inner, table, deep, table_made;

	(void)state;
	mb_unit(&tu, NULL);
	module_functions(&tu);
	/* foo_init -> foo_setup -> foo_make: both helpers are init code. */
	init = function(&tu, "foo_init", NULL, false);
	outer = function(&tu, "foo_setup", NULL, false);
	inner = function(&tu, "foo_make", NULL, false);
	/* foo_ops holds foo_table_make's address: anything may call it. */
	table = function(&tu, "foo_table_make", NULL, true);
	tu_add_convert_callee(&tu, init, "foo_setup");
	tu_add_convert_callee(&tu, outer, "foo_make");
	tu_add_convert_callee(&tu, init, "foo_table_make");
	(void)inner;
	(void)table;
	deep = pointer(&tu, "deep_cachep", 10);
	use(&tu, deep, POINTER_ASSIGNED, "foo_make", NULL,
	    "kmem_cache_create_usercopy");
	table_made = pointer(&tu, "table_cachep", 11);
	use(&tu, table_made, POINTER_ASSIGNED, "foo_table_make", NULL,
	    "kmem_cache_create_usercopy");
	expect_table(&tu,
		     MB_FILE ":10: deep_cachep: converted: "
			     "kmem_cache_create_usercopy() becomes "
			     "kmem_cache_setup_usercopy()\n" MB_FILE
			     ":11: table_cachep: refused (outside-init): it is "
			     "created outside init, in foo_table_make\n");
	tu_release(&tu);
}

/*
 * --verify's verdict: a warning that names a converted instance takes its
 * conversion back, with the finding; a note, or a warning about another
 * cache, does not; a file that does not compile takes back all.
 */
static void verify_verdicts(void **state)
{
	const struct convert_verified converted[] = {
		{ "a_cachep", "a_cache" },
		{ "b_cachep", "b_cache" },
	};
	const char *findings =
		"foo.c:9:2: note: static cache 'a_cache' is set up here\n"
		"foo.c:12:7: warning: static cache 'b_cache' is not destroyed "
		"on every path out of module exit 'foo_exit' "
		"[kmem-module-leak]\n"
		"foo.c:14:3: warning: static cache 'a_cache_extra' is set up "
		"twice [kmem-resetup]\n";
	struct convert_withdrawal taken[2];

	(void)state;
	assert_int_equal(convert_verify(converted, 2, findings, NULL, NULL,
					false, taken),
			 1);
	assert_string_equal(taken[0].pointer, "b_cachep");
	assert_int_equal(taken[0].refusal, REFUSAL_VERIFY_FINDING);
	assert_string_equal(taken[0].detail,
			    "static cache 'b_cache' is not destroyed on every "
			    "path out of module exit 'foo_exit' "
			    "[kmem-module-leak]");
	assert_int_equal(
		convert_verify(converted, 2, "", NULL, NULL, false, taken), 0);
	assert_int_equal(convert_verify(converted, 2, "",
					"expected parameter declarator", NULL,
					false, taken),
			 2);
	assert_int_equal(taken[1].refusal, REFUSAL_VERIFY_BUILD);
	assert_string_equal(taken[1].detail, "expected parameter declarator");
	/* The notes name the macro the error came from: that one only. */
	assert_int_equal(convert_verify(converted, 2, "",
					"expected parameter declarator",
					"expanded from macro 'b_cachep'\n",
					false, taken),
			 1);
	assert_string_equal(taken[0].pointer, "b_cachep");
	assert_int_equal(convert_verify(converted, 2, "",
					"expected parameter declarator",
					"expanded from macro 'b_cachep_x'\n",
					false, taken),
			 2);
	/* The last round: what one finding takes back, the rest goes too. */
	assert_int_equal(
		convert_verify(converted, 2, findings, NULL, NULL, true, taken),
		2);
	assert_string_equal(taken[0].pointer, "b_cachep");
	assert_string_equal(taken[1].pointer, "a_cachep");
	assert_int_equal(taken[1].refusal, REFUSAL_VERIFY_FINDING);
	/* ... and a clean last round keeps everything. */
	assert_int_equal(
		convert_verify(converted, 2, "", NULL, NULL, true, taken), 0);
}

/*
 * The file with only the header's include added: when it does not
 * compile, nothing converts, and each refusal says the compiler's error.
 */
static void include_verdicts(void **state)
{
	const struct convert_verified converted[] = {
		{ "a_cachep", "a_cache" },
		{ "b_cachep", "b_cache" },
	};
	struct convert_withdrawal taken[2];

	(void)state;
	assert_int_equal(convert_include_verdict(converted, 2, NULL, taken), 0);
	assert_int_equal(convert_include_verdict(
				 converted, 2,
				 "'linux/slab-static.h' file not found", taken),
			 2);
	assert_string_equal(taken[0].pointer, "a_cachep");
	assert_string_equal(taken[1].pointer, "b_cachep");
	assert_int_equal(taken[1].refusal, REFUSAL_CANNOT_INCLUDE);
	assert_string_equal(taken[1].detail,
			    "'linux/slab-static.h' file not found");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(converts_each_form),
		cmocka_unit_test(null_tests),
		cmocka_unit_test(refusals_without_uses),
		cmocka_unit_test(unknown_creations),
		cmocka_unit_test(init_helpers),
		cmocka_unit_test(verify_verdicts),
		cmocka_unit_test(include_verdicts),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
