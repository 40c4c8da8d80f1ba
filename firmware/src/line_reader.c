/* line_reader.c - see line_reader.h. */
#include "line_reader.h"

void line_reader_reset(line_reader_t *r)
{
	r->len = 0;
	r->overflow = 0;
	r->done = 0;
}

line_status_t line_reader_feed(line_reader_t *r, uint8_t byte)
{
	if (r->done) {
		/* The previous line stays readable until this byte, so callers need no copy. */
		r->len = 0;
		r->done = 0;
	}
	if (byte == '\n') {
		if (r->overflow) {
			line_reader_reset(r);
			return LINE_NOISE;
		}
		/* Receivers ignore one \r before \n (a host may send CRLF); it still counted toward the limit. */
		if (r->len > 0 && r->buf[r->len - 1] == '\r')
			r->len--;
		r->done = 1;
		return LINE_READY;
	}
	if (r->overflow)
		return LINE_PENDING;
	if (r->len == FRAME_MAX_LINE) {
		r->overflow = 1;
		return LINE_PENDING;
	}
	r->buf[r->len++] = (char)byte;
	return LINE_PENDING;
}
