// SPDX-License-Identifier: GPL-2.0
#include "model.h"

void model_dump(const struct translation_unit *tu, FILE *stream)
{
	(void)tu;
	(void)stream;
}
