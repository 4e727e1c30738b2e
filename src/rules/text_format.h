#ifndef RULES_TEXT_FORMAT_H
#define RULES_TEXT_FORMAT_H

#include <stdarg.h>
#include <stddef.h>

/* A printf for event and reason texts: the same bytes in buf and the same return value as
 * vsnprintf(buf, cap, fmt, ap), for any format. It writes itself the conversions the rule sets'
 * texts use (%s %c %d %i %u with flags - + space 0, width and precision, * included, the
 * h hh l ll z sizes, %.0f to %.3f, %%) and hands any other format whole to vsnprintf. Built
 * because vsnprintf's parsing cost more than the rest of an event (issue 19). Assumes the
 * default rounding mode, as every caller here runs in. */
int rules_text_format_vprint(char *buf, size_t cap, const char *fmt, va_list ap)
    __attribute__((format(printf, 3, 0)));

/* snprintf through rules_text_format_vprint. */
int rules_text_format_print(char *buf, size_t cap, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif // RULES_TEXT_FORMAT_H
