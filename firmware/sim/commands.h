/*
 * commands.h - the simulator's stdin language, parsed without side effects so a bad line can
 * only ever produce an "ERR <why>" answer:
 *   press SEAT KEY | release SEAT KEY   SEAT 0-3, KEY P C D E
 *   press U | release U                 the shared UNDO key
 *   leds | reset | quit
 */
#ifndef SIM_COMMANDS_H
#define SIM_COMMANDS_H

#include <stdint.h>

#define SIM_KEY_UNDO 16

typedef enum { CMD_PRESS, CMD_RELEASE, CMD_LEDS, CMD_RESET, CMD_QUIT, CMD_ERROR } command_kind_t;

typedef struct {
	command_kind_t kind;
	uint8_t key;       /* CMD_PRESS/CMD_RELEASE: seat*4 + column (P C D E), or SIM_KEY_UNDO */
	const char *error; /* CMD_ERROR: why, as printed after "ERR " */
} command_t;

/** Parses one stdin line (without its newline). */
command_t command_parse(const char *line);

#endif
