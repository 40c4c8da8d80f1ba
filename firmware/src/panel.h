/*
 * panel.h - the whole panel: matrix scan -> debounce -> key events -> link, and received bytes
 * -> lines -> link -> LEDs.  Both the AVR main loop and the host tests drive exactly this.
 */
#ifndef PANEL_PANEL_H
#define PANEL_PANEL_H

#include <stdint.h>

#include "debounce.h"
#include "keys.h"
#include "leds.h"
#include "line_reader.h"
#include "link.h"

typedef struct {
	debounce_t debounce;
	keys_t keys;
	leds_t leds;
	link_t link;
	line_reader_t rx;
} panel_t;

/** Boots the panel logic at time now: all LEDs off, HELLO sent. */
void panel_init(panel_t *p, uint32_t now);

/** Reads every key through the HAL: the 4x4 matrix row by row, then UNDO; bit per key (keymap.h). */
uint32_t panel_read_keys(void);

/** One scan at time now: reads the keys, reports events, runs the link's timers, updates the LEDs. */
void panel_scan(panel_t *p, uint32_t now);

/** Takes one received byte at time now. */
void panel_receive(panel_t *p, uint8_t byte, uint32_t now);

#endif
