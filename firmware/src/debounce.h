/*
 * debounce.h - per-key deferred debouncing (QMK's "sym_defer_pk"): a key's debounced state
 * follows its raw state only after the raw state has held still for DEBOUNCE_MS.  Any bounce
 * restarts that key's wait, so contact chatter and short noise spikes never become events.
 * Time-based rather than count-based, so it works at any scan rate.
 */
#ifndef PANEL_DEBOUNCE_H
#define PANEL_DEBOUNCE_H

#include <stdint.h>

#include "keymap.h"

#define DEBOUNCE_MS 5

typedef struct {
	uint32_t raw;               /* last raw sample, bit per key (1 = closed) */
	uint32_t state;             /* debounced state */
	uint16_t since[KEY_COUNT];  /* low 16 bits of the time raw last changed, per key */
} debounce_t;

/** Starts with every key released. */
void debounce_init(debounce_t *d);

/** Takes one raw sample at time now; returns the keys whose debounced state changed (see d->state). */
uint32_t debounce_update(debounce_t *d, uint32_t raw, uint32_t now);

#endif
