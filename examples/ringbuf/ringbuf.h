/* SPDX-License-Identifier: GPL-2.0 */
/* ringbuf: the interface other modules use. */
#ifndef RINGBUF_H
#define RINGBUF_H

#include <linux/types.h>

struct rb_ring;
struct rb_reader;

struct rb_ring *rb_ring_create(const char *name, unsigned int depth);
void rb_ring_destroy(struct rb_ring *ring);
int rb_push(struct rb_ring *ring, const void *data, size_t len);
int rb_push_bulk(struct rb_ring *ring, const void *data, size_t len);
struct rb_reader *rb_reader_open(struct rb_ring *ring);
ssize_t rb_read(struct rb_reader *r, void *buf, size_t size);
void rb_reader_close(struct rb_reader *r);

#endif
