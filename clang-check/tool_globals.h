/* SPDX-License-Identifier: GPL-2.0 */
/*
 * slabcheck-clang --convert's pass over the whole run for globals
 * (core/convert/globals.h): the units that define a global they would
 * convert wait, while every unit says what it sees of the globals; then
 * the files under the current directory that name one are listed (a file
 * the run did not read may do anything with it), the core decides, and
 * the waiting units are converted again with its verdicts.
 */
#ifndef SLABCHECK_CLANG_TOOL_GLOBALS_H
#define SLABCHECK_CLANG_TOOL_GLOBALS_H

#include <string>
#include <vector>

#include "frontend.h"

/* What the units said of the globals, gathered as they finish. */
struct global_run {
	std::vector<struct global_fact> facts;
	/* The units that wait for the verdicts, by index in the run. */
	std::vector<size_t> waiting;
};

/*
 * A finished unit's table, with its facts in it: the facts are taken out
 * into 'run'; returns whether the unit waits (it defines a global it
 * would convert), and leaves in 'table' what is left to print.
 */
bool gather_global_facts(global_run &run, size_t unit, std::string &table);

/*
 * Every file under 'root' (C sources and headers; no hidden directory,
 * no symbolic link) that names one of the globals the waiting units
 * define, as "NAME\tABSOLUTE-PATH", then the run's verdicts.
 */
std::vector<struct global_verdict> decide_globals(const global_run &run,
						  const std::string &root);

#endif
