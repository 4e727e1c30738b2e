/* The event-text formatter (rules/text_format.h) against the C library's vsnprintf: for every
 * format, value and capacity tried, the same return value and the same bytes in the buffer,
 * the bytes past the capacity untouched; formats it does not write itself go to vsnprintf and
 * must come back the same too. A fixed-seed fuzz loop mixes flags, widths, precisions, sizes
 * and values. */
#include "rules/text_format.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>
#include <float.h>
#include <limits.h>
#include <math.h> /* INFINITY, NAN */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define BUF_MAX 1024

static int checks; /* how many comparisons ran: a loop that compares nothing must fail */

/* Both formatters into sentinel-filled buffers of cap (of BUF_MAX); fails on any difference. */
static void check_v(size_t cap, const char *fmt, va_list ap)
{
    char want[BUF_MAX], got[BUF_MAX];
    memset(want, 0x5a, sizeof want);
    memset(got, 0x5a, sizeof got);
    va_list ap2;
    va_copy(ap2, ap);
    int want_n = vsnprintf(want, cap, fmt, ap);
    int got_n = rules_text_format_vprint(got, cap, fmt, ap2);
    va_end(ap2);
    if (want_n != got_n || memcmp(want, got, sizeof want) != 0) {
        print_error("format \"%s\" cap %zu: vsnprintf %d \"%.*s\", ours %d \"%.*s\"\n", fmt, cap,
                    want_n, cap ? (int)strnlen(want, cap) : 0, want, got_n,
                    cap ? (int)strnlen(got, cap) : 0, got);
        fail();
    }
    checks++;
}

/* One format at several capacities: whole, cut anywhere through it, one byte, none. */
static void check_list(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));
static void check_list(const char *fmt, va_list ap)
{
    char tmp[BUF_MAX];
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap2);
    va_end(ap2);
    assert_true(n < BUF_MAX - 2);
    /* a failed format (n < 0: a '%' at the end) is compared at a few capacities */
    size_t last = n < 0 ? 12 : (size_t)n + 2;
    for (size_t cap = 0; cap <= last; cap++) {
        va_copy(ap2, ap);
        check_v(cap, fmt, ap2);
        va_end(ap2);
    }
    va_copy(ap2, ap);
    check_v(BUF_MAX, fmt, ap2);
    va_end(ap2);
}

static void check(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void check(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    check_list(fmt, ap);
    va_end(ap);
}

/* check() without the compiler's format check: for the formats it rightly warns about (flags
 * that do nothing, null strings, a '%' at the end), which a text may still hold. */
static void check_odd(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    check_list(fmt, ap);
    va_end(ap);
}

/* One format at one capacity; unchecked by the compiler, as the fuzz loop builds its formats
 * at run time (their arguments match them by construction). */
static void check_cap(size_t cap, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    check_v(cap, fmt, ap);
    va_end(ap);
}

static void test_strings(void **state)
{
    (void)state;
    check("plain text");
    check_odd("");
    check("%s", "");
    check("%s", "Brigade");
    check("%s: %s", "1st Brigade", "");
    check("%s%s%s", "a", "", "c");
    check("%.0s|%.3s|%.10s|%.40s", "abcdef", "abcdef", "abcdef", "");
    check("%.2s", "ab");
    check("%8s|%-8s|%3s|%-3s", "ab", "ab", "abcdef", "abcdef");
    check("%8.2s|%-8.2s|%.*s|%*s|%-*s", "abcdef", "abcdef", 3, "abcdef", 6, "ab", 6, "ab");
    check("%*s|%.*s", -6, "ab", -1, "abcdef");
    check_odd("%+s % s", "sign", "space");
    char unterminated[4] = {'w', 'x', 'y', 'z'}; /* a precision reads no further than itself */
    check("%.4s|%.2s", unterminated, unterminated);
    char longer[600];
    memset(longer, 'q', sizeof longer - 1);
    longer[sizeof longer - 1] = '\0';
    check("%s!", longer);
    check_cap(160, "%s fires at %s", longer, "them");
    check("caf\xc3\xa9 %s", "\xc3\xa9t\xc3\xa9"); /* UTF-8 is bytes to both */
}

static void test_integers(void **state)
{
    (void)state;
    check("%d %d %d %d %d", 0, 1, -1, 42, -42);
    check("%d|%i", INT_MAX, INT_MIN);
    check("%+d|%+d|%+d|%+d", 0, 3, -3, INT_MIN);
    check_odd("% d|% d|%+ d", 5, -5, 5);
    check("%u|%u|%u", 0u, 7u, UINT_MAX);
    check_odd("%+u|% u", 7u, 7u);
    check_odd("%5d|%-5d|%05d|%-05d|%05d", 42, 42, 42, 42, -42);
    check("%+05d|% 05d|%1d|%2d", 42, 42, 12345, -12345);
    check_odd("%.0d|%.0d|%.1d|%.5d|%.5d|%8.5d|%-8.5d|%08.5d", 0, 1, 0, 42, -42, 42, -42, 42);
    check("%*d|%-*d|%.*d|%*.*d", 6, 1, 6, 1, 3, 1, 7, 4, -1);
    check("%*d|%.*d", -6, 1, -3, 7);
    check("%ld|%lu|%lld|%llu", LONG_MIN, ULONG_MAX, LLONG_MIN, ULLONG_MAX);
    check("%zu|%zd|%zu", (size_t)0, (ptrdiff_t)-9, SIZE_MAX);
    check("%hd|%hu|%hhd|%hhu", 70000, 70000, 300, 300);
    check("%hd|%hhd", -32768, -128);
    check("%d hit%s on %s's unit", 1, "", "Smith");
    check("%d%%|%%|100%% %s", 50, "sure");
    check("%+d: %s", -2, "in the open");
}

static void test_characters(void **state)
{
    (void)state;
    check("%c%c%c", 'a', 'B', ' ');
    check("%3c|%-3c|%1c", 'x', 'y', 'z');
    check_cap(8, "a%cb", 0); /* a NUL character is counted and written */
    check_cap(2, "a%cb", 0);
    check_cap(8, "%3c|%-3c|", 0, 0);
    check("%c", 200);
}

static void test_fixed(void **state)
{
    (void)state;
    check("%.1f %.1f %.1f %.1f", 0.0, -0.0, 1.0, -1.0);
    check("%.1f|%.1f|%.1f|%.1f|%.1f", 0.05, 0.15, 0.25, 0.35, 0.45);
    check("%.0f|%.0f|%.0f|%.0f|%.0f|%.0f", 0.5, 1.5, 2.5, -0.5, -1.5, 0.49999999999999994);
    check("%.2f|%.2f|%.2f|%.3f|%.3f", 1.005, 2.675, 1.125, 0.0005, 1.0625);
    check("%.1f|%.1f|%.1f", -0.04, -0.05, -0.06);
    check("%.1f|%.1f|%.1f", 5e-324, 1e-300, DBL_MIN);
    check("%.1f|%.3f|%.0f", 999999999999999.9, 123456789012345.678, 1e15 - 1);
    check("%.1f|%.1f", 1e15, -1e15); /* past what it writes itself */
    check("%.1f|%.1f|%.1f", (double)INFINITY, -(double)INFINITY, (double)NAN);
    check("%8.1f|%-8.1f|%08.1f|%+.1f|% .1f|%+08.1f|%-+8.1f", 3.25, 3.25, -3.25, 3.25, 3.25, 3.25,
          3.25);
    check("%.*f|%*.1f|%lf", 2, 1.5, 7, 2.5, 0.1);
    check("%s %s %.1f inches", "The", "brigade", 7.5);
    check("rolls %d: up to %d\"; it moves %.1f\"%s", 9, 9, 8.75, ".");
}

static void test_handed_on(void **state)
{
    (void)state;
    /* what it does not write itself: the same text through vsnprintf */
    check("%g|%g|%g", 0.1, 1e20, -0.0);
    check("%f|%e|%.4f|%.1Lf", 1.0 / 3, 12345.678, 2.0 / 3, 1.25L);
    check("%x|%X|%o|%#x|%p", 255u, 255u, 8u, 255u, (void *)0);
    check_odd("%05s|%jd|%td", "ab", (intmax_t)-1, (ptrdiff_t)3);
    check_odd("%2$s %1$s", "world", "hello");
    check("%.1f then %g then %d", 1.25, 2.5, 3);
    check_odd("%s", (const char *)NULL);
    check_odd("%.3s", (const char *)NULL);
    check("%ls", L"wide");
    check_odd("trailing %");
}

static void test_zero_capacity(void **state)
{
    (void)state;
    assert_int_equal(rules_text_format_print(NULL, 0, "%s %d", "abc", 12), 6);
    char buf[4] = "xyz";
    assert_int_equal(rules_text_format_print(buf, 0, "%s", "abcdef"), 6);
    assert_string_equal(buf, "xyz");
    assert_int_equal(rules_text_format_print(buf, 1, "%s", "abcdef"), 6);
    assert_string_equal(buf, "");
    assert_int_equal(rules_text_format_print(buf, sizeof buf, "%d", -1234), 5);
    assert_string_equal(buf, "-12");
}

/* ---- fuzz ----------------------------------------------------------------------------- */

static uint64_t rng_state = 0x9e3779b97f4a7c15u;

static uint32_t rnd(uint32_t n)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 11) % n;
}

static const char *pick(const char *const *set, size_t n)
{
    return set[rnd((uint32_t)n)];
}

/* "%" with random flags, width (maybe '*') and precision (maybe '*'); *stars counts the '*'s. */
static size_t spec_prefix(char *out, int *stars)
{
    static const char *const flags[] = {"", "", "", "-", "+", " ", "0", "-0", "+0", "+ ", "#"};
    static const char *const widths[] = {"", "", "", "1", "3", "8", "12", "*"};
    static const char *const precs[] = {"", "", "", ".", ".0", ".1", ".2", ".3", ".5", ".40", ".*"};
    const char *w = pick(widths, sizeof widths / sizeof *widths);
    const char *p = pick(precs, sizeof precs / sizeof *precs);
    *stars = (strcmp(w, "*") == 0) + (strcmp(p, ".*") == 0);
    return (size_t)sprintf(out, "%%%s%s%s", pick(flags, sizeof flags / sizeof *flags), w, p);
}

static int fuzz_int(void)
{
    static const int edges[] = {0,  1,   -1,    9,       10,      -10,
                                99, 100, 12345, INT_MAX, INT_MIN, INT_MIN + 1};
    return rnd(3) ? (int)(rnd(UINT32_MAX) - (UINT32_MAX / 2)) / (int)(1 + rnd(100000))
                  : edges[rnd(sizeof edges / sizeof *edges)];
}

static double fuzz_double(void)
{
    switch (rnd(8)) {
    case 0:
        return (double)fuzz_int() / 20; /* ties at one decimal */
    case 1:
        return (double)fuzz_int() / 2000;
    case 2:
        return (double)(int)rnd(2000) / 8 - 125; /* exact binary ties */
    case 3: {
        double x = (double)rnd(UINT32_MAX) / UINT32_MAX - 0.5;
        for (int k = (int)rnd(36) - 20; k > 0; k--)
            x *= 10;
        for (int k = (int)rnd(21); k > 0; k--)
            x /= 10;
        return x;
    }
    case 4: {
        static const double edges[] = {0.0,        -0.0,   0.05,  0.25,   2.5,  -2.5, 1e15,
                                       1e15 - 0.5, 5e-324, 1e300, 0.9999, 9.95, 99.95};
        return edges[rnd(sizeof edges / sizeof *edges)];
    }
    default:
        return (double)fuzz_int() / (1 + (int)rnd(1000));
    }
}

static const char *fuzz_string(void)
{
    static const char *const set[] = {"",
                                      "a",
                                      "ab",
                                      "Brigade",
                                      "1st Line Infantry Brigade",
                                      "the cavalry, shaken, falls back",
                                      "%d not a format"};
    return pick(set, sizeof set / sizeof *set);
}

static size_t fuzz_cap(int n)
{
    switch (rnd(4)) {
    case 0:
        return BUF_MAX;
    case 1:
        return 160;
    default:
        return rnd((uint32_t)(n > 0 ? n : 0) + 3);
    }
}

#define FUZZ_CALL(cap, fmt, stars, a, b, v)                                                        \
    do {                                                                                           \
        if ((stars) == 0)                                                                          \
            check_cap(cap, fmt, v);                                                                \
        else if ((stars) == 1)                                                                     \
            check_cap(cap, fmt, a, v);                                                             \
        else                                                                                       \
            check_cap(cap, fmt, a, b, v);                                                          \
    } while (0)

/* One conversion between random literal text, its argument of the type it names. */
static void fuzz_one(void)
{
    static const char *const text[] = {"", "", "x", "Turn ", ": ", " (pairs)", "%% "};
    char fmt[64];
    int stars;
    size_t lead = (size_t)sprintf(fmt, "%s", pick(text, sizeof text / sizeof *text));
    size_t n = lead + spec_prefix(fmt + lead, &stars);
    int a = (int)rnd(30) - 10, b = (int)rnd(30) - 10;
    size_t cap = fuzz_cap(200); /* 200: more than any text built here */
    switch (rnd(11)) {
    case 0:
        sprintf(fmt + n, "d%s", pick(text, 7));
        FUZZ_CALL(cap, fmt, stars, a, b, fuzz_int());
        break;
    case 1:
        sprintf(fmt + n, "i");
        FUZZ_CALL(cap, fmt, stars, a, b, fuzz_int());
        break;
    case 2:
        sprintf(fmt + n, "u");
        FUZZ_CALL(cap, fmt, stars, a, b, (unsigned)fuzz_int());
        break;
    case 3:
        sprintf(fmt + n, "lld");
        FUZZ_CALL(cap, fmt, stars, a, b, (long long)fuzz_int() * 99991);
        break;
    case 4:
        sprintf(fmt + n, "zu");
        FUZZ_CALL(cap, fmt, stars, a, b, (size_t)rnd(UINT32_MAX));
        break;
    case 5:
        sprintf(fmt + n, "hd");
        FUZZ_CALL(cap, fmt, stars, a, b, fuzz_int());
        break;
    case 6:
        sprintf(fmt + n, "c");
        FUZZ_CALL(cap, fmt, stars, a, b, (int)rnd(128));
        break;
    case 7:
        sprintf(fmt + n, "s%s", pick(text, 7));
        FUZZ_CALL(cap, fmt, stars, a, b, fuzz_string());
        break;
    case 8:
        sprintf(fmt + n, "f");
        FUZZ_CALL(cap, fmt, stars, a, b, fuzz_double());
        break;
    case 9:
        sprintf(fmt + n, "%s", rnd(2) ? "g" : "x"); /* handed on */
        if (fmt[n] == 'g')
            FUZZ_CALL(cap, fmt, stars, a, b, fuzz_double());
        else
            FUZZ_CALL(cap, fmt, stars, a, b, (unsigned)fuzz_int());
        break;
    default: /* the distances' "%.1f", often */
        sprintf(fmt + lead, "%%.1f");
        check_cap(cap, fmt, fuzz_double());
        break;
    }
}

/* Three conversions in one text, as the rule sets write them (a name, a count, a distance). */
static void fuzz_three(void)
{
    char fmt[96], s1[24], s2[24], s3[24];
    int st1, st2, st3;
    spec_prefix(s1, &st1);
    spec_prefix(s2, &st2);
    spec_prefix(s3, &st3);
    if (st1 || st2 || st3)
        return; /* '*' arguments would shift the list: fuzz_one covers them */
    sprintf(fmt, "%ss: %sd of %sf, %%.1f\"", s1, s2, s3);
    check_cap(fuzz_cap(120), fmt, fuzz_string(), fuzz_int(), fuzz_double(), fuzz_double());
}

static void test_fuzz(void **state)
{
    (void)state;
    int before = checks;
    for (int i = 0; i < 200000; i++)
        fuzz_one();
    for (int i = 0; i < 50000; i++)
        fuzz_three();
    assert_true(checks - before > 200000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_strings),    cmocka_unit_test(test_integers),
        cmocka_unit_test(test_characters), cmocka_unit_test(test_fixed),
        cmocka_unit_test(test_handed_on),  cmocka_unit_test(test_zero_capacity),
        cmocka_unit_test(test_fuzz),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
