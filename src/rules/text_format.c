#include "rules/text_format.h"

#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* The text being written: bytes past limit (cap - 1) are counted, not stored, as vsnprintf
 * counts them for its return value. */
typedef struct {
    char *buf;
    size_t limit;
    size_t n;
} text_out;

typedef enum { SIZE_INT, SIZE_CHAR, SIZE_SHORT, SIZE_LONG, SIZE_LLONG, SIZE_SIZE } spec_size;

/* One conversion as parsed: width and prec are -1 when absent. */
typedef struct {
    bool minus, plus, space, zero;
    int width, prec;
    spec_size size;
    char conv;
} spec;

static void out_bytes(text_out *o, const char *s, size_t len)
{
    if (o->n < o->limit) {
        size_t room = o->limit - o->n;
        memcpy(o->buf + o->n, s, len < room ? len : room);
    }
    o->n += len;
}

static void out_fill(text_out *o, char c, size_t count)
{
    if (o->n < o->limit) {
        size_t room = o->limit - o->n;
        memset(o->buf + o->n, c, count < room ? count : room);
    }
    o->n += count;
}

/* A decimal number "123" or nothing; false when it passes INT_MAX (vsnprintf then fails with
 * EOVERFLOW, which it is left to say). */
static bool parse_number(const char **p, int *value)
{
    int v = 0;
    while (**p >= '0' && **p <= '9') {
        int d = *(*p)++ - '0';
        if (v > (INT_MAX - d) / 10)
            return false;
        v = v * 10 + d;
    }
    *value = v;
    return true;
}

static void parse_flags(const char **p, spec *sp)
{
    for (;; (*p)++) {
        switch (**p) {
        case '-':
            sp->minus = true;
            break;
        case '+':
            sp->plus = true;
            break;
        case ' ':
            sp->space = true;
            break;
        case '0':
            sp->zero = true;
            break;
        default:
            return;
        }
    }
}

/* Width and precision, from the format or (for '*') from the arguments, as printf reads them:
 * a negative '*' width is '-' and its size, a negative '*' precision is none. */
static bool parse_width_prec(const char **p, spec *sp, va_list *args)
{
    if (**p == '*') {
        (*p)++;
        int w = va_arg(*args, int);
        if (w == INT_MIN)
            return false;
        sp->minus |= w < 0;
        sp->width = w < 0 ? -w : w;
    } else if (**p >= '1' && **p <= '9') {
        if (!parse_number(p, &sp->width) || **p == '$')
            return false; /* positional arguments are vsnprintf's */
    }
    if (**p != '.')
        return true;
    (*p)++;
    if (**p == '*') {
        (*p)++;
        int pr = va_arg(*args, int);
        sp->prec = pr < 0 ? -1 : pr;
        return true;
    }
    return parse_number(p, &sp->prec);
}

static void parse_size(const char **p, spec *sp)
{
    switch (**p) {
    case 'h':
        (*p)++;
        sp->size = SIZE_SHORT;
        if (**p == 'h') {
            (*p)++;
            sp->size = SIZE_CHAR;
        }
        break;
    case 'l':
        (*p)++;
        sp->size = SIZE_LONG;
        if (**p == 'l') {
            (*p)++;
            sp->size = SIZE_LLONG;
        }
        break;
    case 'z':
        (*p)++;
        sp->size = SIZE_SIZE;
        break;
    default:
        break;
    }
}

/* Parses "%..." at *p (past the '%'); false for anything this file does not write itself. */
static bool parse_spec(const char **p, spec *sp, va_list *args)
{
    *sp = (spec){.width = -1, .prec = -1};
    parse_flags(p, sp);
    if (!parse_width_prec(p, sp, args))
        return false;
    parse_size(p, sp);
    sp->conv = *(*p)++;
    switch (sp->conv) {
    case 'd':
    case 'i':
    case 'u':
        return true;
    case 's':
    case 'c':
        return sp->size == SIZE_INT && !sp->zero; /* wide or '0'-padded: vsnprintf's */
    case 'f':
        return sp->prec >= 0 && sp->prec <= 3 && (sp->size == SIZE_INT || sp->size == SIZE_LONG);
    default:
        return false;
    }
}

/* The sign (or none), leading zeros, digits and padding of a number, laid out as printf does:
 * '-' pads right; '0' pads with zeros after the sign unless an integer has a precision.
 * digits[-1] must be free: an unpadded number is written in one piece, sign there. */
static void out_number(text_out *o, const spec *sp, char sign, size_t zeros, char *digits,
                       size_t nd, bool zero_pad)
{
    size_t total = (sign ? 1 : 0) + zeros + nd;
    size_t pad = sp->width > 0 && (size_t)sp->width > total ? (size_t)sp->width - total : 0;
    if (!pad && !zeros) {
        if (sign)
            *--digits = sign;
        out_bytes(o, digits, total);
        return;
    }
    if (pad && !sp->minus && !zero_pad)
        out_fill(o, ' ', pad);
    if (sign)
        out_bytes(o, &sign, 1);
    if (pad && !sp->minus && zero_pad)
        out_fill(o, '0', pad);
    out_fill(o, '0', zeros);
    out_bytes(o, digits, nd);
    if (pad && sp->minus)
        out_fill(o, ' ', pad);
}

/* Writes u's decimal digits ending at end; returns where they start. */
static char *digits_of(unsigned long long u, char *end)
{
    char *d = end;
    do {
        *--d = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    return d;
}

static void out_integer(text_out *o, const spec *sp, va_list *args)
{
    unsigned long long u;
    bool neg = false;
    if (sp->conv == 'u') {
        switch (sp->size) {
        case SIZE_CHAR:
            u = (unsigned char)va_arg(*args, unsigned);
            break;
        case SIZE_SHORT:
            u = (unsigned short)va_arg(*args, unsigned);
            break;
        case SIZE_LONG:
            u = va_arg(*args, unsigned long);
            break;
        case SIZE_LLONG:
            u = va_arg(*args, unsigned long long);
            break;
        case SIZE_SIZE:
            u = va_arg(*args, size_t);
            break;
        default:
            u = va_arg(*args, unsigned);
            break;
        }
    } else {
        long long v;
        switch (sp->size) {
        case SIZE_CHAR:
            v = (signed char)va_arg(*args, int);
            break;
        case SIZE_SHORT:
            v = (short)va_arg(*args, int);
            break;
        case SIZE_LONG:
            v = va_arg(*args, long);
            break;
        case SIZE_LLONG:
            v = va_arg(*args, long long);
            break;
        case SIZE_SIZE:
            v = va_arg(*args, ptrdiff_t);
            break;
        default:
            v = va_arg(*args, int);
            break;
        }
        neg = v < 0;
        u = neg ? 0ull - (unsigned long long)v : (unsigned long long)v;
    }
    char buf[24], *end = buf + sizeof buf;
    /* "%.0d" of 0 is no digits at all */
    char *d = sp->prec == 0 && u == 0 ? end : digits_of(u, end);
    size_t nd = (size_t)(end - d);
    size_t zeros = sp->prec > 0 && (size_t)sp->prec > nd ? (size_t)sp->prec - nd : 0;
    char sign = 0;
    if (sp->conv != 'u')
        sign = neg ? '-' : sp->plus ? '+' : sp->space ? ' ' : 0;
    out_number(o, sp, sign, zeros, d, nd, sp->zero && sp->prec < 0);
}

/* x * 10^prec rounded to the nearest integer, ties to even, computed exactly from x's bits as
 * printf rounds the exact binary value; false for what this does not cover (infinities, NaN,
 * |x| >= 1e15), which vsnprintf writes. m * 10^3 < 2^63 keeps every product in 64 bits. */
static bool scaled_round(double x, int prec, uint64_t *q, bool *neg)
{
    static const uint64_t pow10[] = {1, 10, 100, 1000};
    uint64_t bits;
    memcpy(&bits, &x, sizeof bits);
    *neg = bits >> 63;
    if (!(x < 1e15 && x > -1e15))
        return false;
    int biased = (int)((bits >> 52) & 0x7ff);
    uint64_t m = bits & ((UINT64_C(1) << 52) - 1);
    int e = -1074;
    if (biased) {
        m |= UINT64_C(1) << 52;
        e = biased - 1075;
    }
    uint64_t mp = m * pow10[prec];
    if (e >= 0) {
        *q = mp << e; /* x < 1e15 is an integer here: x * 1000 < 2^63 */
        return true;
    }
    int s = -e;
    if (s >= 64) {
        *q = 0; /* mp < 2^63 <= half of 2^s: below one half */
        return true;
    }
    uint64_t r = mp & ((UINT64_C(1) << s) - 1), half = UINT64_C(1) << (s - 1);
    *q = mp >> s;
    if (r > half || (r == half && (*q & 1)))
        (*q)++;
    return true;
}

static bool out_fixed(text_out *o, const spec *sp, va_list *args)
{
    static const uint64_t pow10[] = {1, 10, 100, 1000};
    double x = va_arg(*args, double);
    uint64_t q;
    bool neg;
    if (!scaled_round(x, sp->prec, &q, &neg))
        return false;
    char buf[32], *end = buf + sizeof buf, *d = end;
    uint64_t p = pow10[sp->prec], frac = q % p;
    for (int i = 0; i < sp->prec; i++) {
        *--d = (char)('0' + frac % 10);
        frac /= 10;
    }
    if (sp->prec > 0)
        *--d = '.';
    d = digits_of(q / p, d);
    char sign = neg ? '-' : sp->plus ? '+' : sp->space ? ' ' : 0;
    out_number(o, sp, sign, 0, d, (size_t)(end - d), sp->zero);
    return true;
}

static void out_string(text_out *o, const spec *sp, const char *s)
{
    size_t len;
    if (sp->prec < 0) {
        len = strlen(s);
    } else {
        /* memchr reads no further than the NUL it finds (C11 7.24.5.1): the text need not
         * end within the precision */
        const char *nul = memchr(s, '\0', (size_t)sp->prec);
        len = nul ? (size_t)(nul - s) : (size_t)sp->prec;
    }
    size_t pad = sp->width > 0 && (size_t)sp->width > len ? (size_t)sp->width - len : 0;
    if (pad && !sp->minus)
        out_fill(o, ' ', pad);
    out_bytes(o, s, len);
    if (pad && sp->minus)
        out_fill(o, ' ', pad);
}

/* One conversion written; false (arguments then partly read) when vsnprintf must write the
 * whole text instead. */
static bool out_conversion(text_out *o, const char **p, va_list *args)
{
    if (**p == '%') {
        (*p)++;
        out_bytes(o, "%", 1);
        return true;
    }
    spec sp;
    if (!parse_spec(p, &sp, args))
        return false;
    switch (sp.conv) {
    case 's': {
        const char *s = va_arg(*args, const char *);
        if (!s)
            return false; /* "(null)", or not, is the C library's choice */
        out_string(o, &sp, s);
        return true;
    }
    case 'c': {
        /* a NUL character is written and counted like any other */
        char c = (char)(unsigned char)va_arg(*args, int);
        size_t pad = sp.width > 1 ? (size_t)sp.width - 1 : 0;
        if (pad && !sp.minus)
            out_fill(o, ' ', pad);
        out_bytes(o, &c, 1);
        if (pad && sp.minus)
            out_fill(o, ' ', pad);
        return true;
    }
    case 'f':
        return out_fixed(o, &sp, args);
    default:
        out_integer(o, &sp, args);
        return true;
    }
}

/* The plain "%s" and "%d" most texts are made of skip the parse. */
static bool out_plain(text_out *o, char conv, va_list *args)
{
    static const spec plain_d = {.width = -1, .prec = -1, .conv = 'd'};
    if (conv == 'd') {
        out_integer(o, &plain_d, args);
        return true;
    }
    const char *s = va_arg(*args, const char *);
    if (!s)
        return false;
    out_bytes(o, s, strlen(s));
    return true;
}

static bool format_all(text_out *o, const char *fmt, va_list *args)
{
    const char *p = fmt;
    for (;;) {
        /* the C library's strchr outruns a loop over the text between conversions */
        const char *q = strchr(p, '%');
        if (!q) {
            out_bytes(o, p, strlen(p));
            return true;
        }
        out_bytes(o, p, (size_t)(q - p));
        p = q + 1;
        if (*p == 's' || *p == 'd') {
            if (!out_plain(o, *p++, args))
                return false;
        } else if (!out_conversion(o, &p, args)) {
            return false;
        }
    }
}

int rules_text_format_vprint(char *buf, size_t cap, const char *fmt, va_list ap)
{
    /* Our reads go through a copy: the caller's list stays whole for vsnprintf. */
    va_list args;
    va_copy(args, ap);
    text_out o = {.buf = buf, .limit = cap ? cap - 1 : 0};
    bool done = format_all(&o, fmt, &args);
    va_end(args);
    if (!done)
        return vsnprintf(buf, cap, fmt, ap);
    if (cap)
        buf[o.n < o.limit ? o.n : o.limit] = '\0';
    if (o.n > INT_MAX) {
        errno = EOVERFLOW;
        return -1;
    }
    return (int)o.n;
}

int rules_text_format_print(char *buf, size_t cap, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = rules_text_format_vprint(buf, cap, fmt, ap);
    va_end(ap);
    return n;
}
