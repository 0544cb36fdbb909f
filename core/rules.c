// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <string.h>

#include "analysis.h"
#include "paths.h"

/* The one table of rules.  Ids are part of our interface: never rename. */
static const struct rule {
	const char *id;
	void (*check)(struct analysis *analysis);
} rules[] = {
	{ "kmem-resetup", check_resetup },
	{ "kmem-module-leak", check_module_leak },
	{ "kmem-internal-flag", check_internal_flag },
	{ "kmem-size-mismatch", check_size_mismatch },
	{ "kmem-storage", check_storage },
};

#define RULE_COUNT ((int)(sizeof(rules) / sizeof(rules[0])))

int rule_count(void)
{
	return RULE_COUNT;
}

const char *rule_id(int index)
{
	return index >= 0 && index < RULE_COUNT ? rules[index].id : NULL;
}

int rule_find(const char *id)
{
	for (int i = 0; i < RULE_COUNT; i++)
		if (!strcmp(rules[i].id, id))
			return i;
	return -1;
}

void slabcheck_analyze(const struct translation_unit *tu,
		       const struct slabcheck_options *options,
		       struct report *report)
{
	struct analysis analysis = {
		.tu = tu,
		.options = options,
		.report = report,
	};

	arena_init(&analysis.arena);
	for (int i = 0; i < RULE_COUNT; i++) {
		if (options->disabled_rules & (1u << i))
			continue;
		analysis.rule = rules[i].id;
		rules[i].check(&analysis);
	}
	arena_release(&analysis.arena);
}

void slabcheck_run(struct translation_unit *tu,
		   const struct slabcheck_options *options,
		   struct report *report, FILE *stream)
{
	model_lower(tu);
	(void)stream;
	slabcheck_analyze(tu, options, report);
}

const char *instance_ref_name(struct analysis *analysis,
			      const struct cache_ref *ref)
{
	const struct cache_instance *instance;
	char buffer[256];

	if (ref->kind != CACHE_REF_INSTANCE)
		return "?";
	instance = &analysis->tu->instances[ref->index];
	if (ref->element < 0)
		return instance->name;
	snprintf(buffer, sizeof(buffer), "%s[%ld]", instance->name,
		 ref->element);
	return arena_strdup(&analysis->arena, buffer);
}
