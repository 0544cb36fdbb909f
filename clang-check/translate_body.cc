// SPDX-License-Identifier: GPL-2.0
/*
 * One function's body, described to the core: clang::CFG's blocks become the
 * model's blocks (the entry first, then reverse postorder; blocks nothing
 * reaches are left out, as GCC's CFG cleanup leaves them out), and locals
 * become SSA values through the core's SSA builder (core/lowering/ssa_builder.h):
 * Clang's AST has no SSA, and the core wants one description of values
 * whatever the compiler.  Expressions are in translate_expr.cc.
 */
#include <algorithm>
#include <vector>

#include "translate_internal.h"

using namespace clang;

/* A value thrown away, and what gives it its value. */
static void discard(body_translation &body, const Stmt *statement)
{
	const Expr *expr = dyn_cast_or_null<Expr>(statement);

	if (!expr)
		return;
	expr = expr->IgnoreParens();
	body.discarded.insert(expr);
	if (const CastExpr *cast = dyn_cast<CastExpr>(expr)) {
		if (cast->getCastKind() == CK_ToVoid)
			discard(body, cast->getSubExpr());
	} else if (const BinaryOperator *comma =
			   dyn_cast<BinaryOperator>(expr)) {
		if (comma->getOpcode() == BO_Comma)
			discard(body, comma->getRHS());
	} else if (const ConditionalOperator *conditional =
			   dyn_cast<ConditionalOperator>(expr)) {
		discard(body, conditional->getTrueExpr());
		discard(body, conditional->getFalseExpr());
	} else if (const BinaryConditionalOperator *conditional =
			   dyn_cast<BinaryConditionalOperator>(expr)) {
		/* a ?: b -- a is read all the same, by the test. */
		discard(body, conditional->getFalseExpr());
	} else if (const StmtExpr *expression = dyn_cast<StmtExpr>(expr)) {
		if (!expression->getSubStmt()->body_empty())
			discard(body, expression->getSubStmt()->body_back());
	}
}

/* The statements of a body whose expressions are thrown away. */
static void discard_statements(body_translation &body, const Stmt *statement,
			       std::unordered_set<const Stmt *> &valued)
{
	if (const CompoundStmt *compound = dyn_cast<CompoundStmt>(statement)) {
		for (const Stmt *child : compound->body())
			if (!valued.count(compound) ||
			    child != compound->body_back())
				discard(body, child);
	} else if (const IfStmt *branch = dyn_cast<IfStmt>(statement)) {
		discard(body, branch->getThen());
		discard(body, branch->getElse());
	} else if (const ForStmt *loop = dyn_cast<ForStmt>(statement)) {
		discard(body, loop->getInit());
		discard(body, loop->getInc());
		discard(body, loop->getBody());
	} else if (const WhileStmt *loop = dyn_cast<WhileStmt>(statement)) {
		discard(body, loop->getBody());
	} else if (const DoStmt *loop = dyn_cast<DoStmt>(statement)) {
		discard(body, loop->getBody());
	} else if (const SwitchCase *label = dyn_cast<SwitchCase>(statement)) {
		discard(body, label->getSubStmt());
	} else if (const LabelStmt *label = dyn_cast<LabelStmt>(statement)) {
		discard(body, label->getSubStmt());
	} else if (const AttributedStmt *attributed =
			   dyn_cast<AttributedStmt>(statement)) {
		discard(body, attributed->getSubStmt());
	} else if (const BinaryOperator *comma =
			   dyn_cast<BinaryOperator>(statement)) {
		if (comma->getOpcode() == BO_Comma)
			discard(body, comma->getLHS());
	} else if (const StmtExpr *expression = dyn_cast<StmtExpr>(statement)) {
		valued.insert(expression->getSubStmt());
	}
}

/* Calls passed straight to a call are placed where the outer one is. */
static void locate_arguments(body_translation &body, const CallExpr *call)
{
	auto outer = body.call_locations.find(call);
	SourceLocation location = outer != body.call_locations.end() ?
					  outer->second :
					  call->getBeginLoc();

	for (const Expr *argument : call->arguments())
		if (isa<CallExpr>(argument->IgnoreParens()))
			body.call_locations[argument->IgnoreParens()] =
				location;
}

/*
 * What the body needs before its CFG is walked: the locals whose address is
 * taken (they live in memory, as in GCC, and are not SSA values), the
 * expressions whose value is thrown away, and those whose value an enclosing
 * one takes from another block.
 */
static void prepare(body_translation &body, const Stmt *root)
{
	std::vector<const Stmt *> stack;
	std::unordered_set<const Stmt *> valued; /* statement expressions' */

	stack.push_back(root);
	while (!stack.empty()) {
		const Stmt *statement = stack.back();
		const Expr *carried[2] = { nullptr, nullptr };

		stack.pop_back();
		if (!statement)
			continue;
		discard_statements(body, statement, valued);
		if (const CallExpr *call = dyn_cast<CallExpr>(statement))
			locate_arguments(body, call);
		if (const UnaryOperator *unary =
			    dyn_cast<UnaryOperator>(statement)) {
			const DeclRefExpr *ref = dyn_cast<DeclRefExpr>(
				unary->getSubExpr()->IgnoreParens());

			if (unary->getOpcode() == UO_AddrOf && ref &&
			    isa<VarDecl>(ref->getDecl()))
				body.address_taken.insert(
					cast<VarDecl>(ref->getDecl()));
		} else if (const ConditionalOperator *conditional =
				   dyn_cast<ConditionalOperator>(statement)) {
			carried[0] = conditional->getTrueExpr();
			carried[1] = conditional->getFalseExpr();
		} else if (const BinaryConditionalOperator *conditional =
				   dyn_cast<BinaryConditionalOperator>(
					   statement)) {
			/* a ?: b: the test's block carries a (below). */
			carried[1] = conditional->getFalseExpr();
		} else if (const BinaryOperator *binary =
				   dyn_cast<BinaryOperator>(statement)) {
			if (binary->isLogicalOp())
				carried[0] = binary->getRHS();
		} else if (const StmtExpr *expression =
				   dyn_cast<StmtExpr>(statement)) {
			const CompoundStmt *compound = expression->getSubStmt();

			if (!compound->body_empty())
				carried[0] =
					dyn_cast<Expr>(compound->body_back());
		}
		for (const Expr *expr : carried) {
			const Expr *carrier = cast<Expr>(statement);

			if (!expr)
				continue;
			if (!body.carriers.count(carrier))
				body.carriers[carrier] = body.variable_count++;
			body.carried_by[expr->IgnoreParens()] =
				body.carriers[carrier];
		}
		for (const Stmt *child : statement->children())
			stack.push_back(child);
	}
}

/* Scalars whose address is never taken are SSA values, as GCC has them. */
int local_variable_of(body_translation &body, const VarDecl *variable)
{
	QualType type = variable->getType();

	if (!variable->hasLocalStorage() || type.isVolatileQualified() ||
	    !(type->isIntegralOrEnumerationType() || type->isPointerType()) ||
	    body.address_taken.count(variable))
		return -1;
	auto found = body.locals.find(variable);
	if (found != body.locals.end())
		return found->second;
	return body.locals[variable] = body.variable_count++;
}

int local_variable(body_translation &body, const Expr *expr)
{
	const DeclRefExpr *ref = dyn_cast<DeclRefExpr>(expr->IgnoreParens());
	const VarDecl *variable =
		ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;

	return variable ? local_variable_of(body, variable) : -1;
}

static void translate_parameters(body_translation &body,
				 const FunctionDecl *function)
{
	int count = (int)function->getNumParams();

	function_set_parameters(body.tu, body.model, count);
	for (int i = 0; i < count; i++) {
		const ParmVarDecl *parameter = function->getParamDecl(i);
		int variable = local_variable_of(body, parameter);
		int value;

		if (variable < 0)
			continue;
		value = body.model->value_count++;
		body.model->parameter_values[i] = value;
		ssa_builder_write(body.ssa, 0, variable, value_id(value),
				  (struct source_location){ nullptr, 0, 0 });
	}
}

/* The blocks anything reaches from the entry, in reverse postorder. */
static std::vector<const CFGBlock *> reverse_postorder(const CFG &cfg)
{
	std::vector<const CFGBlock *> order;
	std::vector<std::pair<const CFGBlock *, unsigned int>> stack;
	std::vector<bool> seen(cfg.getNumBlockIDs(), false);

	stack.push_back({ &cfg.getEntry(), 0 });
	seen[cfg.getEntry().getBlockID()] = true;
	while (!stack.empty()) {
		const CFGBlock *block = stack.back().first;
		unsigned int next = stack.back().second++;

		if (next >= block->succ_size()) {
			order.push_back(block);
			stack.pop_back();
			continue;
		}
		const CFGBlock *successor =
			block->succ_begin()[next].getReachableBlock();
		if (!successor || seen[successor->getBlockID()] ||
		    successor == &cfg.getExit())
			continue;
		seen[successor->getBlockID()] = true;
		stack.push_back({ successor, 0 });
	}
	std::reverse(order.begin(), order.end());
	return order;
}

/*
 * The expression a two-way block tests.  For && and || in a condition, the
 * CFG makes each side a block of its own and names the whole as the
 * condition of the block that evaluates the right-hand side.
 */
static const Expr *tested_expression(body_translation &body,
				     const CFGBlock *block)
{
	const Stmt *condition = block->getTerminatorCondition();
	const Expr *expr = dyn_cast_or_null<Expr>(condition);

	while (expr) {
		const BinaryOperator *logical =
			dyn_cast<BinaryOperator>(expr->IgnoreParens());

		if (!logical || !logical->isLogicalOp() ||
		    body.values.count(logical))
			break;
		expr = logical->getRHS();
	}
	return expr;
}

struct cfg_translation {
	body_translation &body;
	const CFG &cfg;
	const Stmt *function_body;
	std::vector<int> index; /* CFG block id -> model block, or -1 */
	/* By model block: where it goes (distinct), and whether it returns. */
	std::vector<std::vector<int>> successors;
	std::vector<bool> falls_off;
	std::vector<int> unprocessed_predecessors;
	/* A block of its own for the end of the function, when a branch
	 * goes there (a loop that is the last statement); or -1. */
	int end = -1;
	size_t block_count = 0;
};

static const ReturnStmt *return_statement(const CFGBlock *block)
{
	for (const CFGElement &element : *block) {
		auto statement = element.getAs<CFGStmt>();

		if (statement && isa<ReturnStmt>(statement->getStmt()))
			return cast<ReturnStmt>(statement->getStmt());
	}
	return nullptr;
}

/*
 * Where each block goes.  Clang's CFG sends returns, falls off the end and
 * noreturn calls to one exit block; the model wants a return where the
 * function returns, nothing after a noreturn call, and a block of its own
 * for the end of the function only when a branch can fall off it.
 */
static void find_successors(cfg_translation &translation,
			    const std::vector<const CFGBlock *> &order)
{
	const CFGBlock *exit = &translation.cfg.getExit();
	std::vector<bool> to_end(order.size(), false);

	translation.successors.resize(order.size() + 1);
	translation.falls_off.resize(order.size() + 1, false);
	translation.unprocessed_predecessors.clear();
	for (size_t b = 0; b < order.size(); b++) {
		std::vector<int> &successors = translation.successors[b];
		bool to_exit = false;

		for (const CFGBlock::AdjacentBlock &adjacent :
		     order[b]->succs()) {
			const CFGBlock *successor =
				adjacent.getReachableBlock();
			int target;

			if (!successor)
				continue;
			if (successor == exit) {
				to_exit = true;
				continue;
			}
			target = translation.index[successor->getBlockID()];
			if (std::find(successors.begin(), successors.end(),
				      target) == successors.end())
				successors.push_back(target);
		}
		if (!to_exit || return_statement(order[b]) ||
		    order[b]->hasNoReturnElement())
			continue;
		if (successors.empty())
			translation.falls_off[b] = true;
		else
			to_end[b] = true;
	}
	translation.block_count = order.size();
	for (size_t b = 0; b < order.size(); b++) {
		if (!to_end[b])
			continue;
		if (translation.end < 0)
			translation.end = (int)translation.block_count++;
		translation.successors[b].push_back(translation.end);
	}
	std::vector<int> predecessors(translation.block_count, 0);
	for (const std::vector<int> &successors : translation.successors)
		for (int target : successors)
			predecessors[target]++;
	translation.successors.resize(translation.block_count);
	predecessors.resize(translation.block_count, 0);
	translation.unprocessed_predecessors = predecessors;
}

static void set_return(body_translation &body, struct block *block,
		       const Expr *value, SourceLocation location)
{
	block->exit = EXIT_RETURN;
	block->return_value = value_unknown();
	block->return_location = unit_location(body.unit, location);
	if (!value)
		return;
	struct operand operand = value_operand(body, value);

	if (operand.kind == OPERAND_VALUE)
		block->return_value = value_id(operand.value);
	else if (operand.kind == OPERAND_CONSTANT)
		block->return_value = value_constant((long)operand.constant);
}

/* The end of a block: a return, a branch on a value, or jumps. */
static void translate_exit(cfg_translation &translation,
			   const CFGBlock *cfg_block,
			   const ReturnStmt *returned)
{
	body_translation &body = translation.body;
	struct block *block = &body.model->blocks[body.block];
	const std::vector<int> &successors = translation.successors[body.block];
	const Expr *tested;

	if (returned) {
		set_return(body, block, returned->getRetValue(),
			   returned->getRetValue() ?
				   returned->getRetValue()->getBeginLoc() :
				   returned->getBeginLoc());
		return;
	}
	if (translation.falls_off[body.block]) {
		set_return(body, block, nullptr,
			   translation.function_body->getEndLoc());
		return;
	}
	if (successors.empty()) {
		block->exit = EXIT_NONE;
		return;
	}
	/* A switch reads its value; the model knows no switch. */
	if (const SwitchStmt *switched = dyn_cast_or_null<SwitchStmt>(
		    cfg_block->getTerminatorStmt())) {
		struct operand value = value_operand(body, switched->getCond());

		read_values(body, &value, 1, switched->getBeginLoc());
	}
	tested = tested_expression(body, cfg_block);
	block->exit = successors.size() == 2 && cfg_block->succ_size() == 2 &&
				      tested ?
			      EXIT_BRANCH :
			      EXIT_JUMP;
	if (block->exit == EXIT_BRANCH)
		block->condition = value_operand(body, tested);
	for (int successor : successors)
		block_add_edge(body.tu, body.model, body.block, successor);
}

/* The short-circuit value of && or || where its left side decides it. */
static void short_circuit(body_translation &body, const CFGBlock *block)
{
	const BinaryOperator *logical =
		dyn_cast_or_null<BinaryOperator>(block->getTerminatorStmt());

	if (!logical || !logical->isLogicalOp() ||
	    !body.carriers.count(logical))
		return;
	ssa_builder_write(body.ssa, body.block, body.carriers[logical],
			  value_constant(logical->getOpcode() == BO_LOr),
			  (struct source_location){ nullptr, 0, 0 });
}

/*
 * a ?: b: where the block tests a, a is the value on the side that keeps
 * it; the side that evaluates b carries b instead.
 */
static void common_value(body_translation &body, const CFGBlock *block)
{
	const BinaryConditionalOperator *conditional =
		dyn_cast_or_null<BinaryConditionalOperator>(
			block->getTerminatorStmt());

	if (!conditional || !body.carriers.count(conditional))
		return;
	write_local(body, body.carriers[conditional],
		    value_operand(body, conditional->getCommon()),
		    conditional->getQuestionLoc());
}

static void translate_block(cfg_translation &translation,
			    const CFGBlock *cfg_block)
{
	body_translation &body = translation.body;
	body.block = translation.index[cfg_block->getBlockID()];
	for (const CFGElement &element : *cfg_block) {
		auto statement = element.getAs<CFGStmt>();

		if (statement && !isa<ReturnStmt>(statement->getStmt()))
			translate_element(body, statement->getStmt());
	}
	short_circuit(body, cfg_block);
	common_value(body, cfg_block);
	translate_exit(translation, cfg_block, return_statement(cfg_block));
}

/* Seals the successors whose every predecessor has been translated. */
static void seal_successors(cfg_translation &translation, int block)
{
	struct block *model_block = &translation.body.model->blocks[block];

	for (size_t i = 0; i < model_block->successor_count; i++) {
		int successor = model_block->successors[i];

		if (--translation.unprocessed_predecessors[successor] == 0)
			ssa_builder_seal(translation.body.ssa, successor);
	}
}

void translate_body(unit_translation &unit, int index,
		    const FunctionDecl *function)
{
	struct function_model *model = &unit.tu->functions[index];
	body_translation body(unit, model);
	CFG::BuildOptions options;
	std::unique_ptr<CFG> cfg;

	options.setAllAlwaysAdd();
	options.AddImplicitDtors = false;
	options.AddInitializers = false;
	cfg = CFG::buildCFG(function, function->getBody(), &unit.context,
			    options);
	if (!cfg)
		return;
	prepare(body, function->getBody());
	std::vector<const CFGBlock *> order = reverse_postorder(*cfg);
	cfg_translation translation = { body, *cfg, function->getBody(),
					std::vector<int>(cfg->getNumBlockIDs(),
							 -1) };

	for (size_t i = 0; i < order.size(); i++)
		translation.index[order[i]->getBlockID()] = (int)i;
	find_successors(translation, order);
	model->returns_value = !function->getReturnType()->isVoidType();
	model->described = true;
	function_set_blocks(unit.tu, model, translation.block_count);
	body.ssa = ssa_builder_new(unit.tu, model);
	ssa_builder_seal(body.ssa, 0);
	translate_parameters(body, function);
	for (const CFGBlock *block : order) {
		int index = translation.index[block->getBlockID()];

		translate_block(translation, block);
		seal_successors(translation, index);
	}
	if (translation.end >= 0) {
		body.block = translation.end;
		set_return(body, &model->blocks[body.block], nullptr,
			   function->getBody()->getEndLoc());
	}
	ssa_builder_finish(body.ssa);
}
