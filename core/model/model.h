/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The core's model of one translation unit, in two layers.
 *
 * What a front-end describes (the contract every front-end meets): storage
 * (objects), the types, enumerators, macros and aliases the core asks about,
 * each function's direct callees, and, for the bodies the core then wants
 * (model_select()), a control-flow graph of blocks holding instructions:
 * calls by name with their operands, copies, arithmetic and comparisons,
 * writes of struct fields, copies of followed structs, loads of function
 * pointers out of tables; phis merge values;
 * a block ends in a jump, a branch on a value, or a return.  Values are SSA
 * values the front-end numbers; front-ends without SSA build them with
 * core/lowering/ssa_builder.h.  A front-end never decides what a call means.
 *
 * What the rules see: model_lower() (core/lowering/lower.c) applies the API
 * table and adds events (setup, destroy, alloc, ...) and tests (IS_ERR, == 0,
 * < constant, ...) to the same blocks.  Hand-built models in unit tests
 * fill this layer directly.
 *
 * Locations.  Every front-end places what it describes the same way, so
 * that findings land on the same line and column whatever the compiler:
 *   - a call: the first character of the called function's name; when the
 *     call comes from a macro, the name of the outermost macro as written
 *     in the source (so `if (!KMEM_CACHE_SETUP(...))` points at
 *     KMEM_CACHE_SETUP); a call written inside another call's arguments
 *     may take the enclosing call's location; a call through a table of
 *     functions: the start of the called expression (the table's name);
 *   - a declaration (objects, functions): the declared identifier; for a
 *     variable declared again after its definition (EXPORT_SYMBOL()'s
 *     extern), the definition's;
 *   - a copy of a struct by assignment: the '=';
 *   - a field written in an initializer, or by assignment: the value
 *     written; when the front-end has no location for the value, the '='
 *     or the designator;
 *   - a return: the returned value (or the 'return' when there is none);
 *     a phi's incoming location: the returned value that reaches it;
 *   - a type (struct kmem_cache): the tag in its definition.
 * Columns count from 1, a tab as one column, as GCC and Clang print them.
 */
#ifndef SLABCHECK_MODEL_H
#define SLABCHECK_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "arena.h"
#include "cache_pointer.h"
#include "instruction.h"
#include "source_location.h"

/* A variable of type struct kmem_cache_opaque (or an array of them). */
struct cache_instance {
	const char *name;
	struct source_location location;
	bool automatic; /* a local without static storage duration */
	bool is_const;
	bool is_extern; /* declared here, defined elsewhere */
	bool is_array;
	const char *section; /* NULL when the default one */
	bool external;	     /* has external linkage: other files can name it */
	/*
	 * Not an instance: a pointer to a dynamic cache that `slabcheck
	 * convert` asks about, followed as if it were one (its creation a
	 * setup, its loads the instance): core/lowering/lower_what_if.c.
	 */
	bool what_if;
};

/* A setup argument, when it is a constant. */
struct known_number {
	bool known;
	long long value;
};

/* What a setup is asked to build, as far as constants tell. */
struct setup_parameters {
	bool name_is_null;
	struct known_number size;
	struct known_number align;
	struct known_number useroffset;
	struct known_number usersize;
	struct known_number freeptr_offset;
	struct known_number use_freeptr_offset;
};

/* How an event names the cache it works on. */
enum cache_ref_kind {
	CACHE_REF_NONE,	     /* no cache the model can follow */
	CACHE_REF_INSTANCE,  /* a cache_instance of the unit */
	CACHE_REF_PARAMETER, /* the function's parameter number 'index' */
};

#define ELEMENT_WHOLE (-1L)   /* not an array element */
#define ELEMENT_UNKNOWN (-2L) /* an element whose index is not a constant */

struct cache_ref {
	enum cache_ref_kind kind;
	int index;
	long element;
};

enum value_kind {
	VALUE_UNKNOWN,
	VALUE_CONSTANT,
	VALUE_ID, /* a value the front-end numbered */
};

struct value {
	enum value_kind kind;
	long constant;
	int id;
};

/* What an event does with values (core/model/event_list.h). */
enum event_values {
	EVENT_VALUE_NONE,
	EVENT_VALUE_DEFINES,  /* defines its result, ignored by the model */
	EVENT_VALUE_COMPUTES, /* its result comes from 'source' */
};

/* Which members of struct event an event carries (event_list.h). */
enum event_members {
	EVENT_MEMBERS_NONE,
	EVENT_MEMBERS_CACHE,   /* cache, size, flags, type_name, parameters */
	EVENT_MEMBERS_CALL,    /* function, arguments, table, indirect */
	EVENT_MEMBERS_FIELD,   /* field, from_api_macro */
	EVENT_MEMBERS_STORAGE, /* storage_name, storage_is_opaque, _is_cache */
	EVENT_MEMBERS_SOURCE,  /* source, addend, or_zero */
};

enum event_kind {
#define EVENT(kind, name, values, members) EVENT_##kind,
#include "event_list.h"
	EVENT_KIND_COUNT
};

struct event;

/*
 * A call through a table of the unit's functions whose element is not a
 * constant (core/lowering/lower_table.c): the walk calls the element a path's
 * index picks, as if the call named it.
 */
struct table_call {
	const char *table; /* the object's name */
	int index;	   /* the value that picks the element */
	size_t count;
	long *elements;	     /* the elements that hold a function */
	struct event *calls; /* per element: the call, made direct */
};

/*
 * One thing a path does, as the core understands it.  A tagged union: 'kind'
 * says which of the anonymous members is meaningful; 'location', 'callee'
 * and 'result' are shared.
 */
struct event {
	enum event_kind kind;
	struct source_location location;
	/* The function called, as the API table or the unit names it. */
	const char *callee;
	/* The value the event defines, when the model follows it. */
	struct value result;

	union {
		/* SETUP, CREATE, DESTROY, ALLOC, FREE, USE */
		struct {
			struct cache_ref cache;
			bool result_is_pointer;
			/* SETUP, CREATE: flags the call passes, when known. */
			bool flags_known;
			unsigned long long flags;
			/* SETUP: object size; ALLOC/FREE: size of the pointee.
			 */
			unsigned long size;
			/* ALLOC/FREE: the pointee type as written ("struct
			 * foo"). */
			const char *type_name;
			/* SETUP: its other arguments; NULL when none known. */
			const struct setup_parameters *parameters;
			/* SETUP: its result is a value nothing reads. */
			bool result_unread;
			/*
			 * SETUP: its pointer result is only tested with
			 * IS_ERR() or PTR_ERR_OR_ZERO(), which the NULL of
			 * a failed setup passes.
			 */
			bool result_error_pointer_only;
		};
		/* CALL: which function, and what each argument refers to. */
		struct {
			/* Through a table of the unit's functions, or NULL. */
			const struct table_call *table;
			int function;
			struct cache_ref *arguments;
			size_t argument_count;
			/* Through a pointer: it may reach any function. */
			bool indirect;
			/*
			 * The callee cannot name the unit's (or, linked, the
			 * module's) instances, only touch those it is passed:
			 * a function of the unit that calls nothing outside
			 * it, or in a linked module one that no unit defines.
			 */
			bool reaches_only_arguments;
		};
		/* ARGS_FIELD: the field; whether an API macro wrote it. */
		struct {
			const char *field;
			bool from_api_macro;
		};
		/* CACHE_CAST, COPY: the storage and what it is. */
		struct {
			const char *storage_name;
			bool storage_is_opaque;
			bool storage_is_cache; /* a real struct kmem_cache */
		};
		/* VALUE_COPY, VALUE_ADD, VALUE_ERRNO */
		struct {
			struct value source;
			long long addend;
			bool or_zero;
		};
	};
};

/*
 * Whether an instruction of the block from 'first' on reads the value:
 * front-ends ask it of the instructions they described for one statement,
 * to read the rest of its values with an INSN_USE.
 */
struct block;
bool block_reads_value(struct block *block, size_t first, int value);

/* A function whose address an object's initializer holds. */
struct function_entry {
	long element;	   /* the array element, or ELEMENT_WHOLE */
	const char *field; /* the struct member, or NULL */
	const char *function;
};

/* A function left out of a unit's facts, and what it calls out of it. */
struct calls_out {
	const char *function;
	const char **names;
	size_t count;
};

/* Storage the front-end names in operands, or that has a followed type. */
struct object {
	const char *name;     /* "<literal>" for a compound literal */
	const char *type_tag; /* tag of its (element) struct type, or NULL */
	struct source_location location;
	bool automatic; /* no static storage duration */
	bool is_const;
	bool is_volatile;
	bool is_extern; /* declared here, defined elsewhere */
	bool is_array;
	const char *section; /* NULL when the default one */
	bool external;	     /* has external linkage: other files can name it */
	/* Set by the core: the instance this object is, or -1. */
	int instance;
	/*
	 * Described for objects a load reads a function pointer from: the
	 * functions its initializer holds, and whether the unit stores into
	 * it or takes its address, in its code or in another object's
	 * initializer.  Whether the initializer is all it ever holds is the
	 * core's to decide (object_never_written()).
	 */
	struct function_entry *function_entries;
	size_t function_entry_count;
	bool written_in_unit;
};

/*
 * Whether an object holds its initializer and nothing else: it is const
 * (and not volatile), or it has static storage that no other file can
 * name, is not volatile, and the unit never writes it nor takes its
 * address.
 */
bool object_never_written(const struct object *object);

/* How a block ends. */
enum block_exit {
	EXIT_JUMP,   /* to every successor, no condition */
	EXIT_BRANCH, /* front-end: successor 0 when 'condition' is
		      * non-zero, 1 when it is zero; the core turns it
		      * into EXIT_TEST or EXIT_JUMP */
	EXIT_TEST,   /* successor 0 when the test holds, 1 when it does not */
	EXIT_RETURN,
	EXIT_NONE, /* noreturn call, unreachable */
};

#define EXIT_KIND_COUNT (EXIT_NONE + 1)

/* TEST_IN_SET's elements are bits of a long long, the sign bit left out. */
#define TEST_SET_LIMIT 63

enum value_test {
	TEST_ZERO,	    /* value == 0 (or NULL) */
	TEST_ERROR,	    /* IS_ERR(value) */
	TEST_ERROR_OR_NULL, /* IS_ERR_OR_NULL(value) */
	TEST_NEGATIVE,	    /* value < 0 */
	TEST_EQUAL,	    /* value == test_constant */
	TEST_LESS,    /* value < test_constant (unsigned: test_unsigned) */
	TEST_IN_SET,  /* value is below TEST_SET_LIMIT and bit 'value' of
		       * test_constant is set: the elements of a table
		       * that hold a function, when they are not the
		       * first M */
	TEST_UNKNOWN, /* a condition the model cannot follow: both ways */
	TEST_KIND_COUNT
};

struct phi {
	int result;
	size_t incoming_count;	/* the predecessors when it was added */
	struct value *incoming; /* one per predecessor */
	struct source_location *incoming_location;
};

struct block {
	/* Described by the front-end; empty in hand-built models. */
	struct model_instruction *instructions;
	size_t instruction_count;
	struct operand condition; /* EXIT_BRANCH */

	/* What the core's rules see: derived from the instructions. */
	struct event *events;
	size_t event_count;
	struct phi *phis;
	size_t phi_count;
	int *predecessors;
	size_t predecessor_count;
	int *successors;
	size_t successor_count;

	enum block_exit exit;
	/* EXIT_TEST */
	enum value_test test;
	int tested_value;
	long long test_constant;
	bool test_unsigned;
	/*
	 * The condition depends on a value read from memory (OPERAND_MEMORY):
	 * a flag module init set, a module parameter.  The walk cannot tell
	 * which way such a branch goes for a given history.
	 */
	bool tests_memory;
	/*
	 * tests_memory on one element of an array, picked by the value
	 * 'element_value' (`if (!done[i]) continue;` in a loop over a table
	 * of init steps): each element is a flag of its own.
	 */
	bool tests_element;
	int element_value;
	/* EXIT_RETURN */
	struct value return_value;
	struct source_location return_location;
};

struct function_model {
	const char *name;
	struct source_location location;
	int parameter_count;
	int value_count;      /* ids run from 0 to value_count - 1 */
	struct block *blocks; /* block 0 is the entry */
	size_t block_count;
	bool returns_value;

	/*
	 * Described before bodies are: the names it calls directly or
	 * through a table of functions it loads the pointer from, and
	 * whether it mentions a followed type (model_type_followed()).  The
	 * core decides from these which bodies it wants (model_select()).
	 */
	const char **callees;
	size_t callee_count;
	/*
	 * The tables it calls through: model_select() adds the functions
	 * each one's initializer holds in the field loaded to the callees.
	 */
	struct table_reference *table_references;
	size_t table_reference_count;
	bool mentions_followed;
	bool wanted;
	bool reached; /* model_select(): reachable from module init/exit */
	/* model_select(): calls, itself or below, a function of no unit. */
	bool leaves_unit;
	/* The value of each parameter at entry, or -1 (parameter_count). */
	int *parameter_values;
	bool described; /* has instructions the core must lower */
	bool lowered;
	bool external; /* has external linkage: other files can call it */
	/* The link step: the main file of the unit it comes from. */
	const char *unit_file;
};

struct translation_unit {
	struct arena arena;
	const char *main_file;
	bool is_module; /* built with -DMODULE */

	/* Storage the front-end described; instances are among them. */
	struct object *objects;
	size_t object_count;
	size_t object_capacity;

	struct cache_instance *instances;
	size_t instance_count;
	size_t instance_capacity;

	struct function_model *functions;
	size_t function_count;
	size_t function_capacity;

	/* File-scope initializers: instructions with no function. */
	struct block file_scope;

	/* "alias" -> "target" pairs (module_init() and friends). */
	const char **alias_names;
	const char **alias_targets;
	size_t alias_count;

	/* Functions named by module_init()/module_exit(); -1 when none. */
	int module_init;
	int module_exit;

	/* Layout of the two structs when complete in this unit. */
	bool kmem_cache_complete;
	unsigned long kmem_cache_size, kmem_cache_align;
	struct source_location kmem_cache_location;
	bool opaque_complete;
	unsigned long opaque_size, opaque_align;

	/* Bit number of SLAB_PREALLOCATED in this unit; -1 when unknown. */
	int preallocated_bit;
	/* Bit number of SLAB_PANIC in this unit; -1 when unknown. */
	int panic_bit;
	/* Bit number of SLAB_TYPESAFE_BY_RCU in this unit; -1 when unknown. */
	int typesafe_by_rcu_bit;
	/*
	 * The configuration's page shift and forced MAX_PAGE_ORDER (api.h),
	 * from the unit's macros; -1 when the unit does not show them.
	 */
	int page_shift;
	int forced_max_order;
	/* sizeof(void *) on the unit's target; 0 when not described. */
	unsigned long pointer_size;

	bool lowered; /* model_lower() ran */
	/* Built by the link step from the units of one module. */
	bool whole_module;
	/* Read from facts: the functions of the unit other files can call,
	 * with a body the core wanted or not. */
	const char **callable;
	size_t callable_count;
	/*
	 * Read from facts: functions of the unit whose bodies the facts
	 * leave out and that call out of the unit, with the names they call
	 * there (through other such functions too).  The link step knows
	 * whether those are the module's.
	 */
	struct calls_out *calls_out;
	size_t calls_out_count;
	/* Read from facts: where the compiler ran (main_file is relative). */
	const char *compile_directory;

	/*
	 * For `slabcheck convert` only (core/model/cache_pointer.h): the
	 * pointers to dynamic caches with static storage, and their uses.
	 */
	struct cache_pointer *cache_pointers;
	size_t cache_pointer_count;
	size_t cache_pointer_capacity;
	struct convert_function *convert_functions;
	size_t convert_function_count;
	size_t convert_function_capacity;

	/* Functions sorted by name (tu_index_functions()), the first
	 * indexed_function_count of them. */
	int *functions_by_name;
	size_t indexed_function_count;
};

/* The names dumps and facts files give event kinds, tests and exits. */
extern const char *const model_event_names[EVENT_KIND_COUNT];
extern const enum event_values model_event_values[EVENT_KIND_COUNT];
extern const enum event_members model_event_members[EVENT_KIND_COUNT];

struct event;
/* The event's result comes from its 'source' (copy, add, errno). */
bool event_reads_source(const struct event *event);
/* The event only defines or computes a value, and does nothing else. */
bool event_only_computes(const struct event *event);
extern const char *const model_test_names[TEST_KIND_COUNT];
extern const char *const model_exit_names[EXIT_KIND_COUNT];

void tu_init(struct translation_unit *tu, const char *main_file);
void tu_release(struct translation_unit *tu);

/* Both return the new element's index. */
int tu_add_instance(struct translation_unit *tu,
		    const struct cache_instance *instance);
int tu_add_function(struct translation_unit *tu, const char *name,
		    struct source_location location);

int tu_find_instance(const struct translation_unit *tu, const char *name);
int tu_find_function(const struct translation_unit *tu, const char *name);
/* Indexes the functions added so far by name, for tu_find_function(). */
void tu_index_functions(struct translation_unit *tu);

/*
 * Room for one more element of an array in the unit's arena that holds
 * 'count' of '*capacity' elements: the array, moved when it grew.
 */
void *tu_reserve(struct translation_unit *tu, void *array, size_t count,
		 size_t *capacity, size_t element_size);

/* Copies a string into the unit's arena. */
const char *tu_string(struct translation_unit *tu, const char *text);

/*
 * What a front-end describes about the unit as a whole.  The queries say
 * which names the core wants to hear about, so that a front-end can skip the
 * rest without knowing why: it never spells an API name itself.
 */
bool model_type_followed(const char *tag);
/*
 * The same as lists (NULL-terminated), for a front-end that compares its
 * compiler's interned names instead of strings.
 */
extern const char *const model_followed_type_tags[];
extern const char *const model_followed_enumerators[];
/* The macros whose definedness matters (NULL-terminated). */
extern const char *const model_followed_macros[];
/*
 * Whether the core wants to hear that this macro's expansion wrote an
 * instruction (the macro list of struct model_instruction), for front-ends that
 * must work the list out themselves.
 */
bool model_macro_followed(const char *name);
/* The same as a list: the index-th such macro, or NULL past the last. */
const char *model_macro_followed_at(size_t index);
/*
 * Whether the core wants a call of this function to stay a call, for
 * front-ends whose compiler inlines (the API's inline helpers): the body of
 * any other inlined function is the caller's code.
 */
bool model_call_followed(const char *name);

/* Returns the object's index; strings are copied. */
int tu_add_object(struct translation_unit *tu, const struct object *object);
void tu_describe_type(struct translation_unit *tu, const char *tag,
		      unsigned long size, unsigned long align,
		      struct source_location location);
void tu_describe_enumerator(struct translation_unit *tu, const char *name,
			    long long value);
void tu_describe_macro(struct translation_unit *tu, const char *name);
/*
 * A defined followed macro whose body is one token, as it is spelled: the
 * core reads what it needs from it (an integer: the configuration's page
 * shift and the like).
 */
void tu_describe_macro_token(struct translation_unit *tu, const char *name,
			     const char *spelling);
/*
 * KMALLOC_MAX_SIZE of the configuration the unit is compiled with, when its
 * macros show it (api.h); false otherwise.
 */
bool tu_object_size_limit(const struct translation_unit *tu,
			  unsigned long *limit);
/* The target's pointer size in bytes, as the compiler lays pointers out. */
void tu_describe_pointer_size(struct translation_unit *tu, unsigned long size);
void tu_describe_alias(struct translation_unit *tu, const char *name,
		       const char *target);
/* A function the object's initializer holds at element and field. */
void tu_describe_function_entry(struct translation_unit *tu, int object,
				long element, const char *field,
				const char *function);
/*
 * A call through a pointer loaded out of the object (a table of functions)
 * at 'field' (NULL: its elements), whose initializer the front-end
 * describes (tu_describe_function_entry()): which functions that reaches
 * is the core's to decide.
 */
struct table_reference {
	int object;
	const char *field;
};
void function_add_table_callee(struct translation_unit *tu,
			       struct function_model *function, int object,
			       const char *field);
void function_add_callee(struct translation_unit *tu,
			 struct function_model *function, const char *name);

/*
 * Marks the functions whose bodies the core wants: those that mention a
 * followed type or call the API, module init and exit, and every function
 * that calls one of those.  Resolves module init and exit from the aliases.
 */
void model_select(struct translation_unit *tu);

/*
 * Builders for a function body: the front-end (or a unit test) sizes the
 * blocks first, then fills them.
 */
void function_set_blocks(struct translation_unit *tu,
			 struct function_model *function, size_t count);
void function_set_parameters(struct translation_unit *tu,
			     struct function_model *function, int count);
struct event *block_add_event(struct translation_unit *tu, struct block *block,
			      enum event_kind kind);
struct model_instruction *block_add_instruction(struct translation_unit *tu,
						struct block *block,
						enum instruction_kind kind);
/* One more block, empty, at the end; returns its number.  Moves blocks. */
int function_add_block(struct translation_unit *tu,
		       struct function_model *function);
/* One more predecessor, for a block with no phis (core/lowering/canonical.c).
 */
void block_add_predecessor(struct translation_unit *tu, struct block *block,
			   int predecessor);
void block_add_edge(struct translation_unit *tu, struct function_model *fn,
		    int from, int to);
/*
 * One more edge, from 'from' to 'to', whose phi inputs are those of the
 * edge from to's predecessor number 'like' (core/lowering/lower_branch.c).
 */
void block_add_joining_edge(struct translation_unit *tu,
			    struct function_model *fn, int from, int to,
			    size_t like);
struct phi *block_add_phi(struct translation_unit *tu, struct block *block,
			  int result);
/* Arena copies for instruction fields. */
struct operand *tu_operands(struct translation_unit *tu, size_t count);
const char **tu_strings(struct translation_unit *tu, size_t count);

/*
 * Turns every described function's instructions into events and tests,
 * using the API table (core/lowering/lower.c); idempotent.
 */
void model_lower(struct translation_unit *tu);

/*
 * Checks the model's invariants: every value used is defined once, phis
 * have one incoming value per predecessor, tests have two successors, ...
 * Returns true, or false with a description in 'error'.
 */
bool model_verify(const struct translation_unit *tu, char *error,
		  size_t error_size);

/* A text dump of the lowered model, in a front-end-neutral order. */
void model_dump(const struct translation_unit *tu, FILE *stream);

/* Whether the event's 'cache' member is meaningful. */
static inline bool event_has_cache(enum event_kind kind)
{
	return model_event_members[kind] == EVENT_MEMBERS_CACHE;
}

static inline struct value value_constant(long constant)
{
	return (struct value){ .kind = VALUE_CONSTANT, .constant = constant };
}

static inline struct value value_id(int id)
{
	return (struct value){ .kind = VALUE_ID, .id = id };
}

static inline struct value value_unknown(void)
{
	return (struct value){ .kind = VALUE_UNKNOWN };
}

static inline struct cache_ref cache_ref_instance(int index, long element)
{
	return (struct cache_ref){ .kind = CACHE_REF_INSTANCE,
				   .index = index,
				   .element = element };
}

static inline struct cache_ref cache_ref_parameter(int index)
{
	return (struct cache_ref){ .kind = CACHE_REF_PARAMETER,
				   .index = index,
				   .element = ELEMENT_WHOLE };
}

static inline struct operand operand_unknown(void)
{
	return (struct operand){ .kind = OPERAND_UNKNOWN };
}

static inline struct operand operand_memory(const char *variable)
{
	return (struct operand){ .kind = OPERAND_MEMORY,
				 .value = -1,
				 .name = variable };
}

/* The value that picks the flag a branch on module state tests, or -1. */
static inline int block_element_value(const struct block *block)
{
	return block->exit == EXIT_TEST && block->tests_element ?
		       block->element_value :
		       -1;
}

/* An element of an array with static storage, picked by a value. */
static inline struct operand operand_memory_element(const char *variable,
						    struct operand index)
{
	struct operand operand = operand_memory(variable);

	if (index.kind == OPERAND_VALUE)
		operand.value = index.value;
	return operand;
}

static inline struct operand operand_value(int id)
{
	return (struct operand){ .kind = OPERAND_VALUE, .value = id };
}

static inline struct operand operand_constant(long long constant)
{
	return (struct operand){ .kind = OPERAND_CONSTANT,
				 .constant = constant };
}

static inline struct operand operand_address(int object, long element)
{
	return (struct operand){ .kind = OPERAND_ADDRESS,
				 .object = object,
				 .element = element };
}

#endif
