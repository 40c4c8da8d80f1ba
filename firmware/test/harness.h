/*
 * harness.h - replays a table of timed inputs (key closes/opens, host frames) against the whole
 * panel on the fake HAL, scanning every scan_ms like the AVR main loop does every 1 ms tick.
 */
#ifndef PANEL_HARNESS_H
#define PANEL_HARNESS_H

#include <stdbool.h>
#include <stdint.h>

#include "../src/panel.h"
#include "hal_fake.h"

typedef struct {
	uint32_t t;
	int8_t key;       /* key index, or -1 for a host frame */
	bool closed;
	const char *body; /* host frame BODY; the harness appends *CC and \n */
} step_t;

#define PRESS(t, k) { (t), (int8_t)(k), true, NULL }
#define RELEASE(t, k) { (t), (int8_t)(k), false, NULL }
#define HOST(t, body) { (t), -1, false, (body) }

/** Resets the fake HAL and boots the panel at time 0. */
void harness_start(panel_t *p);

/** Replays steps up to and including time `until`, scanning at every multiple of scan_ms;
 *  with auto_ack every KEY the panel sends is acked at once, like a healthy host. */
void harness_run(panel_t *p, const step_t *steps, int n, uint32_t until, uint32_t scan_ms, bool auto_ack);

/** Feeds one host frame, "BODY*CC\n" with the right CRC, byte by byte at the current time. */
void harness_host_frame(panel_t *p, const char *body);

/** Writes "BODY*CC" for body into out (what a correct sender puts on the wire, minus \n). */
const char *framed(const char *body, char *out, int cap);

#endif
