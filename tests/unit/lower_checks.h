/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the lowering's tests share: a unit's objects and described
 * functions built by hand, instructions as a front-end writes them, and
 * the events the lowering made of them.
 */
#ifndef SLABCHECK_LOWER_CHECKS_H
#define SLABCHECK_LOWER_CHECKS_H

#include <stddef.h>

#include "model.h"

#define FILE_NAME "drivers/foo/foo.c"

struct source_location at(unsigned int line);

int object(struct translation_unit *tu, const char *name, const char *tag);

/* A described function of 'blocks' blocks, wanted by the core. */
struct function_model *function(struct translation_unit *tu, const char *name,
				size_t blocks);

struct model_instruction *call(struct translation_unit *tu,
			       struct function_model *fn, int block,
			       const char *name, int result, size_t count,
			       const struct operand *arguments);

struct model_instruction *binary(struct translation_unit *tu,
				 struct function_model *fn, int block,
				 enum binary_operator op, struct operand left,
				 struct operand right, int result);

/* Block 0 branches on 'condition' to block 1 (non-zero) or 2 (zero). */
void branch(struct translation_unit *tu, struct function_model *fn,
	    struct operand condition);

void lower_and_verify(struct translation_unit *tu);

const struct event *event_at(const struct function_model *fn, int block,
			     size_t index);

const struct event *only_event(const struct function_model *fn, int block,
			       enum event_kind kind);

int setup_unit(void **state);

int release_unit(void **state);

#endif /* SLABCHECK_LOWER_CHECKS_H */
