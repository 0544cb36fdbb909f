/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A place in the source, as every front-end gives it (the conventions are
 * at the top of core/model/model.h): a file, a line, and a column counted
 * from 1.
 */
#ifndef SLABCHECK_SOURCE_LOCATION_H
#define SLABCHECK_SOURCE_LOCATION_H

struct source_location {
	const char *file;
	unsigned int line;
	unsigned int column;
};

#endif
