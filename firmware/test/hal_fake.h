/*
 * hal_fake.h - hal.h for the host tests: a clock moved by fake_advance_time, a 4x4 key matrix
 * that only conducts on the row the logic drives (like the real diodes), LEDs and a UART that
 * record what the logic did, with a timestamp per sent line.
 */
#ifndef PANEL_HAL_FAKE_H
#define PANEL_HAL_FAKE_H

#include <stdbool.h>
#include <stdint.h>

#include "../src/hal.h"

#define FAKE_MAX_LINES 2048
#define FAKE_LINE_LEN 80

typedef struct {
	uint32_t t;
	char text[FAKE_LINE_LEN]; /* without the \n */
} fake_line_t;

typedef struct {
	uint32_t now;
	uint32_t keys;            /* physical key state, bit per key (keymap.h), 1 = closed */
	int8_t row;               /* driven row, -1 when released */
	uint32_t column_reads_without_row;
	bool led[HAL_LED_COUNT];
	uint32_t led_writes;
	uint16_t tx_free;         /* what hal_uart_tx_free answers */
	fake_line_t lines[FAKE_MAX_LINES];
	int line_count;
	char partial[FAKE_LINE_LEN];
	int partial_len;
	const char *rx;           /* bytes hal_uart_read hands out */
} fake_hal_t;

extern fake_hal_t fake;

/** Back to time 0, no key closed, LEDs off, nothing sent, plenty of TX room. */
void fake_reset(void);

/** Moves the fake clock forward. */
void fake_advance_time(uint32_t ms);

/** Closes (true) or opens a key. */
void fake_key(uint8_t index, bool closed);

/** Index of the first sent line equal to text at or after line `from`, or -1. */
int fake_find_line(const char *text, int from);

/** How many sent lines equal text. */
int fake_count_lines(const char *text);

/** How many sent lines start with prefix. */
int fake_count_prefix(const char *prefix);

#endif
