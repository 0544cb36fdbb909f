// SPDX-License-Identifier: GPL-2.0
/*
 * For `slabcheck convert`: the unit's pointers to dynamic caches with
 * static storage, and what the code does at each place it names one
 * (core/model/cache_pointer.h).  Only what Clang shows is described; the
 * core decides which pointers convert (core/convert/candidates.c).
 */
#include "describe_pointers.h"
#include "translate_internal.h"

using namespace clang;

/* Whether a type is a pointer to the cache type the core names. */
static bool points_to_cache(unit_translation &unit, QualType type)
{
	const PointerType *pointer = type->getAs<PointerType>();
	const char *tag;

	if (!pointer)
		return false;
	tag = followed_tag(unit, pointer->getPointeeType());
	return tag && strcmp(tag, cache_pointer_pointee_tag) == 0 &&
	       !pointer->getPointeeType()->isArrayType();
}

/* The variable, when it is a cache pointer with static storage. */
static bool is_cache_pointer(unit_translation &unit, const VarDecl *variable,
			     bool *is_array)
{
	QualType type = variable->getType();

	if (!variable->hasGlobalStorage())
		return false;
	*is_array = false;
	while (const ArrayType *array = unit.context.getAsArrayType(type)) {
		*is_array = true;
		type = array->getElementType();
	}
	return points_to_cache(unit, type);
}

/* A declaration's name: an identifier's, which Clang terminates. */
static const char *name_of(const NamedDecl *decl)
{
	const IdentifierInfo *name = decl->getIdentifier();

	return name ? name->getNameStart() : "";
}

/*
 * The section a declaration asks for, copied into the unit: Clang keeps
 * an attribute's string without a terminating NUL.
 */
static const char *section_of(unit_translation &unit, const Decl *decl)
{
	const SectionAttr *section =
		decl ? decl->getAttr<SectionAttr>() : nullptr;

	return section ? tu_string(unit.tu, section->getName().str().c_str()) :
			 nullptr;
}

/*
 * The unit's definition of a variable: one with an initializer, else a
 * tentative one (`struct kmem_cache *p;`), whichever declaration is
 * asked, the header's extern included; NULL when the unit has none.
 */
static const VarDecl *definition_of(const VarDecl *variable)
{
	const VarDecl *tentative = nullptr;

	for (const VarDecl *declaration : variable->redecls()) {
		switch (declaration->isThisDeclarationADefinition()) {
		case VarDecl::Definition:
			return declaration;
		case VarDecl::TentativeDefinition:
			tentative = declaration;
			break;
		default:
			break;
		}
	}
	return tentative;
}

/*
 * Where a range is written in the main file: the outermost macro call
 * stands for what it expands to.  Unknown when either end is elsewhere.
 */
static struct source_span span_of(unit_translation &unit, SourceRange range)
{
	const SourceManager &sources = unit.context.getSourceManager();
	struct source_span span = {};
	SourceLocation begin, end;

	if (range.isInvalid())
		return span;
	begin = sources.getExpansionLoc(range.getBegin());
	end = sources.getExpansionRange(range.getEnd()).getEnd();
	end = Lexer::getLocForEndOfToken(end, 0, sources,
					 unit.context.getLangOpts());
	if (begin.isInvalid() || end.isInvalid() ||
	    !sources.isWrittenInMainFile(begin) ||
	    !sources.isWrittenInMainFile(end))
		return span;
	span.begin = sources.getFileOffset(begin);
	span.end = sources.getFileOffset(end);
	span.known = span.begin <= span.end;
	return span;
}

/*
 * Where a declaration outside the main file is written: its span in bytes
 * of its own file.  Unknown when a macro writes either end.
 */
static struct source_span span_in_file(unit_translation &unit,
				       SourceRange range)
{
	const SourceManager &sources = unit.context.getSourceManager();
	struct source_span span = {};
	SourceLocation begin = range.getBegin(), end = range.getEnd();

	if (range.isInvalid() || begin.isMacroID() || end.isMacroID())
		return span;
	end = Lexer::getLocForEndOfToken(end, 0, sources,
					 unit.context.getLangOpts());
	if (end.isInvalid() ||
	    sources.getFileID(begin) != sources.getFileID(end))
		return span;
	span.begin = sources.getFileOffset(begin);
	span.end = sources.getFileOffset(end);
	span.known = span.begin <= span.end;
	return span;
}

/*
 * A pointer with external linkage: its declarations other than the
 * definition, in the main file and elsewhere (the header's extern).
 */
static void describe_declarations(unit_translation &unit,
				  const VarDecl *variable,
				  const VarDecl *definition,
				  struct cache_pointer *pointer)
{
	const SourceManager &sources = unit.context.getSourceManager();

	for (const VarDecl *declaration : variable->redecls()) {
		SourceLocation location = declaration->getLocation();

		if (declaration == definition || location.isInvalid())
			continue;
		if (sources.isWrittenInMainFile(
			    sources.getExpansionLoc(location))) {
			pointer->declared_in_main_file = true;
			continue;
		}
		/* From the first declaration (the canonical one) on. */
		if (pointer->header_declaration_count++)
			continue;
		pointer->header_declaration = unit_location(unit, location);
		pointer->header_span = span_in_file(
			unit,
			SourceRange(declaration->getBeginLoc(), location));
	}
}

/*
 * For an assignment that is a statement of its own in a block: where it
 * and the statements after it are written (cache_pointer.h).
 */
static void describe_statement(unit_translation &unit,
			       const BinaryOperator *assignment,
			       struct cache_pointer_use *use)
{
	DynTypedNodeList parents = unit.context.getParents(*assignment);
	const CompoundStmt *block =
		parents.empty() ? nullptr : parents[0].get<CompoundStmt>();
	const Stmt *const *body;
	size_t count, at;

	if (!block)
		return;
	body = block->body_begin();
	count = block->size();
	for (at = 0; at < count && body[at] != assignment; at++)
		;
	if (at == count)
		return;
	use->statement = span_of(unit, assignment->getSourceRange());
	use->value = span_of(unit, assignment->getRHS()->getSourceRange());
	if (at + 1 < count) {
		const IfStmt *test = dyn_cast<IfStmt>(body[at + 1]);

		use->next_statement =
			span_of(unit, body[at + 1]->getSourceRange());
		if (test && !test->getElse() && !test->getInit() &&
		    !test->getConditionVariable()) {
			use->next_condition = span_of(
				unit, test->getCond()->getSourceRange());
			use->next_branch = span_of(
				unit, test->getThen()->getSourceRange());
		}
	}
	if (at + 2 < count)
		use->following_statement =
			span_of(unit, body[at + 2]->getSourceRange());
}

/*
 * How many times the code below 'root' names 'variable' where it runs:
 * a _Generic's controlling expression and sizeof are not evaluated.
 */
static unsigned int references_to(const Stmt *root, const VarDecl *variable)
{
	std::vector<const Stmt *> stack{ root };
	unsigned int count = 0;

	while (!stack.empty()) {
		const Stmt *statement = stack.back();

		stack.pop_back();
		if (!statement)
			continue;
		if (const DeclRefExpr *ref = dyn_cast<DeclRefExpr>(statement))
			count += ref->getDecl() == variable;
		if (const GenericSelectionExpr *generic =
			    dyn_cast<GenericSelectionExpr>(statement)) {
			if (!generic->isResultDependent())
				stack.push_back(generic->getResultExpr());
			continue;
		}
		if (isa<UnaryExprOrTypeTraitExpr>(statement))
			continue;
		for (const Stmt *child : statement->children())
			stack.push_back(child);
	}
	return count;
}

/*
 * A creation that takes `&args` of a local struct of the API's arguments:
 * where the local is declared and initialized, for the patch to move its
 * fields into the setup.
 */
static void describe_args(unit_translation &unit, const CallExpr *creation,
			  const FunctionDecl *function,
			  struct cache_pointer_use *use)
{
	if (!function || !function->getBody())
		return;
	for (const Expr *argument : creation->arguments()) {
		const UnaryOperator *address = dyn_cast<UnaryOperator>(
			argument->IgnoreParenImpCasts());
		const DeclRefExpr *ref;
		const VarDecl *local;
		const DeclStmt *declaration;
		const char *tag;

		if (!address || address->getOpcode() != UO_AddrOf)
			continue;
		ref = dyn_cast<DeclRefExpr>(
			address->getSubExpr()->IgnoreParens());
		local = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
		if (!local || !local->isLocalVarDecl() || !local->getInit())
			continue;
		tag = followed_tag(unit, local->getType());
		if (!tag || strcmp(tag, cache_pointer_args_tag) != 0)
			continue;
		DynTypedNodeList parents = unit.context.getParents(*local);
		declaration =
			parents.empty() ? nullptr : parents[0].get<DeclStmt>();
		if (!declaration || !declaration->isSingleDecl())
			continue;
		use->args_declaration =
			span_of(unit, declaration->getSourceRange());
		use->args_initializer =
			span_of(unit, local->getInit()->getSourceRange());
		use->args_references =
			references_to(function->getBody(), local);
		return;
	}
}

/* The walk over the unit's code, one function or initializer at a time. */
class pointer_visitor
{
      public:
	explicit pointer_visitor(unit_translation &unit) : unit(unit)
	{
	}

	/* The unit's functions with a body, before any walk. */
	void add_function(const FunctionDecl *function)
	{
		struct convert_function description = {};

		description.name = name_of(function);
		description.section = section_of(unit, function);
		description.external = function->isExternallyVisible();
		functions[function->getCanonicalDecl()] =
			tu_add_convert_function(unit.tu, &description);
	}

	/* Every reference below 'root', in 'function' (NULL: file scope). */
	void walk(const Stmt *root, const FunctionDecl *function)
	{
		std::vector<const Stmt *> stack;

		current = function;
		current_index = function ? function_index(function) : -1;
		stack.push_back(root);
		while (!stack.empty()) {
			const Stmt *statement = stack.back();

			stack.pop_back();
			if (!statement)
				continue;
			if (const DeclRefExpr *ref =
				    dyn_cast<DeclRefExpr>(statement))
				visit_reference(ref);
			else if (const CallExpr *call =
					 dyn_cast<CallExpr>(statement))
				visit_call(call);
			/* A declaration's initializers are its children. */
			for (const Stmt *child : statement->children())
				stack.push_back(child);
		}
	}

      private:
	unit_translation &unit;
	const FunctionDecl *current = nullptr;
	int current_index = -1;
	std::unordered_map<const VarDecl *, int> pointers;
	std::unordered_map<const FunctionDecl *, int> functions;

	int function_index(const FunctionDecl *function)
	{
		auto found = functions.find(function->getCanonicalDecl());

		return found == functions.end() ? -1 : found->second;
	}

	void visit_call(const CallExpr *call)
	{
		const FunctionDecl *callee = call->getDirectCallee();

		if (current_index >= 0 && callee && callee->getIdentifier())
			tu_add_convert_callee(unit.tu, current_index,
					      name_of(callee));
	}

	/* A function named other than to call it: anything may call it. */
	void visit_function_reference(const DeclRefExpr *ref,
				      const FunctionDecl *function)
	{
		int index = function_index(function);
		DynTypedNodeList parents = unit.context.getParents(*ref);
		const CallExpr *call = nullptr;

		if (index < 0)
			return;
		if (!parents.empty()) {
			if (const ImplicitCastExpr *cast =
				    parents[0].get<ImplicitCastExpr>()) {
				DynTypedNodeList above =
					unit.context.getParents(*cast);

				if (!above.empty())
					call = above[0].get<CallExpr>();
			}
		}
		if (!call || call->getCallee()->IgnoreParenImpCasts() != ref)
			unit.tu->convert_functions[index].address_taken = true;
	}

	void visit_reference(const DeclRefExpr *ref)
	{
		const VarDecl *variable = dyn_cast<VarDecl>(ref->getDecl());
		int pointer;

		if (const FunctionDecl *function =
			    dyn_cast<FunctionDecl>(ref->getDecl())) {
			visit_function_reference(ref, function);
			return;
		}
		if (!variable)
			return;
		pointer = pointer_of(variable);
		if (pointer >= 0)
			describe_use(pointer, ref);
	}

	int pointer_of(const VarDecl *variable)
	{
		struct cache_pointer pointer = {};
		const VarDecl *definition;
		const Expr *initializer;
		bool is_array;

		variable = variable->getCanonicalDecl();
		auto found = pointers.find(variable);
		if (found != pointers.end())
			return found->second;
		if (!is_cache_pointer(unit, variable, &is_array)) {
			pointers[variable] = -1;
			return -1;
		}
		definition = definition_of(variable);
		pointer.name = name_of(variable);
		pointer.location = unit_location(
			unit,
			(definition ? definition : variable)->getLocation());
		pointer.defined = definition != nullptr;
		pointer.is_array = is_array;
		pointer.external = variable->isExternallyVisible();
		pointer.section = section_of(unit, definition);
		if (definition) {
			pointer.declaration = span_of(
				unit, SourceRange(definition->getBeginLoc(),
						  definition->getLocation()));
			pointer.name_span = span_of(
				unit, SourceRange(definition->getLocation()));
		}
		if (pointer.external)
			describe_declarations(unit, variable, definition,
					      &pointer);
		initializer = definition ? definition->getInit() : nullptr;
		pointer.has_initializer =
			initializer &&
			!initializer->isNullPointerConstant(
				unit.context,
				Expr::NPC_ValueDependentIsNotNull);
		pointers[variable] = tu_add_cache_pointer(unit.tu, &pointer);
		return pointers[variable];
	}

	/* What the code around the reference does with it. */
	enum cache_pointer_use_kind classify(const Expr *reference,
					     const Expr **assigned,
					     const CallExpr **call);
	void describe_use(int pointer, const DeclRefExpr *ref);
};

static bool is_null(ASTContext &context, const Expr *expr)
{
	return expr->isNullPointerConstant(context,
					   Expr::NPC_ValueDependentIsNotNull);
}

enum cache_pointer_use_kind pointer_visitor::classify(const Expr *reference,
						      const Expr **assigned,
						      const CallExpr **call)
{
	ASTContext &context = unit.context;
	DynTypedNode node = DynTypedNode::create(*reference);
	const Expr *child = reference;

	for (;;) {
		DynTypedNodeList parents = context.getParents(node);

		/* In a type (typeof) or nowhere the code runs. */
		if (parents.empty())
			return POINTER_USE_KIND_COUNT;
		node = parents[0];
		if (const ImplicitCastExpr *cast =
			    node.get<ImplicitCastExpr>()) {
			switch (cast->getCastKind()) {
			case CK_LValueToRValue:
			case CK_NoOp:
			case CK_BitCast:
				child = cast;
				continue;
			case CK_PointerToBoolean:
				return POINTER_TESTED;
			default:
				return POINTER_OTHER;
			}
		}
		if (const CStyleCastExpr *cast = node.get<CStyleCastExpr>()) {
			if (cast->getCastKind() != CK_BitCast &&
			    cast->getCastKind() != CK_NoOp)
				return cast->getCastKind() == CK_ToVoid ?
					       POINTER_USE_KIND_COUNT :
					       POINTER_OTHER;
			child = cast;
			continue;
		}
		if (node.get<ParenExpr>() || node.get<StmtExpr>() ||
		    node.get<GenericSelectionExpr>()) {
			child = node.get<Expr>();
			continue;
		}
		if (const ConditionalOperator *conditional =
			    node.get<ConditionalOperator>()) {
			if (conditional->getCond()->IgnoreParenImpCasts() ==
			    child->IgnoreParenImpCasts())
				return POINTER_TESTED;
			child = conditional;
			continue;
		}
		if (node.get<UnaryExprOrTypeTraitExpr>())
			return POINTER_USE_KIND_COUNT;
		if (const UnaryOperator *unary = node.get<UnaryOperator>()) {
			if (unary->getOpcode() == UO_AddrOf)
				return POINTER_ADDRESS_TAKEN;
			if (unary->getOpcode() == UO_LNot)
				return POINTER_TESTED;
			return POINTER_OTHER;
		}
		if (const BinaryOperator *binary = node.get<BinaryOperator>()) {
			const Expr *left =
				binary->getLHS()->IgnoreParenImpCasts();
			const Expr *right =
				binary->getRHS()->IgnoreParenImpCasts();
			bool is_left = left == child->IgnoreParenImpCasts();

			switch (binary->getOpcode()) {
			case BO_Assign:
				if (!is_left)
					return POINTER_STORED;
				*assigned = binary->getRHS();
				return POINTER_ASSIGNED;
			case BO_EQ:
			case BO_NE:
				return is_null(context,
					       is_left ? right : left) ?
					       POINTER_TESTED :
					       POINTER_COMPARED;
			case BO_LAnd:
			case BO_LOr:
				return POINTER_TESTED;
			case BO_Comma:
				if (is_left)
					return POINTER_USE_KIND_COUNT;
				child = binary;
				continue;
			default:
				return POINTER_OTHER;
			}
		}
		if (const CallExpr *parent = node.get<CallExpr>()) {
			if (parent->getCallee()->IgnoreParenImpCasts() ==
			    child->IgnoreParenImpCasts())
				return POINTER_OTHER;
			*call = parent;
			return POINTER_PASSED;
		}
		if (node.get<ReturnStmt>())
			return POINTER_RETURNED;
		/* C tests a scalar condition as it is, with no conversion. */
		if (node.get<IfStmt>() || node.get<WhileStmt>() ||
		    node.get<DoStmt>() || node.get<ForStmt>())
			return POINTER_TESTED;
		if (node.get<InitListExpr>() || node.get<VarDecl>() ||
		    node.get<CompoundLiteralExpr>())
			return POINTER_STORED;
		return POINTER_OTHER;
	}
}

void pointer_visitor::describe_use(int pointer, const DeclRefExpr *ref)
{
	struct cache_pointer_use use = {};
	struct model_instruction macros = {};
	const Expr *assigned = nullptr;
	const CallExpr *call = nullptr;

	use.kind = classify(ref, &assigned, &call);
	if (use.kind == POINTER_USE_KIND_COUNT)
		return;
	if (current) {
		use.function = name_of(current);
		use.function_section = section_of(unit, current);
	}
	use.location = unit_location(unit, ref->getLocation());
	use.site = span_of(unit, ref->getSourceRange());
	if (call && call->getDirectCallee())
		use.callee = name_of(call->getDirectCallee());
	if (assigned) {
		const CallExpr *creation =
			dyn_cast<CallExpr>(assigned->IgnoreParenImpCasts());

		if (creation && creation->getDirectCallee())
			use.callee = name_of(creation->getDirectCallee());
		if (creation)
			describe_args(unit, creation, current, &use);
		use.assigns_null = is_null(unit.context, assigned);
		DynTypedNodeList parents = unit.context.getParents(*assigned);
		if (!parents.empty())
			if (const BinaryOperator *assignment =
				    parents[0].get<BinaryOperator>())
				describe_statement(unit, assignment, &use);
		describe_macros(unit, &macros, assigned->getBeginLoc());
		use.macros = macros.macros;
		use.macro_count = macros.macro_count;
	}
	tu_add_cache_pointer_use(unit.tu, pointer, &use);
}

void describe_cache_pointers(ASTContext &context, struct translation_unit *tu)
{
	unit_translation unit(tu, context);
	pointer_visitor visitor(unit);

	for (const Decl *decl : context.getTranslationUnitDecl()->decls())
		if (const FunctionDecl *function = dyn_cast<FunctionDecl>(decl))
			if (function->doesThisDeclarationHaveABody())
				visitor.add_function(function);
	for (const Decl *decl : context.getTranslationUnitDecl()->decls()) {
		if (const FunctionDecl *function =
			    dyn_cast<FunctionDecl>(decl)) {
			if (function->doesThisDeclarationHaveABody())
				visitor.walk(function->getBody(), function);
		} else if (const VarDecl *variable = dyn_cast<VarDecl>(decl)) {
			if (variable->getInit())
				visitor.walk(variable->getInit(), nullptr);
		}
	}
}
