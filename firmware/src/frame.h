/*
 * frame.h - the panel line protocol v1: one frame is "BODY*CC\n" (see firmware/PROTOCOL.md).
 *
 * Decoding never trusts its input: every byte is checked, the first failing check names the
 * reason (length, then framing, then CRC, then fields), and a rejected line changes nothing.
 */
#ifndef PANEL_FRAME_H
#define PANEL_FRAME_H

#include <stdint.h>

/* A line longer than this (bytes before its \n) is noise. */
#define FRAME_MAX_LINE 64

typedef enum { FRAME_HELLO, FRAME_KEY, FRAME_HB, FRAME_ACK, FRAME_LED } frame_type_t;

typedef enum {
	FRAME_OK = 0,
	FRAME_ERR_LENGTH, /* more than FRAME_MAX_LINE bytes */
	FRAME_ERR_FORMAT, /* not BODY*HH, or a field is wrong */
	FRAME_ERR_CRC,    /* well framed, but the CRC does not match */
} frame_result_t;

typedef enum { LED_MODE_OFF, LED_MODE_ON, LED_MODE_BLINK } led_mode_t;

/* KEY seat for the shared UNDO key, written "-" on the wire. */
#define FRAME_SEAT_NONE (-1)

/* One decoded frame; only the fields of its type are meaningful. */
typedef struct {
	uint8_t type;        /* frame_type_t */
	uint8_t seq;         /* 0-255 */
	int8_t seat;         /* KEY: 0-3 or FRAME_SEAT_NONE */
	char key;            /* KEY: 'P' 'C' 'D' 'E' 'U' */
	char kind;           /* KEY: 'S' short, 'L' long */
	char target;         /* LED: '0'-'3', 'G', 'R' */
	uint8_t mode;        /* LED: led_mode_t */
	const char *fw;      /* HELLO: points into the decoded line (or a constant when encoding) */
	uint8_t fw_len;
	const char *keys;    /* HELLO: ditto */
	uint8_t keys_len;
} frame_t;

/** Decodes one line (without its \n and any \r) into out; out is only valid on FRAME_OK. */
frame_result_t frame_decode(const char *line, uint16_t len, frame_t *out);

/** Writes f as "BODY*CC\n" into out; returns the byte count, or 0 if cap is too small. */
uint8_t frame_encode(const frame_t *f, char *out, uint8_t cap);

#endif
