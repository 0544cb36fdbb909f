/*
 * Test stand-in for <linux/string.h>, modeled on Linux 6.12.
 * Written for slabcheck's tests; not kernel code.
 */
#ifndef _LINUX_STRING_H
#define _LINUX_STRING_H

#include <linux/types.h>
#include <linux/stddef.h>

void *memcpy(void *dest, const void *src, size_t count);
void *memmove(void *dest, const void *src, size_t count);
void *memset(void *s, int c, size_t count);
int memcmp(const void *cs, const void *ct, size_t count);
void *memchr(const void *s, int c, size_t n);
size_t strlen(const char *s);
size_t strnlen(const char *s, size_t count);
int strcmp(const char *cs, const char *ct);
int strncmp(const char *cs, const char *ct, size_t count);
char *strchr(const char *s, int c);
char *strrchr(const char *s, int c);
ssize_t strscpy(char *dest, const char *src, size_t count);
char *kstrdup(const char *s, gfp_t gfp);

static inline bool str_has_prefix_len(const char *str, const char *prefix,
				      size_t *len)
{
	size_t n = strlen(prefix);

	if (strncmp(str, prefix, n))
		return false;
	if (len)
		*len = n;
	return true;
}

#endif /* _LINUX_STRING_H */
