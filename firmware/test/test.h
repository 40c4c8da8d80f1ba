/* test.h - a minimal test runner: named tests, checks that report file:line and both values. */
#ifndef PANEL_TEST_H
#define PANEL_TEST_H

#include <stdio.h>
#include <string.h>

extern int test_failures;
extern int test_checks;
extern const char *test_current;

/** Runs one named test (the name reads like a sentence) and reports its failed checks. */
void test_run(const char *name, void (*fn)(void));

/** Counts a failed check and prints where and why. */
void test_fail(const char *file, int line, const char *what);

#define CHECK(cond) \
	do { \
		test_checks++; \
		if (!(cond)) \
			test_fail(__FILE__, __LINE__, #cond); \
	} while (0)

#define CHECK_INT(actual, expected) \
	do { \
		long long a_ = (long long)(actual), e_ = (long long)(expected); \
		test_checks++; \
		if (a_ != e_) { \
			char m_[256]; \
			snprintf(m_, sizeof m_, "%s == %lld, expected %lld", #actual, a_, e_); \
			test_fail(__FILE__, __LINE__, m_); \
		} \
	} while (0)

#define CHECK_STR(actual, expected) test_check_str(__FILE__, __LINE__, #actual, (actual), (expected))

/** Compares two strings, reporting both in full when they differ. */
void test_check_str(const char *file, int line, const char *what, const char *actual, const char *expected);

/* The suites, one per file. */
void suite_frame(const char *vectors_path);
void suite_line_reader(void);
void suite_debounce(void);
void suite_keys(void);
void suite_leds(void);
void suite_link(void);
void suite_panel(void);
void suite_sim_commands(void);
void suite_fuzz(void);

#endif
