// SPDX-License-Identifier: GPL-2.0
/*
 * options_parse(): the one option parser every front-end shares, and what
 * each option does to an analysis.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "model_builder.h"

struct parse {
	struct slabcheck_options options;
	char error[128];
};

static int parse(struct parse *p, const char *key, const char *value)
{
	strcpy(p->error, "(untouched)");
	return options_parse(&p->options, key, value, p->error,
			     sizeof(p->error));
}

static void init(struct parse *p)
{
	options_init(&p->options);
}

/* A unit with a kmem-resetup and a kmem-storage finding. */
static void build_two_findings(struct translation_unit *tu)
{
	int foo = mb_instance(tu, "foo_cachep", 5, false);
	int f = mb_function(tu, "foo_init", 10, 1);

	tu->instances[foo].is_const = true;
	mb_setup(tu, f, 0, mb_whole(foo), mb_at(11, 2));
	mb_setup(tu, f, 0, mb_whole(foo), mb_at(12, 2));
	mb_return_void(tu, f, 0);
}

/* The default, path=short, prints the earlier setup as a note. */
#define RESETUP_LINE                                                          \
	MB_FILE ":12:2: %s: static cache 'foo_cachep' may already be set up " \
		"on this path [kmem-resetup]\n" MB_FILE                       \
		":11:2: note: 'foo_cachep' is set up here\n"
#define STORAGE_LINE                                             \
	MB_FILE ":5:33: %s: static cache 'foo_cachep' is const " \
		"[kmem-storage]\n"

static void defaults(void **state)
{
	struct parse p;

	(void)state;
	init(&p);
	assert_int_equal(p.options.disabled_rules, 0);
	assert_false(p.options.werror);
	assert_false(p.options.strict_size);
	assert_false(p.options.exempt_set);
	assert_int_equal(p.options.exempt_count, 1);
	assert_string_equal(p.options.exempt_paths[0], "mm/");
	mb_expect(*state, &p.options, "");
}

static void disable_one_rule(void **state)
{
	struct parse p;

	init(&p);
	build_two_findings(*state);
	mb_expect(*state, &p.options,
		  MB_FILE
		  ":5:33: warning: static cache 'foo_cachep' is const "
		  "[kmem-storage]\n" MB_FILE
		  ":12:2: warning: static cache 'foo_cachep' may "
		  "already be set up on this path [kmem-resetup]\n" MB_FILE
		  ":11:2: note: 'foo_cachep' is set up here\n");
	assert_int_equal(parse(&p, "disable", "kmem-resetup"), 0);
	assert_int_equal(p.options.disabled_rules,
			 1u << rule_find("kmem-resetup"));
	mb_expect(*state, &p.options,
		  MB_FILE ":5:33: warning: static cache 'foo_cachep' is const "
			  "[kmem-storage]\n");
}

static void disable_list_of_rules(void **state)
{
	struct parse p;

	init(&p);
	build_two_findings(*state);
	assert_int_equal(parse(&p, "disable", "kmem-storage,kmem-resetup"), 0);
	assert_int_equal(p.options.disabled_rules,
			 1u << rule_find("kmem-resetup") |
				 1u << rule_find("kmem-storage"));
	mb_expect(*state, &p.options, "");
}

static void disable_unknown_rule_is_an_error(void **state)
{
	struct parse p;

	(void)state;
	init(&p);
	assert_int_equal(parse(&p, "disable", "x"), -1);
	assert_string_equal(p.error, "unknown rule 'x'");
	assert_int_equal(parse(&p, "disable", "kmem-resetup,kmem-leak"), -1);
	assert_string_equal(p.error, "unknown rule 'kmem-leak'");
	assert_int_equal(parse(&p, "disable", NULL), -1);
	assert_string_equal(p.error, "option 'disable' needs a value");
}

static void werror_prints_errors(void **state)
{
	struct parse p;
	char expected[512];

	init(&p);
	build_two_findings(*state);
	assert_int_equal(parse(&p, "werror", NULL), 0);
	assert_true(p.options.werror);
	snprintf(expected, sizeof(expected), STORAGE_LINE RESETUP_LINE, "error",
		 "error");
	mb_expect(*state, &p.options, expected);
	assert_int_equal(parse(&p, "werror", "1"), -1);
	assert_string_equal(p.error, "option 'werror' takes no value");
}

static void strict_size_takes_no_value(void **state)
{
	struct parse p;

	(void)state;
	init(&p);
	assert_int_equal(parse(&p, "strict-size", NULL), 0);
	assert_true(p.options.strict_size);
	assert_int_equal(parse(&p, "strict-size", "yes"), -1);
	assert_string_equal(p.error, "option 'strict-size' takes no value");
}

/* The first exempt= replaces mm/, later ones add; empty items are skipped. */
static void exempt_replaces_then_appends(void **state)
{
	struct parse p;

	(void)state;
	init(&p);
	assert_int_equal(parse(&p, "exempt", "drivers/foo/,,fs/"), 0);
	assert_true(p.options.exempt_set);
	assert_int_equal(p.options.exempt_count, 2);
	assert_string_equal(p.options.exempt_paths[0], "drivers/foo/");
	assert_string_equal(p.options.exempt_paths[1], "fs/");
	assert_int_equal(parse(&p, "exempt", "mm/"), 0);
	assert_int_equal(p.options.exempt_count, 3);
	assert_string_equal(p.options.exempt_paths[2], "mm/");
	assert_int_equal(parse(&p, "exempt", ""), -1);
	assert_string_equal(p.error, "option 'exempt' needs a value");
}

static void too_many_exempt_paths(void **state)
{
	struct parse p;
	char list[4 * (MAX_EXEMPT_PATHS + 1)] = "";

	(void)state;
	init(&p);
	for (int i = 0; i <= MAX_EXEMPT_PATHS; i++)
		strcat(list, i ? ",a/" : "a/");
	assert_int_equal(parse(&p, "exempt", list), -1);
	assert_string_equal(p.error, "too many exempt paths");
}

static void path_takes_short_full_or_none(void **state)
{
	struct parse p;
	char expected[512];

	init(&p);
	assert_int_equal(p.options.path, PATH_SHORT);
	assert_int_equal(parse(&p, "path", "full"), 0);
	assert_int_equal(p.options.path, PATH_FULL);
	assert_int_equal(parse(&p, "path", "none"), 0);
	assert_int_equal(p.options.path, PATH_NONE);
	build_two_findings(*state);
	snprintf(expected, sizeof(expected),
		 STORAGE_LINE MB_FILE
		 ":12:2: %s: static cache 'foo_cachep' may already be set up "
		 "on this path [kmem-resetup]\n",
		 "warning", "warning");
	mb_expect(*state, &p.options, expected);
	assert_int_equal(parse(&p, "path", "long"), -1);
	assert_string_equal(p.error, "option 'path' takes short, full or "
				     "none, not 'long'");
	assert_int_equal(parse(&p, "path", NULL), -1);
}

static void unknown_option_is_an_error(void **state)
{
	struct parse p;

	(void)state;
	init(&p);
	assert_int_equal(parse(&p, "strict_size", NULL), -1);
	assert_string_equal(p.error, "unknown option 'strict_size'");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		MB_TEST(defaults),
		MB_TEST(disable_one_rule),
		MB_TEST(disable_list_of_rules),
		MB_TEST(disable_unknown_rule_is_an_error),
		MB_TEST(werror_prints_errors),
		MB_TEST(strict_size_takes_no_value),
		MB_TEST(exempt_replaces_then_appends),
		MB_TEST(too_many_exempt_paths),
		MB_TEST(path_takes_short_full_or_none),
		MB_TEST(unknown_option_is_an_error),
	};

	return cmocka_run_group_tests_name("options", tests, NULL, NULL);
}
