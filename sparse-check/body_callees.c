// SPDX-License-Identifier: GPL-2.0
/*
 * What the core needs of every function before it chooses the bodies it
 * wants (model_select()): the names it calls, and whether it mentions a
 * followed type; and its variables of followed types.
 */
#include "body_internal.h"

static bool symbol_followed(pseudo_t pseudo)
{
	return pseudo && pseudo->type == PSEUDO_SYM &&
	       followed_tag(pseudo->sym) != NULL;
}

/* A store or load through a pointer to a followed struct. */
static bool pointer_followed(struct entrypoint *ep, pseudo_t address)
{
	struct function_translation ft = { .ep = ep };
	struct symbol *type = base_type_of(pseudo_type(&ft, address));

	return type && type->type == SYM_PTR &&
	       followed_tag(type->ctype.base_type) != NULL;
}

void describe_callees(struct translation_unit *tu, struct function_model *model,
		      struct entrypoint *ep, const struct code_range *range)
{
	struct basic_block *bb;
	struct instruction *insn;
	struct symbol *local;

	/* Its variables of followed types, as GCC's front-end sees them all. */
	FOR_EACH_PTR(ep->syms, local) {
		if (local->ident && in_range(range, local->pos) &&
		    !is_func_type(local) && followed_tag(local))
			object_of(local);
	}
	END_FOR_EACH_PTR(local);
	FOR_EACH_PTR(ep->bbs, bb) {
		FOR_EACH_PTR(bb->insns, insn) {
			pseudo_t argument;
			struct position at;

			if (!live(insn) || !callers_code(range, insn, &at))
				continue;
			if (insn->opcode == OP_INLINED_CALL &&
			    !followed_marker(range, insn))
				continue;
			switch (insn->opcode) {
			case OP_CALL:
			case OP_INLINED_CALL:
				if (insn->func->type == PSEUDO_SYM &&
				    is_func_type(insn->func->sym) &&
				    insn->func->sym->ident)
					function_add_callee(
						tu, model,
						ident_name(insn->func->sym
								   ->ident));
				else if (insn->opcode == OP_CALL)
					describe_table_callees(tu, model, insn);
				FOR_EACH_PTR(insn->arguments, argument) {
					if (symbol_followed(argument))
						model->mentions_followed = true;
				}
				END_FOR_EACH_PTR(argument);
				break;
			case OP_LOAD:
			case OP_STORE:
				if (pointer_followed(ep, insn->src))
					model->mentions_followed = true;
				/* fall through */
			case OP_SYMADDR:
				if (symbol_followed(insn->src))
					model->mentions_followed = true;
				break;
			default:
				break;
			}
		}
		END_FOR_EACH_PTR(insn);
	}
	END_FOR_EACH_PTR(bb);
}
