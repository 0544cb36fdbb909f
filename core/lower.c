// SPDX-License-Identifier: GPL-2.0
#include "model.h"

void model_lower(struct translation_unit *tu)
{
	tu->lowered = true;
}
