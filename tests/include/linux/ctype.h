/*
 * Test stand-in for <linux/ctype.h>, modeled on Linux 6.12 (ASCII only,
 * without the kernel's lookup table).  Written for slabcheck's tests; not
 * kernel code.
 */
#ifndef _LINUX_CTYPE_H
#define _LINUX_CTYPE_H

static inline int isdigit(int c)
{
	return c >= '0' && c <= '9';
}

static inline int isxdigit(int c)
{
	return isdigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

static inline int isalpha(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static inline int isalnum(int c)
{
	return isalpha(c) || isdigit(c);
}

static inline int isspace(int c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

static inline int isprint(int c)
{
	return c >= 0x20 && c < 0x7f;
}

static inline int tolower(int c)
{
	return (c >= 'A' && c <= 'Z') ? c - 'A' + 'a' : c;
}

static inline int toupper(int c)
{
	return (c >= 'a' && c <= 'z') ? c - 'a' + 'A' : c;
}

/* Value of a hex digit, or -1. */
static inline int hex_to_bin(unsigned char ch)
{
	if (isdigit(ch))
		return ch - '0';
	ch = tolower(ch);
	if (ch >= 'a' && ch <= 'f')
		return ch - 'a' + 10;
	return -1;
}

#endif /* _LINUX_CTYPE_H */
