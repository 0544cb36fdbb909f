/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the slabcheck command says about itself (tools/help.c): the help of
 * each subcommand, which is also the source of the slabcheck(1) man page,
 * the version, and the rules.
 */
#ifndef SLABCHECK_TOOLS_HELP_H
#define SLABCHECK_TOOLS_HELP_H

#include <stdbool.h>
#include <stdio.h>

enum subcommand {
	SUBCOMMAND_FILES,
	SUBCOMMAND_KBUILD,
	SUBCOMMAND_LINK,
	SUBCOMMAND_CONVERT,
};

void print_help(enum subcommand subcommand, FILE *stream);
/* A wrong command line: the message, a hint, and exit status 2. */
void usage_error(enum subcommand subcommand, const char *message,
		 const char *argument) __attribute__((noreturn));
void print_version(FILE *stream);
/* --list-rules: one line per rule. */
void list_rules(FILE *stream);
/*
 * --explain RULE: the rule's section of docs/rules.md, rendered as text
 * with its links leading to the installed docs; on a terminal (stdout)
 * with attributes and through the pager.  0, or -1: no such rule.
 */
int explain_rule(const char *id, FILE *stream);
/* The rule's section of docs/rules.md, in Markdown; NULL: no such rule. */
const char *rule_help(const char *id);

/*
 * --version, --list-rules, --explain[=]RULE, in every subcommand: answered
 * at once, and the program exits.  False when argv[*i] is none of them.
 */
bool information_option(int argc, char **argv, int *i);

/* Each rule's section of docs/rules.md, generated (rule_texts.cmake). */
struct rule_text {
	const char *id;
	const char *text;
};
extern const struct rule_text rule_texts[];

#endif
