/*
 * line_reader.h - assembles received bytes into lines, one byte at a time (like Firmata's parser),
 * so it needs no more memory than one maximum-length line and never blocks.
 */
#ifndef PANEL_LINE_READER_H
#define PANEL_LINE_READER_H

#include <stdint.h>

#include "frame.h"

typedef enum {
	LINE_PENDING, /* byte taken, no line yet */
	LINE_READY,   /* a complete line is in buf[0..len) */
	LINE_NOISE,   /* a line longer than FRAME_MAX_LINE just ended and was dropped */
} line_status_t;

typedef struct {
	char buf[FRAME_MAX_LINE];
	uint8_t len;
	uint8_t overflow; /* the current line passed FRAME_MAX_LINE: drop bytes until its \n */
	uint8_t done;     /* buf holds the line last returned as LINE_READY; the next byte starts anew */
} line_reader_t;

/** Empties the reader (also what a zeroed struct means). */
void line_reader_reset(line_reader_t *r);

/** Feeds one byte; on LINE_READY the line (without \n and a \r before it) is in r->buf, r->len. */
line_status_t line_reader_feed(line_reader_t *r, uint8_t byte);

#endif
