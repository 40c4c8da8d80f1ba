/* test_sim_commands.c - the simulator's stdin commands, parsed as a table of line -> command. */
#include "../sim/commands.h"
#include "test.h"

typedef struct {
	const char *line;
	command_kind_t kind;
	int key; /* -1: not checked */
} command_case_t;

static const command_case_t CASES[] = {
	{ "press 0 P", CMD_PRESS, 0 },
	{ "press 2 C", CMD_PRESS, 9 },
	{ "release 3 E", CMD_RELEASE, 15 },
	{ "press 1 D", CMD_PRESS, 6 },
	{ "press U", CMD_PRESS, SIM_KEY_UNDO },
	{ "release U", CMD_RELEASE, SIM_KEY_UNDO },
	{ "  press   1  E  \r", CMD_PRESS, 7 },
	{ "leds", CMD_LEDS, -1 },
	{ "reset", CMD_RESET, -1 },
	{ "quit", CMD_QUIT, -1 },
	{ "", CMD_ERROR, -1 },
	{ "press", CMD_ERROR, -1 },
	{ "press 4 P", CMD_ERROR, -1 },
	{ "press -1 P", CMD_ERROR, -1 },
	{ "press 1 U", CMD_ERROR, -1 },
	{ "press 1 p", CMD_ERROR, -1 },
	{ "press 1 PC", CMD_ERROR, -1 },
	{ "press 12 P", CMD_ERROR, -1 },
	{ "press U 1", CMD_ERROR, -1 },
	{ "press 1 P extra", CMD_ERROR, -1 },
	{ "leds now", CMD_ERROR, -1 },
	{ "LEDS", CMD_ERROR, -1 },
	{ "hold 1 P", CMD_ERROR, -1 },
};

static void parses_every_command_in_the_table(void)
{
	for (unsigned i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
		command_t c = command_parse(CASES[i].line);
		if (c.kind != CASES[i].kind)
			fprintf(stderr, "    \"%s\" parsed as kind %d\n", CASES[i].line, c.kind);
		CHECK_INT(c.kind, CASES[i].kind);
		if (CASES[i].key >= 0)
			CHECK_INT(c.key, CASES[i].key);
		if (c.kind == CMD_ERROR)
			CHECK(c.error && strlen(c.error) > 0);
	}
}

static void rejects_a_line_too_long_to_be_a_command(void)
{
	char line[300];
	memset(line, 'x', sizeof line - 1);
	line[sizeof line - 1] = 0;
	command_t c = command_parse(line);
	CHECK_INT(c.kind, CMD_ERROR);
	CHECK_STR(c.error, "line too long");
}

void suite_sim_commands(void)
{
	test_run("sim commands: parses every command in the table", parses_every_command_in_the_table);
	test_run("sim commands: rejects a line too long to be a command", rejects_a_line_too_long_to_be_a_command);
}
