// RUN: %check %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE %s | %filecheck --allow-empty %s
// RUN: %check -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// Clean corpus: string handling of the kind mount-option and sysfs code
// does: splitting on separators, a token table, number and size parsing
// with suffixes, escaping for /proc output, and a hex dump.
#include <linux/ctype.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>

enum opt_token {
	Opt_uid,
	Opt_gid,
	Opt_mode,
	Opt_size,
	Opt_nr_inodes,
	Opt_noatime,
	Opt_errors,
	Opt_label,
	Opt_err
};

enum opt_type {
	OPT_FLAG,
	OPT_U32,
	OPT_OCTAL,
	OPT_SIZE,
	OPT_STRING,
	OPT_ENUM,
};

struct opt_spec {
	const char	*name;
	enum opt_token	token;
	enum opt_type	type;
	const char	*const *choices;
};

static const char *const errors_choices[] = {
	"continue", "remount-ro", "panic", NULL,
};

static const struct opt_spec fs_opts[] = {
	{ "uid",	Opt_uid,	OPT_U32,	NULL },
	{ "gid",	Opt_gid,	OPT_U32,	NULL },
	{ "mode",	Opt_mode,	OPT_OCTAL,	NULL },
	{ "size",	Opt_size,	OPT_SIZE,	NULL },
	{ "nr_inodes",	Opt_nr_inodes,	OPT_SIZE,	NULL },
	{ "noatime",	Opt_noatime,	OPT_FLAG,	NULL },
	{ "errors",	Opt_errors,	OPT_ENUM,	errors_choices },
	{ "label",	Opt_label,	OPT_STRING,	NULL },
};

#define FS_LABEL_MAX	16

struct fs_mount_opts {
	u32		uid;
	u32		gid;
	umode_t		mode;
	u64		size;
	u64		nr_inodes;
	bool		noatime;
	int		errors;
	char		label[FS_LABEL_MAX];
	unsigned long	seen;
};

/* Split off the next token ending at any of @delim; like strsep(). */
char *next_token(char **stringp, const char *delim)
{
	char *s = *stringp, *end;

	if (!s)
		return NULL;
	for (end = s; *end; end++) {
		if (strchr(delim, *end)) {
			*end = '\0';
			*stringp = end + 1;
			return s;
		}
	}
	*stringp = NULL;
	return s;
}

char *skip_spaces(const char *str)
{
	while (isspace(*str))
		++str;
	return (char *)str;
}

char *strim_trailing(char *s)
{
	size_t size = strlen(s);
	char *end;

	if (!size)
		return s;
	end = s + size - 1;
	while (end >= s && isspace(*end))
		end--;
	*(end + 1) = '\0';
	return s;
}

/* Parse an unsigned number in @base; 0 means "0x" hex, "0" octal, else 10. */
int parse_ull(const char *s, unsigned int base, unsigned long long *res)
{
	unsigned long long acc = 0;
	bool any = false;

	if (base == 0) {
		if (s[0] == '0' && tolower(s[1]) == 'x' && isxdigit(s[2])) {
			base = 16;
			s += 2;
		} else if (s[0] == '0') {
			base = 8;
		} else {
			base = 10;
		}
	}

	for (; *s; s++) {
		int d = hex_to_bin(*s);

		if (d < 0 || (unsigned int)d >= base)
			return -EINVAL;
		if (acc > (~0ULL - d) / base)
			return -ERANGE;
		acc = acc * base + d;
		any = true;
	}
	if (!any)
		return -EINVAL;
	*res = acc;
	return 0;
}

/* "64k", "16M", "2g", or a plain number of bytes. */
int parse_size(const char *s, u64 *res)
{
	char buf[24];
	size_t len = strnlen(s, sizeof(buf));
	unsigned int shift = 0;
	unsigned long long v;
	int err;

	if (len == 0 || len >= sizeof(buf))
		return -EINVAL;
	memcpy(buf, s, len + 1);

	switch (tolower(buf[len - 1])) {
	case 'g':
		shift += 10;
		fallthrough;
	case 'm':
		shift += 10;
		fallthrough;
	case 'k':
		shift += 10;
		buf[--len] = '\0';
		break;
	default:
		break;
	}

	err = parse_ull(buf, 10, &v);
	if (err)
		return err;
	if (shift && v > (~0ULL >> shift))
		return -ERANGE;
	*res = v << shift;
	return 0;
}

static const struct opt_spec *lookup_opt(const char *name, size_t len)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(fs_opts); i++) {
		if (strlen(fs_opts[i].name) == len &&
		    !strncmp(fs_opts[i].name, name, len))
			return &fs_opts[i];
	}
	return NULL;
}

static int match_choice(const char *const *choices, const char *val)
{
	int i;

	for (i = 0; choices[i]; i++)
		if (!strcmp(choices[i], val))
			return i;
	return -EINVAL;
}

static int apply_opt(struct fs_mount_opts *o, const struct opt_spec *spec,
		     const char *val)
{
	unsigned long long n;
	u64 size;
	int err;

	if (spec->type == OPT_FLAG) {
		if (val)
			return -EINVAL;
	} else if (!val || !*val) {
		return -EINVAL;
	}

	switch (spec->token) {
	case Opt_uid:
	case Opt_gid:
		err = parse_ull(val, 10, &n);
		if (err)
			return err;
		if (n > U32_MAX)
			return -ERANGE;
		if (spec->token == Opt_uid)
			o->uid = n;
		else
			o->gid = n;
		break;
	case Opt_mode:
		err = parse_ull(val, 8, &n);
		if (err)
			return err;
		if (n & ~07777ULL)
			return -EINVAL;
		o->mode = n;
		break;
	case Opt_size:
	case Opt_nr_inodes:
		err = parse_size(val, &size);
		if (err)
			return err;
		if (spec->token == Opt_size)
			o->size = size;
		else
			o->nr_inodes = size;
		break;
	case Opt_noatime:
		o->noatime = true;
		break;
	case Opt_errors:
		err = match_choice(spec->choices, val);
		if (err < 0)
			return err;
		o->errors = err;
		break;
	case Opt_label:
		if (strscpy(o->label, val, sizeof(o->label)) < 0)
			return -ENAMETOOLONG;
		break;
	default:
		return -EINVAL;
	}
	o->seen |= 1UL << spec->token;
	return 0;
}

/*
 * Parse a comma-separated option string in place.  On error, *bad points
 * at the offending option.
 */
int parse_mount_options(char *options, struct fs_mount_opts *o,
			const char **bad)
{
	char *p;

	*bad = NULL;
	while ((p = next_token(&options, ",")) != NULL) {
		const struct opt_spec *spec;
		char *val = strchr(p, '=');
		size_t name_len;
		int err;

		p = skip_spaces(p);
		if (!*p)
			continue;
		if (val)
			*val++ = '\0';
		strim_trailing(p);
		name_len = strlen(p);

		spec = lookup_opt(p, name_len);
		if (!spec) {
			*bad = p;
			return -EINVAL;
		}
		err = apply_opt(o, spec, val);
		if (err) {
			*bad = p;
			return err;
		}
	}
	return 0;
}

/* Escape @src for /proc/mounts: space, tab, newline, backslash as \ooo. */
size_t escape_mount_string(char *dst, size_t size, const char *src)
{
	static const char esc[] = " \t\n\\";
	size_t n = 0;

	for (; *src; src++) {
		unsigned char c = *src;

		if (strchr(esc, c)) {
			if (n + 4 >= size)
				break;
			dst[n++] = '\\';
			dst[n++] = '0' + ((c >> 6) & 7);
			dst[n++] = '0' + ((c >> 3) & 7);
			dst[n++] = '0' + (c & 7);
		} else {
			if (n + 1 >= size)
				break;
			dst[n++] = c;
		}
	}
	if (size)
		dst[n] = '\0';
	return n;
}

size_t unescape_mount_string(char *s)
{
	char *in = s, *out = s;

	while (*in) {
		if (in[0] == '\\' && in[1] >= '0' && in[1] <= '3' &&
		    in[2] >= '0' && in[2] <= '7' && in[3] >= '0' && in[3] <= '7') {
			*out++ = ((in[1] - '0') << 6) | ((in[2] - '0') << 3) |
				 (in[3] - '0');
			in += 4;
		} else {
			*out++ = *in++;
		}
	}
	*out = '\0';
	return out - s;
}

/* One line of a hex dump: "0010: 41 42 43 ...  ABC..." */
int hex_dump_line(char *buf, size_t size, unsigned int offset,
		  const u8 *data, size_t len)
{
	static const char hex[] = "0123456789abcdef";
	size_t i;
	int n;

	n = scnprintf(buf, size, "%04x:", offset);
	for (i = 0; i < 16 && (size_t)n + 4 < size; i++) {
		if (i < len) {
			buf[n++] = ' ';
			buf[n++] = hex[data[i] >> 4];
			buf[n++] = hex[data[i] & 0xf];
		} else {
			buf[n++] = ' ';
			buf[n++] = ' ';
			buf[n++] = ' ';
		}
	}
	if ((size_t)n + 2 < size) {
		buf[n++] = ' ';
		buf[n++] = ' ';
	}
	for (i = 0; i < len && i < 16 && (size_t)n + 1 < size; i++)
		buf[n++] = isprint(data[i]) ? data[i] : '.';
	buf[n] = '\0';
	return n;
}

/* Render the options that were set, in table order, for show_options(). */
int show_mount_options(const struct fs_mount_opts *o, char *buf, size_t size)
{
	char label[4 * FS_LABEL_MAX + 1];
	int n = 0;

	if (o->seen & (1UL << Opt_uid))
		n += scnprintf(buf + n, size - n, ",uid=%u", o->uid);
	if (o->seen & (1UL << Opt_gid))
		n += scnprintf(buf + n, size - n, ",gid=%u", o->gid);
	if (o->seen & (1UL << Opt_mode))
		n += scnprintf(buf + n, size - n, ",mode=%03o", o->mode);
	if (o->seen & (1UL << Opt_size))
		n += scnprintf(buf + n, size - n, ",size=%llu",
			       (unsigned long long)o->size);
	if (o->noatime)
		n += scnprintf(buf + n, size - n, ",noatime");
	if (o->seen & (1UL << Opt_errors))
		n += scnprintf(buf + n, size - n, ",errors=%s",
			       errors_choices[o->errors]);
	if (o->label[0]) {
		escape_mount_string(label, sizeof(label), o->label);
		n += scnprintf(buf + n, size - n, ",label=%s", label);
	}
	return n;
}

char *kstrndup_lower(const char *s, size_t max, gfp_t gfp)
{
	size_t len = strnlen(s, max);
	char *p = kmalloc(len + 1, gfp);
	size_t i;

	if (!p)
		return NULL;
	for (i = 0; i < len; i++)
		p[i] = tolower(s[i]);
	p[len] = '\0';
	return p;
}

#ifdef SLABCHECK_TWIN
/*
 * The twin caches parsed mount options, and copies the flags of a cache
 * it read about in mm/ without knowing one of them is mm/'s own.
 */
#include <linux/init.h>
#include <linux/slab-static.h>

static struct kmem_cache_opaque mount_opts_cache;
#define mount_opts_cachep to_kmem_cache(&mount_opts_cache)

int __init mount_opts_cache_init(void)
{
	// TWIN: {{.*}}[[@LINE+1]]:9: warning: SLAB_PREALLOCATED is internal to mm/ and must not be passed to 'kmem_cache_setup' [kmem-internal-flag]
	return kmem_cache_setup(mount_opts_cachep, "fs_mount_opts",
				sizeof(struct fs_mount_opts), 0,
				SLAB_ACCOUNT | SLAB_PREALLOCATED, NULL);
}
#endif
