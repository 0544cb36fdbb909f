/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Every Clang header the Clang front-ends need, and every difference between
 * Clang releases: no other file of clang-check/ tests a Clang version.
 * Built and tested with Clang 14 (Debian 12's default, what CI builds), 16
 * and 19 (Debian's archive has them; scripts/test-clang-versions.sh runs the
 * lit suite and the object identity check with each).  What changed on the
 * way is wrapped here:
 *   - llvm::StringRef::startswith() became starts_with() (16 has both, 19
 *     only the new one);
 *   - llvm::APInt::getMinSignedBits() became getSignificantBits() (16 has
 *     both, 19 only the new one);
 *   - CFGElement::getAs<>() returns std::optional from 17 on (callers use
 *     auto).
 */
#ifndef SLABCHECK_CLANG_COMPAT_H
#define SLABCHECK_CLANG_COMPAT_H

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/Stmt.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/Version.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/StringRef.h"

#if CLANG_VERSION_MAJOR < 14 || CLANG_VERSION_MAJOR > 19
#error "slabcheck's Clang front-ends support Clang 14 to 19"
#endif

static inline bool compat_starts_with(llvm::StringRef text,
				      llvm::StringRef prefix)
{
#if CLANG_VERSION_MAJOR >= 16
	return text.starts_with(prefix);
#else
	return text.startswith(prefix);
#endif
}

static inline bool compat_ends_with(llvm::StringRef text,
				    llvm::StringRef suffix)
{
#if CLANG_VERSION_MAJOR >= 16
	return text.ends_with(suffix);
#else
	return text.endswith(suffix);
#endif
}

/* An integer constant expression's value, when the expression is one. */
static inline bool compat_evaluate_int(const clang::Expr *expr,
				       const clang::ASTContext &context,
				       long long *value)
{
	clang::Expr::EvalResult result;

	if (expr->isValueDependent() || !expr->EvaluateAsInt(result, context) ||
	    !result.Val.isInt())
		return false;
	const llvm::APSInt &number = result.Val.getInt();

	/* As GCC's tree_fits_shwi_p(): what a signed 64-bit value holds. */
#if CLANG_VERSION_MAJOR >= 16
	unsigned int signed_bits = number.getSignificantBits();
#else
	unsigned int signed_bits = number.getMinSignedBits();
#endif

	if (number.isSigned() ? signed_bits > 64 : number.getActiveBits() > 63)
		return false;
	*value = number.isSigned() ? number.getSExtValue() :
				     (long long)number.getZExtValue();
	return true;
}

#endif
