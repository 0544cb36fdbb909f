// SPDX-License-Identifier: GPL-2.0
/*
 * JSON text of a jansson value without jansson's dumper (json_text.h).
 * Objects come out in jansson's own order (the order keys were added),
 * strings escaped as jansson escapes them without JSON_ENSURE_ASCII or
 * JSON_ESCAPE_SLASH; a real number, which the facts never hold, is left to
 * jansson so that its format stays jansson's.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "json_text.h"

struct text {
	char *bytes;
	size_t length, capacity;
	bool failed;
};

static bool reserve(struct text *text, size_t more)
{
	size_t capacity = text->capacity ? text->capacity : 4096;
	char *bytes;

	if (text->failed)
		return false;
	if (text->length + more + 1 <= text->capacity)
		return true;
	while (capacity < text->length + more + 1)
		capacity *= 2;
	bytes = realloc(text->bytes, capacity);
	if (!bytes) {
		text->failed = true;
		return false;
	}
	text->bytes = bytes;
	text->capacity = capacity;
	return true;
}

static void append(struct text *text, const char *bytes, size_t length)
{
	if (!reserve(text, length))
		return;
	memcpy(text->bytes + text->length, bytes, length);
	text->length += length;
}

static void append_char(struct text *text, char c)
{
	if (!reserve(text, 1))
		return;
	text->bytes[text->length++] = c;
}

static void append_integer(struct text *text, json_int_t value)
{
	char digits[24];
	size_t at = sizeof(digits);
	/* The magnitude as unsigned: -LLONG_MIN does not fit a json_int_t. */
	unsigned long long magnitude =
		value < 0 ? 0ULL - (unsigned long long)value :
			    (unsigned long long)value;

	do {
		digits[--at] = (char)('0' + magnitude % 10);
		magnitude /= 10;
	} while (magnitude);
	if (value < 0)
		digits[--at] = '-';
	append(text, digits + at, sizeof(digits) - at);
}

/* jansson's escapes: the two that must be, the short forms, \u00XX. */
static void append_string(struct text *text, const char *string, size_t length)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t start = 0;

	append_char(text, '"');
	for (size_t i = 0; i < length; i++) {
		unsigned char c = (unsigned char)string[i];
		char escape[6] = { '\\', 0 };
		size_t escape_length = 2;

		if (c >= 0x20 && c != '"' && c != '\\')
			continue;
		append(text, string + start, i - start);
		start = i + 1;
		switch (c) {
		case '"':
		case '\\':
			escape[1] = (char)c;
			break;
		case '\b':
			escape[1] = 'b';
			break;
		case '\f':
			escape[1] = 'f';
			break;
		case '\n':
			escape[1] = 'n';
			break;
		case '\r':
			escape[1] = 'r';
			break;
		case '\t':
			escape[1] = 't';
			break;
		default:
			memcpy(escape + 1, "u00", 3);
			escape[4] = hex[c >> 4];
			escape[5] = hex[c & 15];
			escape_length = 6;
			break;
		}
		append(text, escape, escape_length);
	}
	append(text, string + start, length - start);
	append_char(text, '"');
}

static void append_value(struct text *text, const json_t *value);

static void append_real(struct text *text, const json_t *value)
{
	char *real = json_dumps(value, JSON_COMPACT | JSON_ENCODE_ANY);

	if (!real) {
		text->failed = true;
		return;
	}
	append(text, real, strlen(real));
	free(real);
}

static void append_value(struct text *text, const json_t *value)
{
	switch (json_typeof(value)) {
	case JSON_OBJECT: {
		const char *key;
		json_t *member;
		bool first = true;

		append_char(text, '{');
		/* jansson's iteration takes no const object. */
		json_object_foreach((json_t *)value, key, member)
		{
			if (!first)
				append_char(text, ',');
			first = false;
			append_string(text, key, strlen(key));
			append_char(text, ':');
			append_value(text, member);
		}
		append_char(text, '}');
		break;
	}
	case JSON_ARRAY:
		append_char(text, '[');
		for (size_t i = 0; i < json_array_size(value); i++) {
			if (i)
				append_char(text, ',');
			append_value(text, json_array_get(value, i));
		}
		append_char(text, ']');
		break;
	case JSON_STRING:
		append_string(text, json_string_value(value),
			      json_string_length(value));
		break;
	case JSON_INTEGER:
		append_integer(text, json_integer_value(value));
		break;
	case JSON_REAL:
		append_real(text, value);
		break;
	case JSON_TRUE:
		append(text, "true", 4);
		break;
	case JSON_FALSE:
		append(text, "false", 5);
		break;
	case JSON_NULL:
		append(text, "null", 4);
		break;
	}
}

char *json_compact_text(const json_t *value)
{
	struct text text = { 0 };

	append_value(&text, value);
	if (!reserve(&text, 0)) {
		free(text.bytes);
		return NULL;
	}
	text.bytes[text.length] = 0;
	return text.bytes;
}
