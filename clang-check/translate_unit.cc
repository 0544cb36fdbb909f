// SPDX-License-Identifier: GPL-2.0
/*
 * Clang's AST to the core's model: the unit as a whole.  Describes and
 * decides nothing: types, enumerators, macros and aliases as the core asks
 * for them, storage of followed types, and for every function the code
 * generator will emit, the names it calls.  Which names are API functions
 * and which bodies deserve a CFG is the core's business
 * (core/model/describe.c); the core's queries (model_type_followed() and
 * friends) only let this file skip what the core would throw away.
 *
 * Speed: only the bodies of functions that will exist in the object file
 * (those reachable from what the unit exports, its initializers and its
 * aliases, as GCC's call graph has them) are walked, and only once; headers'
 * unused inline functions, most of a kernel unit, are never visited.  Only
 * the bodies the core wants get a CFG (translate_body.cc).
 */
#include <algorithm>
#include <vector>

#include "translate_internal.h"

using namespace clang;

const char *record_tag(QualType type)
{
	const RecordType *record = type->getAs<RecordType>();
	const IdentifierInfo *name;

	if (!record)
		return nullptr;
	name = record->getDecl()->getIdentifier();
	return name ? name->getNameStart() : nullptr;
}

const char *followed_tag(unit_translation &unit, QualType type)
{
	const RecordType *record;
	const RecordDecl *decl;
	const char *tag;

	if (type.isNull())
		return nullptr;
	record = unit.context.getBaseElementType(type)->getAs<RecordType>();
	if (!record)
		return nullptr;
	decl = cast<RecordDecl>(record->getDecl()->getCanonicalDecl());
	auto found = unit.followed.find(decl);
	if (found != unit.followed.end())
		return found->second;
	tag = identifier_listed(unit.followed_tags, decl->getIdentifier()) ?
		      decl->getIdentifier()->getNameStart() :
		      nullptr;
	unit.followed[decl] = tag;
	return tag;
}

struct source_location unit_location(unit_translation &unit,
				     SourceLocation location)
{
	struct source_location result = { nullptr, 0, 0 };
	PresumedLoc presumed;

	if (location.isInvalid())
		return result;
	presumed = unit.sources.getPresumedLoc(
		unit.sources.getExpansionLoc(location));
	if (presumed.isInvalid())
		return result;
	auto file = unit.files.find(presumed.getFilename());
	if (file == unit.files.end())
		file = unit.files
			       .emplace(presumed.getFilename(),
					tu_string(unit.tu,
						  presumed.getFilename()))
			       .first;
	result.file = file->second;
	result.line = presumed.getLine();
	result.column = presumed.getColumn();
	return result;
}

/*
 * The macros that wrote the token at 'location', innermost first, up to
 * where the outermost is written.  A macro argument leads into the body
 * of the macro it was passed to, which is one of the chain; the macros
 * that only spelled the argument are not (GCC unwinds its virtual
 * locations the same way), but those the argument itself expanded are:
 * in unlikely(!KMEM_CACHE_SETUP(...)), the setup macros wrote what they
 * expand to, and unlikely() only passed it on.
 */
static void collect_macros(unit_translation &unit, SourceLocation location,
			   std::vector<StringRef> &names)
{
	const SourceManager &sources = unit.sources;

	while (location.isMacroID()) {
		const SrcMgr::ExpansionInfo &expansion =
			sources.getSLocEntry(sources.getFileID(location))
				.getExpansion();

		if (expansion.isMacroArgExpansion()) {
			SourceLocation spelled =
				sources.getImmediateSpellingLoc(location);

			if (spelled.isMacroID())
				collect_macros(unit, spelled, names);
		} else {
			names.push_back(Lexer::getImmediateMacroName(
				location, sources, unit.context.getLangOpts()));
		}
		location = expansion.getExpansionLocStart();
	}
}

void describe_macros(unit_translation &unit,
		     struct model_instruction *instruction,
		     SourceLocation location)
{
	std::vector<StringRef> names;

	collect_macros(unit, location, names);
	if (names.empty())
		return;
	instruction->macros = tu_strings(unit.tu, names.size());
	for (size_t i = 0; i < names.size(); i++)
		instruction->macros[i] =
			tu_string(unit.tu, names[i].str().c_str());
	instruction->macro_count = names.size();
}

/*
 * The declaration that describes a variable: its definition, if any, else
 * the tentative definition that acts as one (`struct x v;` followed by
 * EXPORT_SYMBOL's extern redeclaration), else the latest declaration.
 */
static const VarDecl *describing_decl(const VarDecl *variable)
{
	const VarDecl *definition = variable->getDefinition();

	if (definition)
		return definition;
	/* getActingDefinition() answers only when asked of a tentative one. */
	for (const VarDecl *declaration : variable->redecls())
		if (declaration->isThisDeclarationADefinition() ==
		    VarDecl::TentativeDefinition)
			definition = declaration;
	return definition ? definition : variable->getMostRecentDecl();
}

int object_of(unit_translation &unit, const VarDecl *variable)
{
	const VarDecl *canonical = variable->getCanonicalDecl();
	struct object object = {};
	QualType type;

	auto found = unit.objects.find(canonical);
	if (found != unit.objects.end())
		return found->second;
	variable = describing_decl(variable);
	type = variable->getType();
	object.name = variable->getIdentifier() ?
			      variable->getIdentifier()->getNameStart() :
			      "<unnamed>";
	object.type_tag = record_tag(unit.context.getBaseElementType(type));
	object.location = unit_location(unit, variable->getLocation());
	if (!object.location.file)
		object.location.file = "";
	object.automatic = !variable->hasGlobalStorage();
	object.is_const =
		unit.context.getBaseElementType(type).isConstQualified();
	object.is_volatile =
		unit.context.getBaseElementType(type).isVolatileQualified();
	object.is_extern =
		variable->hasExternalStorage() && !variable->getDefinition();
	object.is_array = type->isArrayType();
	object.external =
		variable->isExternallyVisible() && !variable->isStaticLocal();
	if (const SectionAttr *section = variable->getAttr<SectionAttr>())
		object.section =
			tu_string(unit.tu, section->getName().str().c_str());
	unit.objects[canonical] = tu_add_object(unit.tu, &object);
	unit.object_variables[unit.objects[canonical]] = canonical;
	return unit.objects[canonical];
}

int literal_object(unit_translation &unit, const CompoundLiteralExpr *literal)
{
	struct object object = {};

	auto found = unit.objects.find(literal);
	if (found != unit.objects.end())
		return found->second;
	object.name = "<literal>";
	object.type_tag =
		record_tag(unit.context.getBaseElementType(literal->getType()));
	object.location = unit_location(unit, literal->getBeginLoc());
	if (!object.location.file)
		object.location.file = "";
	object.automatic = !literal->isFileScope();
	object.is_const = literal->getType().isConstQualified();
	object.is_array = literal->getType()->isArrayType();
	return unit.objects[literal] = tu_add_object(unit.tu, &object);
}

SourceLocation written_value_location(const Expr *value)
{
	return value->IgnoreImplicit()->getBeginLoc();
}

/* Per-unit state of the walk over the bodies the object file will hold. */
struct unit_walk {
	unit_translation &unit;
	/* Functions reached, in the order they were; their model index. */
	std::vector<const FunctionDecl *> functions;
	std::unordered_map<const FunctionDecl *, int> reached;
	std::vector<const VarDecl *> variables; /* of followed types */
	std::unordered_set<const VarDecl *> variables_seen;

	explicit unit_walk(unit_translation &u) : unit(u)
	{
	}
};

static void reach(unit_walk &walk, const FunctionDecl *function)
{
	const FunctionDecl *definition = nullptr;

	if (!function || !function->hasBody(definition) || !definition)
		return;
	if (walk.reached.count(definition))
		return;
	walk.reached[definition] = -1;
	walk.functions.push_back(definition);
}

static void note_variable(unit_walk &walk, const VarDecl *variable)
{
	variable = variable->getCanonicalDecl();
	if (!followed_tag(walk.unit, variable->getType()) ||
	    !walk.variables_seen.insert(variable).second)
		return;
	walk.variables.push_back(variable);
}

/* Whether an expression names followed storage or writes a followed field. */
static bool mentions_followed(unit_walk &walk, const Stmt *statement)
{
	switch (statement->getStmtClass()) {
	case Stmt::DeclRefExprClass: {
		const ValueDecl *decl = cast<DeclRefExpr>(statement)->getDecl();

		return isa<VarDecl>(decl) &&
		       followed_tag(walk.unit, decl->getType());
	}
	case Stmt::MemberExprClass: {
		const ValueDecl *member =
			cast<MemberExpr>(statement)->getMemberDecl();
		const RecordDecl *parent =
			isa<FieldDecl>(member) ?
				cast<FieldDecl>(member)->getParent() :
				nullptr;

		return parent &&
		       followed_tag(walk.unit,
				    walk.unit.context.getRecordType(parent));
	}
	case Stmt::CompoundLiteralExprClass:
		return followed_tag(
			walk.unit,
			cast<CompoundLiteralExpr>(statement)->getType());
	default:
		return false;
	}
}

/*
 * The variables a statement may change: stored into, incremented, its
 * address taken, or decayed to a pointer other than to index it.  A table
 * of functions none of that happens to holds what its initializer holds.
 */
static void note_writes(unit_walk &walk, const Stmt *statement,
			std::unordered_set<const Stmt *> &subscripted)
{
	const VarDecl *variable = nullptr;

	if (const BinaryOperator *binary =
		    dyn_cast<BinaryOperator>(statement)) {
		if (binary->isAssignmentOp())
			variable = lvalue_variable(binary->getLHS());
	} else if (const UnaryOperator *unary =
			   dyn_cast<UnaryOperator>(statement)) {
		if (unary->getOpcode() == UO_AddrOf ||
		    unary->isIncrementDecrementOp())
			variable = lvalue_variable(unary->getSubExpr());
	} else if (const ArraySubscriptExpr *subscript =
			   dyn_cast<ArraySubscriptExpr>(statement)) {
		subscripted.insert(subscript->getBase()->IgnoreParens());
	} else if (const ImplicitCastExpr *cast =
			   dyn_cast<ImplicitCastExpr>(statement)) {
		if (cast->getCastKind() == CK_ArrayToPointerDecay &&
		    !subscripted.count(cast))
			variable = lvalue_variable(cast->getSubExpr());
	}
	if (variable)
		walk.unit.written.insert(variable);
}

/*
 * One pass over a body: the functions it calls or takes the address of,
 * whether it mentions a followed type, and its locals of followed types.
 */
static void walk_body(unit_walk &walk, struct function_model *model,
		      const FunctionDecl *function)
{
	std::vector<const Stmt *> stack;
	std::unordered_set<const Stmt *> subscripted;

	stack.push_back(function->getBody());
	while (!stack.empty()) {
		const Stmt *statement = stack.back();

		stack.pop_back();
		if (!statement)
			continue;
		switch (statement->getStmtClass()) {
		case Stmt::UnaryExprOrTypeTraitExprClass:
			/* sizeof and friends evaluate nothing. */
			continue;
		case Stmt::CallExprClass: {
			const FunctionDecl *callee =
				cast<CallExpr>(statement)->getDirectCallee();

			if (callee && callee->getIdentifier())
				function_add_callee(walk.unit.tu, model,
						    callee->getIdentifier()
							    ->getNameStart());
			else if (!callee)
				describe_table_callees(
					walk.unit, model,
					cast<CallExpr>(statement));
			break;
		}
		case Stmt::DeclRefExprClass: {
			const ValueDecl *decl =
				cast<DeclRefExpr>(statement)->getDecl();

			if (const FunctionDecl *target =
				    dyn_cast<FunctionDecl>(decl))
				reach(walk, target);
			break;
		}
		case Stmt::DeclStmtClass:
			for (const Decl *decl :
			     cast<DeclStmt>(statement)->decls())
				if (const VarDecl *variable =
					    dyn_cast<VarDecl>(decl)) {
					note_variable(walk, variable);
					if (followed_tag(walk.unit,
							 variable->getType()))
						model->mentions_followed = true;
					stack.push_back(variable->getInit());
				}
			continue;
		default:
			break;
		}
		if (!model->mentions_followed &&
		    mentions_followed(walk, statement))
			model->mentions_followed = true;
		note_writes(walk, statement, subscripted);
		for (const Stmt *child : statement->children())
			stack.push_back(child);
	}
}

/* Functions a file-scope initializer points to are in the object file. */
static void walk_initializer(unit_walk &walk, const Expr *initializer)
{
	std::vector<const Stmt *> stack;

	stack.push_back(initializer);
	while (!stack.empty()) {
		const Stmt *statement = stack.back();

		stack.pop_back();
		if (!statement)
			continue;
		if (const DeclRefExpr *ref = dyn_cast<DeclRefExpr>(statement)) {
			reach(walk, dyn_cast<FunctionDecl>(ref->getDecl()));
			/* Its address in another variable: it may change. */
			if (const VarDecl *variable =
				    dyn_cast<VarDecl>(ref->getDecl()))
				walk.unit.written.insert(
					variable->getCanonicalDecl());
		}
		for (const Stmt *child : statement->children())
			stack.push_back(child);
	}
}

struct operand declared_operand(unit_translation &unit, const DeclRefExpr *ref,
				long element)
{
	struct operand result = operand_unknown();

	if (const VarDecl *variable = dyn_cast<VarDecl>(ref->getDecl()))
		return operand_address(object_of(unit, variable), element);
	if (isa<FunctionDecl>(ref->getDecl())) {
		result.kind = OPERAND_FUNCTION;
		result.name = tu_string(
			unit.tu, ref->getDecl()->getNameAsString().c_str());
	}
	return result;
}

/* A constant of a static initializer, as an operand. */
static struct operand static_operand(unit_translation &unit, const Expr *value)
{
	long element = ELEMENT_WHOLE;
	long long constant;
	const Expr *object;

	value = value->IgnoreParenCasts();
	if (compat_evaluate_int(value, unit.context, &constant))
		return operand_constant(constant);
	if (const DeclRefExpr *ref = dyn_cast<DeclRefExpr>(value))
		return isa<FunctionDecl>(ref->getDecl()) ?
			       declared_operand(unit, ref, ELEMENT_WHOLE) :
			       operand_unknown();
	const UnaryOperator *address = dyn_cast<UnaryOperator>(value);
	if (!address || address->getOpcode() != UO_AddrOf)
		return operand_unknown();
	object = address->getSubExpr()->IgnoreParens();
	if (const ArraySubscriptExpr *subscript =
		    dyn_cast<ArraySubscriptExpr>(object)) {
		element = compat_evaluate_int(subscript->getIdx(), unit.context,
					      &constant) ?
				  (long)constant :
				  ELEMENT_UNKNOWN;
		object = subscript->getBase()->IgnoreParenImpCasts();
	}
	if (const DeclRefExpr *ref = dyn_cast<DeclRefExpr>(object))
		return declared_operand(unit, ref, element);
	return operand_unknown();
}

/*
 * Where GCC places a value of a file-scope initializer, which it folds
 * before the plugin sees it: a value folded to a constant (an integer, a
 * null or integer pointer, a nested initializer) is no expression and has
 * no location, and GCC falls back to the variable's name; an address, once the
 * pointer casts are folded away, keeps the location of its '&' or of the array
 * or function it decays from (a conditional with a constant condition, that of
 * its ':', which the branch it folds to takes); anything else keeps the
 * location of the value as written.
 */
static SourceLocation initializer_value_location(unit_translation &unit,
						 const VarDecl *variable,
						 const Expr *value)
{
	const Expr *address = value->IgnoreParens();
	Expr::EvalResult folded;
	bool condition;

	if (value->EvaluateAsRValue(folded, unit.context) &&
	    !(folded.Val.isLValue() && folded.Val.getLValueBase()))
		return variable->getLocation();
	for (;;) {
		const CastExpr *cast = dyn_cast<CastExpr>(address);
		const ConditionalOperator *choice =
			dyn_cast<ConditionalOperator>(address);

		if (cast && (cast->getCastKind() == CK_BitCast ||
			     cast->getCastKind() == CK_NoOp))
			address = cast->getSubExpr()->IgnoreParens();
		else if (choice &&
			 choice->getCond()->EvaluateAsBooleanCondition(
				 condition, unit.context))
			/* Folded, the branch takes the place of the ':'. */
			return choice->getColonLoc();
		else
			break;
	}
	if (const UnaryOperator *unary = dyn_cast<UnaryOperator>(address))
		if (unary->getOpcode() == UO_AddrOf)
			return unary->getOperatorLoc();
	if (const CastExpr *decay = dyn_cast<CastExpr>(address))
		if (decay->getCastKind() == CK_ArrayToPointerDecay ||
		    decay->getCastKind() == CK_FunctionToPointerDecay)
			return decay->getSubExpr()->getBeginLoc();
	return written_value_location(value);
}

/* Variables of followed types, and their static initializers. */
static void describe_variables(unit_walk &walk)
{
	unit_translation &unit = walk.unit;
	SourceManager &sources = unit.sources;

	std::stable_sort(
		walk.variables.begin(), walk.variables.end(),
		[&sources](const VarDecl *a, const VarDecl *b) {
			return sources.isBeforeInTranslationUnit(
				sources.getExpansionLoc(a->getLocation()),
				sources.getExpansionLoc(b->getLocation()));
		});
	for (const VarDecl *variable : walk.variables) {
		int object = object_of(unit, variable);
		const VarDecl *definition = describing_decl(variable);
		const InitListExpr *list;
		const RecordDecl *record;

		if (!definition->hasGlobalStorage() || !definition->getInit())
			continue;
		list = dyn_cast<InitListExpr>(
			definition->getInit()->IgnoreImplicit());
		if (!list || !definition->getType()->isStructureType())
			continue;
		record = definition->getType()->getAsRecordDecl();
		unsigned int index = 0;
		for (const FieldDecl *field : record->fields()) {
			const Expr *value;
			struct model_instruction *write;
			SourceLocation at;

			if (index >= list->getNumInits())
				break;
			value = list->getInit(index++);
			if (isa<ImplicitValueInitExpr>(value) ||
			    !field->getIdentifier())
				continue;
			write = block_add_instruction(unit.tu,
						      &unit.tu->file_scope,
						      INSN_FIELD_WRITE);
			at = initializer_value_location(unit, definition,
							value);
			write->location = unit_location(unit, at);
			describe_macros(unit, write, at);
			write->field_write.object =
				operand_address(object, ELEMENT_WHOLE);
			write->field_write.type_tag = tu_string(
				unit.tu, record_tag(definition->getType()));
			write->field_write.field = tu_string(
				unit.tu,
				field->getIdentifier()->getNameStart());
			write->field_write.source = static_operand(unit, value);
		}
	}
}

/*
 * What a function's attributes say about it: the alias it is, whether the
 * object file must keep it.  One pass over them: a unit has thousands of
 * header functions with attributes, and each lookup of a declaration's
 * attributes is a search in the AST's map.
 */
struct function_attributes {
	const AliasAttr *alias = nullptr;
	bool kept = false; /* used, constructor, destructor */
};

static function_attributes read_attributes(const FunctionDecl *function)
{
	function_attributes result;

	if (!function->hasAttrs())
		return result;
	for (const Attr *attribute : function->getAttrs()) {
		if (const AliasAttr *alias = dyn_cast<AliasAttr>(attribute)) {
			if (!result.alias)
				result.alias = alias;
		} else if (isa<UsedAttr>(attribute) ||
			   isa<ConstructorAttr>(attribute) ||
			   isa<DestructorAttr>(attribute)) {
			result.kept = true;
		}
	}
	return result;
}

static bool is_root(ASTContext &context, const FunctionDecl *function,
		    const function_attributes &attributes)
{
	GVALinkage linkage;

	if (attributes.kept)
		return true;
	/* A static function has internal linkage (GVA_Internal): most of a
	 * unit's header functions, decided without computing a linkage. */
	if (function->getStorageClass() == SC_Static)
		return false;
	linkage = context.GetGVALinkageForFunction(function);
	return linkage == GVA_StrongExternal || linkage == GVA_StrongODR;
}

/*
 * Types, enumerators, aliases, file-scope variables, and the functions the
 * object file starts from: what it exports, what it must keep (used,
 * constructors), what an alias or a file-scope initializer names.
 */
static void describe_declarations(unit_walk &walk)
{
	unit_translation &unit = walk.unit;
	ASTContext &context = unit.context;

	for (const Decl *decl : context.getTranslationUnitDecl()->decls()) {
		if (const FunctionDecl *function =
			    dyn_cast<FunctionDecl>(decl)) {
			function_attributes attributes =
				read_attributes(function);

			if (const AliasAttr *alias = attributes.alias) {
				std::string target = alias->getAliasee().str();

				tu_describe_alias(
					unit.tu,
					function->getNameAsString().c_str(),
					target.c_str());
				for (const Decl *named :
				     context.getTranslationUnitDecl()->lookup(
					     &context.Idents.get(target)))
					reach(walk,
					      dyn_cast<FunctionDecl>(named));
			}
			if (function->doesThisDeclarationHaveABody() &&
			    is_root(context, function, attributes))
				reach(walk, function);
		} else if (const VarDecl *variable = dyn_cast<VarDecl>(decl)) {
			note_variable(walk, variable);
			if (variable->getInit() &&
			    variable->isThisDeclarationADefinition())
				walk_initializer(walk, variable->getInit());
		} else if (const RecordDecl *record =
				   dyn_cast<RecordDecl>(decl)) {
			const char *tag;
			QualType type;

			if (!record->isCompleteDefinition() ||
			    !identifier_listed(unit.followed_tags,
					       record->getIdentifier()))
				continue;
			tag = record->getIdentifier()->getNameStart();
			type = context.getRecordType(record);
			tu_describe_type(
				unit.tu, tag,
				context.getTypeSizeInChars(type).getQuantity(),
				context.getTypeAlignInChars(type).getQuantity(),
				unit_location(unit, record->getLocation()));
		} else if (const EnumDecl *enumeration =
				   dyn_cast<EnumDecl>(decl)) {
			for (const EnumConstantDecl *enumerator :
			     enumeration->enumerators()) {
				const IdentifierInfo *name =
					enumerator->getIdentifier();

				if (identifier_listed(unit.followed_enumerators,
						      name))
					tu_describe_enumerator(
						unit.tu, name->getNameStart(),
						enumerator->getInitVal()
							.getExtValue());
			}
		}
	}
}

/* A followed macro when defined, and its body when that is one number. */
static void describe_macro(Preprocessor &preprocessor,
			   struct translation_unit *tu, const char *name)
{
	const MacroInfo *macro;

	if (!preprocessor.isMacroDefined(name))
		return;
	tu_describe_macro(tu, name);
	macro = preprocessor.getMacroInfo(preprocessor.getIdentifierInfo(name));
	if (!macro || macro->isFunctionLike() || macro->getNumTokens() != 1 ||
	    !macro->getReplacementToken(0).is(tok::numeric_constant))
		return;
	tu_describe_macro_token(
		tu, name,
		preprocessor.getSpelling(macro->getReplacementToken(0))
			.c_str());
}

/* A C function's name, without building a string (every reached one). */
static const char *function_name(const FunctionDecl *function)
{
	const IdentifierInfo *name = function->getIdentifier();

	return name ? name->getNameStart() : "";
}

void translate_unit(ASTContext &context, Preprocessor &preprocessor,
		    struct translation_unit *tu)
{
	unit_translation unit(tu, context);
	unit_walk walk(unit);

	for (int i = 0; model_followed_macros[i]; i++)
		describe_macro(preprocessor, tu, model_followed_macros[i]);
	tu_describe_pointer_size(
		tu,
		context.getTypeSizeInChars(context.VoidPtrTy).getQuantity());
	describe_declarations(walk);
	/* The walk reaches more functions as it goes. */
	for (size_t i = 0; i < walk.functions.size(); i++) {
		const FunctionDecl *function = walk.functions[i];
		int index = tu_add_function(
			tu, function_name(function),
			unit_location(unit, function->getLocation()));

		tu->functions[index].external = function->isExternallyVisible();
		walk.reached[function] = index;
		walk_body(walk, &tu->functions[index], function);
	}
	describe_variables(walk);
	/* Tables met during the walk: what it found written, complete now. */
	describe_table_writes(unit);
	model_select(tu);
	for (const FunctionDecl *function : walk.functions) {
		int index = walk.reached[function];

		if (tu->functions[index].wanted)
			translate_body(unit, index, function);
	}
}
