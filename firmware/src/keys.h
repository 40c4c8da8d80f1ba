/*
 * keys.h - turns debounced key changes into protocol key events.
 *
 * PALETTE, CANVAS, DRAW/DECK and UNDO report a short press when the press begins.  DONE
 * reports on release if held < KEYS_LONG_MS, or a long press once the hold reaches
 * KEYS_LONG_MS (its release then reports nothing): holding DONE is how a player passes.
 * No key ever repeats.
 */
#ifndef PANEL_KEYS_H
#define PANEL_KEYS_H

#include <stdint.h>

#include "keymap.h"

#define KEYS_LONG_MS 1500
/* Most events one scan can produce: every key pressed at once plus four long presses. */
#define KEYS_MAX_EVENTS (KEY_COUNT + 4)

typedef struct {
	int8_t seat; /* 0-3, or -1 for UNDO */
	char key;    /* 'P' 'C' 'D' 'E' 'U' */
	char kind;   /* 'S' or 'L' */
} key_event_t;

typedef struct {
	uint16_t done_since[4]; /* low 16 bits of the time each seat's DONE went down */
	uint8_t done_held;      /* bit per seat */
	uint8_t long_sent;      /* bit per seat: this hold already reported 'L' */
} keys_t;

/** Starts with no key held. */
void keys_init(keys_t *k);

/** Writes the events for this scan into events (at most KEYS_MAX_EVENTS); returns how many. */
uint8_t keys_update(keys_t *k, uint32_t changed, uint32_t state, uint32_t now, key_event_t *events);

#endif
