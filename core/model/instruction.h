/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The instructions of the model's first layer: what a front-end describes
 * in a body, before the core turns it into events (core/lowering/lower.c).  The
 * rest of the model, and the rules front-ends follow for locations, are in
 * core/model/model.h.
 */
#ifndef SLABCHECK_INSTRUCTION_H
#define SLABCHECK_INSTRUCTION_H

#include <stdbool.h>
#include <stddef.h>

#include "source_location.h"

/*
 * What a front-end describes: the instructions of a block, before the core
 * turns them into events (core/lowering/lower.c).  Front-ends never decide what
 * an instruction means: a call is a name and its arguments, whichever API
 * function that name is.  Every value the code reads is an operand of some
 * instruction, a phi's input, a branch's condition or a returned value:
 * what no other instruction names (a store to memory, an asm, a switch, an
 * operator the model has no name for) is read by an INSN_USE.
 */
enum operand_kind {
	OPERAND_UNKNOWN,	/* something the front-end does not describe */
	OPERAND_VALUE,		/* an SSA value of the function */
	OPERAND_CONSTANT,	/* an integer constant; NULL is 0 */
	OPERAND_ADDRESS,	/* &object, or &object[element] */
	OPERAND_STRING,		/* a string literal */
	OPERAND_FUNCTION,	/* the address of a function, by name */
	OPERAND_MEMBER_ADDRESS, /* &value->member: 'value' is the struct's
				 * address, 'name' the member's type tag */
	/*
	 * A value read from a variable with static storage (or a member or
	 * element of one) that the model does not follow: 'name' is the
	 * variable.  Other functions (module init, for module exit) may have
	 * written it, so a branch on it may be decided by what happened
	 * before the walk (core/engine/module_state.c).  'value' is the
	 * value that picks the element read, `done[i]` of an array with
	 * static storage, or -1: any other access.
	 */
	OPERAND_MEMORY,
};

struct operand {
	enum operand_kind kind;
	int value;	    /* OPERAND_VALUE; OPERAND_MEMORY: see there */
	long long constant; /* OPERAND_CONSTANT */
	int object;	    /* OPERAND_ADDRESS: index in tu->objects */
	long element;	    /* OPERAND_ADDRESS: ELEMENT_* or an index */
	const char *name;   /* OPERAND_FUNCTION, OPERAND_MEMORY */
	/*
	 * A pointer to a complete struct or union, as the source types it:
	 * "struct foo" and its size; NULL and 0 otherwise.
	 */
	const char *pointee;
	unsigned long pointee_size;
};

enum instruction_kind {
	INSN_CALL,	  /* result = callee(arguments...) */
	INSN_ASSIGN,	  /* result = source (a copy or a conversion) */
	INSN_BINARY,	  /* result = left OP right */
	INSN_FIELD_WRITE, /* object.field = source */
	INSN_OBJECT_COPY, /* an object of a followed type copied by value */
	INSN_DEFINE,	  /* result = something not described */
	INSN_LOAD,	  /* result = object[index].field */
	INSN_USE,	  /* reads its operands, in a way not described */
	INSN_STORE,	  /* writes the variable with static storage 'store' */
};

enum binary_operator {
	BINARY_EQ,
	BINARY_NE,
	BINARY_LT,
	BINARY_LE,
	BINARY_GT,
	BINARY_GE,
	BINARY_ADD,
	BINARY_SUB,
	BINARY_BIT_OR,
	BINARY_BIT_AND,
	BINARY_OTHER,
};

struct model_instruction {
	enum instruction_kind kind;
	struct source_location location;
	int result; /* the value defined, or -1 */
	/*
	 * The macros whose expansion wrote this instruction, innermost first:
	 * the core, not the front-end, knows which of them belong to the API.
	 */
	const char **macros;
	size_t macro_count;
	/*
	 * An INSN_ASSIGN from OPERAND_MEMORY, or an INSN_STORE, that is a
	 * volatile access (READ_ONCE(), atomic_read(), a volatile variable):
	 * the core decides what that means (core/lowering/lower.c).
	 */
	bool volatile_access;
	/*
	 * INSN_STORE: the value written, when the front-end says (the Clang
	 * front-ends do; unknown otherwise).  Read only by `slabcheck
	 * convert`'s question (core/lowering/lower_what_if.c), so it is no
	 * operand: it counts as no read of the value for the rules.
	 */
	struct operand stored_value;

	union {
		struct {
			const char *name;      /* NULL: through a pointer */
			struct operand target; /* the pointer called */
			struct operand *arguments;
			size_t argument_count;
			/* What the result is used as: "struct foo", size. */
			const char *result_pointee;
			unsigned long result_pointee_size;
		} call;
		struct operand source; /* INSN_ASSIGN */
		struct {
			enum binary_operator op;
			bool is_unsigned;
			struct operand left, right;
		} binary;
		struct {
			/* The object written: an address, or a pointer value.
			 */
			struct operand object;
			const char *type_tag; /* its struct's tag */
			const char *field;
			struct operand source;
		} field_write;
		struct {
			const char *type_tag;
			const char *source_name;
		} object_copy;
		/*
		 * INSN_LOAD: a load out of storage the front-end names, of
		 * a value the model follows: an element, a member, or a
		 * member of an element.
		 */
		struct {
			/* The address: OPERAND_ADDRESS, or a value that
			 * holds one. */
			struct operand object;
			bool indexed;
			struct operand index; /* indexed: the element */
			const char *field;    /* the member, or NULL */
		} load;
		struct {
			struct operand *operands;
			size_t operand_count;
		} use; /* INSN_USE */
		/*
		 * INSN_STORE: the variable with static storage written (any
		 * member or element of it); the value written, when the
		 * model follows it, is read by an INSN_USE.
		 */
		const char *store;
	};
};

/* Calls 'visit' on every operand the instruction reads. */
void instruction_visit_operands(struct model_instruction *instruction,
				void (*visit)(struct operand *operand,
					      void *data),
				void *data);

#endif
