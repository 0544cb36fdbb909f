/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Pointers with external linkage (`struct kmem_cache *files_cachep;` in
 * kernel/fork.c, `extern` in <linux/fdtable.h>), decided over all the
 * units of a run.  One file cannot tell whether a global can become a
 * static instance: every file that names it must only pass its value on,
 * and see it through the one header whose extern becomes the instance's
 * (with the macro of the old name, so that the users stay as they are).
 * So each unit says what it sees of each global (a fact), the run merges
 * the facts with the list of files in the tree that name it (a file the
 * run did not read may do anything with it), and the unit that defines it
 * is converted again with the run's verdict.
 */
#ifndef SLABCHECK_GLOBALS_H
#define SLABCHECK_GLOBALS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "candidates.h"
#include "model.h"
#include "patch.h"

#define GLOBAL_PATH_SIZE 1024
/* How many names an instance may take (convert_instance_candidates()). */
#define INSTANCE_CANDIDATES 3

/* What one unit says of one global it defines or names. */
struct global_fact {
	char name[128];
	bool defines;
	/*
	 * The unit that defines it: its decision as if no other file named
	 * it (paths and the patch's shape included).  A unit that only names
	 * it: whether each use only passes its value on.
	 */
	enum conversion_refusal refusal;
	/* The refusal as the table says it, with the unit's name. */
	char reason[256];
	/* Absolute paths: the unit's main file; the header's declaration. */
	char unit[GLOBAL_PATH_SIZE];
	char header[GLOBAL_PATH_SIZE];
	unsigned int header_line;
	unsigned int header_declarations;
	bool declared_in_unit;
	/* Bit i: the unit already uses the instance's name candidate i. */
	unsigned int taken_names;
};

/* The run's decision on one global. */
struct global_verdict {
	char name[128];
	enum conversion_refusal refusal;
	char detail[256];
	char instance[128]; /* accepted: the instance's name */
};

/* The names an instance of 'name' may take, in order; "" when one does
 * not apply (convert_choose_instance() takes the first free one). */
void convert_instance_candidates(const char *name,
				 char candidates[INSTANCE_CANDIDATES][128]);

/*
 * The unit's facts: one per global it defines (from its decided, patched
 * 'conversions') or names.  'directory' makes relative paths absolute.
 * Returns how many it wrote to '*facts' (the caller frees it).
 */
size_t convert_global_facts(const struct translation_unit *tu,
			    const struct conversion *conversions, size_t count,
			    const struct convert_source *source,
			    const char *directory, struct global_fact **facts);

/* A fact as one line of text (no newline inside), and back. */
void convert_global_fact_write(const struct global_fact *fact, FILE *stream);
bool convert_global_fact_read(const char *line, struct global_fact *fact);
/* Whether a line of a unit's output is a fact. */
bool convert_is_global_fact(const char *line);

/* Whether the text has 'name' as a word of its own, anywhere. */
bool convert_text_names(const char *text, size_t length, const char *name);

/*
 * Whether every place a file's text names 'name' (comments and literals
 * left out) is the cache argument of an allocation, a free or another use
 * of the slab API (`kmem_cache_alloc(files_cachep, GFP_KERNEL)`): what a
 * file the run did not compile (a sample, another architecture's code)
 * may do with a global and still build and behave the same once the
 * global's old name is the macro of the instance.
 */
bool convert_text_only_passes(const char *text, size_t length,
			      const char *name);

/* The mark of a named file whose text only passes the global on. */
#define GLOBAL_ONLY_PASSED "only-passed"

/*
 * The run's verdicts, one per global some unit defines: converted when
 * the defining unit converts it, every other unit only passes its value,
 * each sees it declared once in the same header, every file that names it
 * ('named', 'named_count' of "NAME\tABSOLUTE-PATH", with "\tonly-passed"
 * after when convert_text_only_passes() says so of its text) was read by
 * the run or only passes it, and an instance name is free in all of them.
 * Returns how many it wrote to '*verdicts' (the caller frees it).
 */
size_t convert_globals_decide(const struct global_fact *facts, size_t count,
			      const char *const *named, size_t named_count,
			      struct global_verdict **verdicts);

/*
 * A unit converted again with the run's verdicts: each global it defines
 * takes the verdict's instance name, or is refused with its reason.  A
 * global with no verdict stays refused (external).
 */
void convert_apply_global_verdicts(struct conversion *conversions, size_t count,
				   const struct global_verdict *verdicts,
				   size_t verdict_count);

#endif
