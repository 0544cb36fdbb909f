/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PKTCACHE_H
#define PKTCACHE_H

#include <linux/gfp_types.h>

void *pkt_alloc_entry(gfp_t gfp);
void pkt_free_entry(void *entry);

#endif
