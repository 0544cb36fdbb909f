// SPDX-License-Identifier: GPL-2.0
/* What the lowering's tests share: see lower_checks.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "lower_checks.h"

struct source_location at(unsigned int line)
{
	return (struct source_location){ FILE_NAME, line, 2 };
}

int object(struct translation_unit *tu, const char *name, const char *tag)
{
	struct object description = {
		.name = name,
		.type_tag = tag,
		.location = at(1),
	};

	return tu_add_object(tu, &description);
}

/* A described function of 'blocks' blocks, wanted by the core. */
struct function_model *function(struct translation_unit *tu, const char *name,
				size_t blocks)
{
	int index = tu_add_function(tu, name, at(1));
	struct function_model *fn = &tu->functions[index];

	function_set_blocks(tu, fn, blocks);
	fn->described = true;
	fn->wanted = true;
	return fn;
}

struct model_instruction *call(struct translation_unit *tu,
			       struct function_model *fn, int block,
			       const char *name, int result, size_t count,
			       const struct operand *arguments)
{
	struct model_instruction *instruction =
		block_add_instruction(tu, &fn->blocks[block], INSN_CALL);

	instruction->location = at(10 + (unsigned int)block);
	instruction->call.name = name;
	instruction->result = result;
	instruction->call.argument_count = count;
	instruction->call.arguments = tu_operands(tu, count);
	memcpy(instruction->call.arguments, arguments,
	       count * sizeof(*arguments));
	return instruction;
}

struct model_instruction *binary(struct translation_unit *tu,
				 struct function_model *fn, int block,
				 enum binary_operator op, struct operand left,
				 struct operand right, int result)
{
	struct model_instruction *instruction =
		block_add_instruction(tu, &fn->blocks[block], INSN_BINARY);

	instruction->binary.op = op;
	instruction->binary.left = left;
	instruction->binary.right = right;
	instruction->result = result;
	return instruction;
}

/* Block 0 branches on 'condition' to block 1 (non-zero) or 2 (zero). */
void branch(struct translation_unit *tu, struct function_model *fn,
	    struct operand condition)
{
	fn->blocks[0].exit = EXIT_BRANCH;
	fn->blocks[0].condition = condition;
	block_add_edge(tu, fn, 0, 1);
	block_add_edge(tu, fn, 0, 2);
	fn->blocks[1].exit = EXIT_NONE;
	fn->blocks[2].exit = EXIT_NONE;
}

void lower_and_verify(struct translation_unit *tu)
{
	char error[256];

	model_lower(tu);
	if (!model_verify(tu, error, sizeof(error)))
		fail_msg("%s", error);
}

const struct event *event_at(const struct function_model *fn, int block,
			     size_t index)
{
	assert_true(index < fn->blocks[block].event_count);
	return &fn->blocks[block].events[index];
}

const struct event *only_event(const struct function_model *fn, int block,
			       enum event_kind kind)
{
	const struct event *found = NULL;

	for (size_t i = 0; i < fn->blocks[block].event_count; i++)
		if (fn->blocks[block].events[i].kind == kind) {
			assert_null(found);
			found = &fn->blocks[block].events[i];
		}
	assert_non_null(found);
	return found;
}

int setup_unit(void **state)
{
	struct translation_unit *tu = test_malloc(sizeof(*tu));

	tu_init(tu, FILE_NAME);
	*state = tu;
	return 0;
}

int release_unit(void **state)
{
	tu_release(*state);
	test_free(*state);
	return 0;
}
