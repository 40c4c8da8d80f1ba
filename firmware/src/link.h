/*
 * link.h - the panel's side of the line protocol: HELLO at boot, sequence numbers, KEY frames
 * kept until the host acks them (re-sent every LINK_RESEND_MS, LINK_MAX_RESENDS times at most),
 * heartbeats, acks of host frames, LED commands, and the host-lost timeout.
 */
#ifndef PANEL_LINK_H
#define PANEL_LINK_H

#include <stdint.h>

#include "keys.h"
#include "leds.h"

#define LINK_QUEUE 8
#define LINK_RESEND_MS 250
#define LINK_MAX_RESENDS 8
#define LINK_HB_MS 1000
#define LINK_HOST_TIMEOUT_MS 3000

#define FW_VERSION "1.0.0"
#define FW_KEYS "4xPCDE+U"

/* One KEY frame the host has not acked yet. */
typedef struct {
	uint8_t seq;
	key_event_t event;
	uint8_t sent;     /* the first transmission happened (it waits for TX room otherwise) */
	uint8_t resends;  /* re-sends so far */
	uint32_t due;     /* next transmission, or the give-up time after the last re-send */
} pending_key_t;

/* Counters the tests (and a debugger) read; they wrap, nothing depends on them. */
typedef struct {
	uint16_t given_up;   /* KEY frames dropped after LINK_MAX_RESENDS re-sends */
	uint16_t evicted;    /* KEY frames dropped because LINK_QUEUE were already waiting */
	uint16_t bad_frames; /* received lines rejected (length, format or CRC) */
	uint16_t tx_full;    /* frames not sent for lack of TX room */
} link_stats_t;

typedef struct {
	uint8_t next_seq;
	uint8_t hello_sent;
	pending_key_t queue[LINK_QUEUE]; /* oldest first */
	uint8_t queued;
	uint32_t hb_due;
	uint32_t last_host; /* time of the last valid host frame (or of boot) */
	uint8_t host_lost;
	leds_t *leds;
	link_stats_t stats;
} link_t;

/** Starts a link after reset: sends HELLO 0, heartbeats from now on. */
void link_init(link_t *l, leds_t *leds, uint32_t now);

/** Sends a KEY frame for a key event and keeps it until acked. */
void link_key(link_t *l, const key_event_t *event, uint32_t now);

/** Handles one received line (as the line reader returns it). */
void link_line(link_t *l, const char *line, uint8_t len, uint32_t now);

/** Counts a line the reader dropped as too long. */
void link_noise(link_t *l);

/** Does what is due at time now: re-sends, give-ups, heartbeat, host-lost timeout. */
void link_poll(link_t *l, uint32_t now);

#endif
