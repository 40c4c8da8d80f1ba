/* commands.c - see commands.h. */
#include "commands.h"

#include <string.h>

static const char COLUMNS[] = "PCDE";

static command_t error(const char *why)
{
	command_t c = { CMD_ERROR, 0, why };
	return c;
}

/* Splits on runs of blanks; returns the word count, at most `cap` (more words make it cap + 1). */
static int split(char *line, char **words, int cap)
{
	int n = 0;
	for (char *w = strtok(line, " \t\r"); w; w = strtok(NULL, " \t\r")) {
		if (n == cap)
			return cap + 1;
		words[n++] = w;
	}
	return n;
}

command_t command_parse(const char *text)
{
	char line[128];
	if (strlen(text) >= sizeof line)
		return error("line too long");
	strcpy(line, text);
	char *w[3];
	int n = split(line, w, 3);
	if (n == 0)
		return error("empty command");
	if (strcmp(w[0], "leds") == 0 || strcmp(w[0], "reset") == 0 || strcmp(w[0], "quit") == 0) {
		if (n != 1)
			return error("this command takes no arguments");
		command_t c = { w[0][0] == 'l' ? CMD_LEDS : w[0][0] == 'r' ? CMD_RESET : CMD_QUIT, 0, NULL };
		return c;
	}
	if (strcmp(w[0], "press") != 0 && strcmp(w[0], "release") != 0)
		return error("unknown command (press, release, leds, reset, quit)");
	command_t c = { w[0][0] == 'p' ? CMD_PRESS : CMD_RELEASE, 0, NULL };
	if (n == 2 && strcmp(w[1], "U") == 0) {
		c.key = SIM_KEY_UNDO;
		return c;
	}
	if (n != 3)
		return error("usage: press|release SEAT KEY (SEAT 0-3, KEY P C D E) or press|release U");
	if (strlen(w[1]) != 1 || w[1][0] < '0' || w[1][0] > '3')
		return error("SEAT must be 0, 1, 2 or 3");
	const char *col = strlen(w[2]) == 1 ? strchr(COLUMNS, w[2][0]) : NULL;
	if (!col || !*col)
		return error("KEY must be P, C, D or E (U has no seat)");
	c.key = (uint8_t)((w[1][0] - '0') * 4 + (col - COLUMNS));
	return c;
}
