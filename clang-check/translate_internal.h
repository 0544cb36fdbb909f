/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the parts of the translator share: translate_unit.cc (the unit),
 * translate_body.cc (a function's CFG and blocks), translate_expr.cc
 * (expressions as instructions), translate_store.cc (what a body writes)
 * and translate_values.cc (SSA locals and other values).
 */
#ifndef SLABCHECK_CLANG_TRANSLATE_INTERNAL_H
#define SLABCHECK_CLANG_TRANSLATE_INTERNAL_H

#include <algorithm>
#include <unordered_map>
#include <vector>
#include <unordered_set>

#include "translate.h"

extern "C" {
#include "ssa_builder.h"
}

/* The unit being translated. */
struct unit_translation {
	struct translation_unit *tu;
	clang::ASTContext &context;
	clang::SourceManager &sources;
	/* Declaration (canonical) or compound literal -> tu->objects. */
	std::unordered_map<const void *, int> objects;
	/* Record -> its tag when the core follows it, else NULL. */
	std::unordered_map<const clang::RecordDecl *, const char *> followed;
	/* Presumed file name -> the unit's copy. */
	std::unordered_map<const char *, const char *> files;
	/* Variables (canonical) something stores into, takes the address
	 * of or lets decay to a pointer: tables that may change. */
	std::unordered_set<const clang::VarDecl *> written;
	/* Tables of functions described (translate_table.cc). */
	std::unordered_set<const clang::VarDecl *> tables;
	/* tu->objects index -> its variable, for objects of variables. */
	std::unordered_map<int, const clang::VarDecl *> object_variables;

	/*
	 * The core's followed enumerators and tags as Clang's identifiers:
	 * a unit declares thousands of enumerators and records, each tested
	 * by pointer, not by its name as a string.
	 */
	std::vector<const clang::IdentifierInfo *> followed_enumerators;
	std::vector<const clang::IdentifierInfo *> followed_tags;

	unit_translation(struct translation_unit *unit, clang::ASTContext &ast)
	    : tu(unit), context(ast), sources(ast.getSourceManager())
	{
		for (int i = 0; model_followed_enumerators[i]; i++)
			followed_enumerators.push_back(
				&ast.Idents.get(model_followed_enumerators[i]));
		for (int i = 0; model_followed_type_tags[i]; i++)
			followed_tags.push_back(
				&ast.Idents.get(model_followed_type_tags[i]));
	}
};

/* Whether an identifier is one of a list (a handful: a linear search). */
static inline bool
identifier_listed(const std::vector<const clang::IdentifierInfo *> &list,
		  const clang::IdentifierInfo *name)
{
	return name && std::find(list.begin(), list.end(), name) != list.end();
}

/* translate_unit.cc */
const char *followed_tag(unit_translation &unit, clang::QualType type);
const char *record_tag(clang::QualType type);
/* Where a location is written, through macro expansions (model.h). */
struct source_location unit_location(unit_translation &unit,
				     clang::SourceLocation location);
/* The macros whose expansions wrote this location, innermost first. */
void describe_macros(unit_translation &unit,
		     struct model_instruction *instruction,
		     clang::SourceLocation location);
/* The unit's object for a variable, described on first use. */
int object_of(unit_translation &unit, const clang::VarDecl *variable);
/* &variable (maybe an element) or a function, named by a reference. */
struct operand declared_operand(unit_translation &unit,
				const clang::DeclRefExpr *ref, long element);
int literal_object(unit_translation &unit,
		   const clang::CompoundLiteralExpr *literal);
/* The value an initializer stores in a field, for the field write. */
clang::SourceLocation written_value_location(const clang::Expr *value);

/* translate_table.cc: loads of function pointers out of tables. */
struct table_load {
	const clang::VarDecl *variable = nullptr; /* the table, or NULL */
	const clang::Expr *pointer = nullptr;	  /* or a pointer to it */
	const clang::Expr *index = nullptr;
	const clang::FieldDecl *field = nullptr;
};
/* The variable an lvalue names, through members and elements, or NULL. */
const clang::VarDecl *lvalue_variable(const clang::Expr *lvalue);
/* Whether an lvalue is a function pointer in an element or member of a
 * variable of static storage, or a member through a pointer. */
bool parse_table_load(const clang::Expr *lvalue, struct table_load *load);
/* A call through a table: the table, described, and the field it loads. */
void describe_table_callees(unit_translation &unit,
			    struct function_model *model,
			    const clang::CallExpr *call);
/* Whether the unit writes each table described so far, once the walk over
 * every body and initializer is done. */
void describe_table_writes(unit_translation &unit);

/* translate_body.cc: describes the body of the unit's function 'index'. */
void translate_body(unit_translation &unit, int index,
		    const clang::FunctionDecl *function);

/* One function's translation, shared by translate_body.cc and _expr.cc. */
struct body_translation {
	unit_translation &unit;
	struct translation_unit *tu;
	struct function_model *model;
	clang::ASTContext &context;
	struct ssa_builder *ssa = nullptr;
	int block = 0; /* the model block being filled */
	/* Expressions evaluated so far (parentheses stripped). */
	std::unordered_map<const clang::Expr *, struct operand> values;
	/* Locals kept as SSA values -> their ssa_builder variable. */
	std::unordered_map<const clang::VarDecl *, int> locals;
	std::unordered_set<const clang::VarDecl *> address_taken;
	/* Expressions whose value is thrown away (statements, (void)). */
	std::unordered_set<const clang::Expr *> discarded;
	/*
	 * Expressions whose value reaches an enclosing one from another block
	 * (the arms of ?:, the right of && and ||, the last statement of a
	 * statement expression) -> the enclosing expression's variable.
	 */
	std::unordered_map<const clang::Expr *, int> carried_by;
	std::unordered_map<const clang::Expr *, int> carriers;
	/*
	 * Calls written directly as another call's argument take that call's
	 * location, as GIMPLE gives them (gimplify_arg()).
	 */
	std::unordered_map<const clang::Expr *, clang::SourceLocation>
		call_locations;
	/* Values that are copies of an address, by value. */
	std::unordered_map<int, const struct model_instruction *>
		assigned_addresses;
	/* Calls whose pointer result has no struct type yet, by value. */
	std::unordered_map<int, struct model_instruction *> untyped_results;
	/* Numbers of ssa_builder variables: locals and carriers. */
	int variable_count = 0;

	body_translation(unit_translation &u, struct function_model *fn)
	    : unit(u), tu(u.tu), model(fn), context(u.context)
	{
	}
};

/* translate_expr.cc */
/* The value of an expression, evaluating it here if the CFG did not. */
struct operand value_operand(body_translation &body, const clang::Expr *expr);
/* The address of an lvalue: an object (maybe an element), a member. */
struct operand address_operand(body_translation &body,
			       const clang::Expr *object);

/* translate_store.cc */
/* Translates one CFG element: a statement or expression, in order. */
void translate_element(body_translation &body, const clang::Stmt *statement);
void assign(body_translation &body, const clang::BinaryOperator *assignment,
	    struct operand value);
/* The fields an initializer list writes into a followed struct. */
void describe_initializer(body_translation &body, struct operand object,
			  clang::QualType type, const clang::Expr *initializer,
			  clang::SourceLocation fallback);
/* The fields a compound literal writes into itself. */
void describe_literal(body_translation &body,
		      const clang::CompoundLiteralExpr *literal);
/* 'target = (struct T){}': cleared in place, not copied (then true). */
bool assign_cleared(body_translation &body,
		    const clang::BinaryOperator *assignment);
/* A followed struct copied by value from 'source'. */
void object_copy(body_translation &body, const clang::Expr *source,
		 clang::SourceLocation location);

/* An INSN_LOAD of a function pointer out of a table (translate_table.cc). */
struct operand table_load(body_translation &body, const clang::Expr *expr,
			  const struct table_load &load);

/* translate_values.cc */
bool is_value_type(clang::QualType type);
/* An INSN_USE of the values among 'operands' (none: nothing). */
void read_values(body_translation &body, const struct operand *operands,
		 size_t count, clang::SourceLocation location);
int new_value(body_translation &body);
/* A value defined in a way the model does not follow (a load, ...). */
struct operand defined(body_translation &body, const clang::Expr *expr);
/* 'variable' (an SSA local or carrier) holds 'operand' from here on. */
void write_local(body_translation &body, int variable, struct operand operand,
		 clang::SourceLocation location);
struct operand read_local(body_translation &body, int variable);
/* "struct foo" and its size for a pointer to a complete struct, or NULL. */
const char *pointee(body_translation &body, clang::QualType pointer,
		    unsigned long *size);
/* The pointer type an expression has before pointer conversions. */
clang::QualType unconverted_pointer_type(const clang::Expr *expr);
/* A call's pointer result used as a struct pointer gives the call its type. */
void note_result_type(body_translation &body, struct operand operand,
		      clang::QualType type);
/*
 * The variable with static storage an lvalue reads or writes (itself, a
 * member or an element of it), or NULL.
 */
const char *static_variable(body_translation &body, const clang::Expr *lvalue);
/*
 * A write to such a variable, for the branches that test it later, with
 * the value written when it is one.
 */
void store_static(body_translation &body, const clang::Expr *target,
		  clang::SourceLocation location,
		  struct operand value = operand_unknown());
/* A local kept as SSA values: its ssa_builder variable, or -1. */
int local_variable(body_translation &body, const clang::Expr *expr);
int local_variable_of(body_translation &body, const clang::VarDecl *variable);
struct model_instruction *add_instruction(body_translation &body,
					  enum instruction_kind kind,
					  clang::SourceLocation location);

#endif
