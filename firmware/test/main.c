/* main.c - runs every host test suite; the first argument is the protocol vectors file. */
#include <stdlib.h>

#include "test.h"

int test_failures;
int test_checks;
const char *test_current;
static int tests_run;
static int tests_failed;

void test_fail(const char *file, int line, const char *what)
{
	test_failures++;
	fprintf(stderr, "  FAIL %s\n    %s:%d: %s\n", test_current, file, line, what);
}

void test_check_str(const char *file, int line, const char *what, const char *actual, const char *expected)
{
	test_checks++;
	if (strcmp(actual, expected) == 0)
		return;
	test_failures++;
	fprintf(stderr, "  FAIL %s\n    %s:%d: %s == \"%s\", expected \"%s\"\n", test_current, file, line, what, actual,
	        expected);
}

void test_run(const char *name, void (*fn)(void))
{
	int before = test_failures;
	test_current = name;
	fn();
	tests_run++;
	if (test_failures != before)
		tests_failed++;
	printf("%s %s\n", test_failures == before ? "ok  " : "FAIL", name);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: %s VECTORS_FILE\n", argv[0]);
		return 2;
	}
	suite_frame(argv[1]);
	suite_line_reader();
	suite_debounce();
	suite_keys();
	suite_leds();
	suite_link();
	suite_panel();
	suite_sim_commands();
	suite_fuzz();
	printf("%d tests, %d checks, %d failed tests, %d failed checks\n", tests_run, test_checks, tests_failed,
	       test_failures);
	return test_failures == 0 && tests_run > 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
