/* frame.c - encode and decode panel frames; a byte-exact mirror of firmware/protocol/vectors.txt. */
#include "frame.h"

#include <string.h>

#include "crc8.h"

#define MAX_TOKENS 5

typedef struct {
	const char *at;
	uint8_t len;
} token_t;

static const char HEX[] = "0123456789ABCDEF";

/* Only UPPERCASE digits count: the spec writes CC as two uppercase hex digits, so "7a" is malformed. */
static int hex_value(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static int token_is(const token_t *t, const char *word)
{
	uint8_t n = (uint8_t)strlen(word);
	return t->len == n && memcmp(t->at, word, n) == 0;
}

/* Decimal 0-255 without leading zeros, so every seq has exactly one spelling. */
static int parse_seq(const token_t *t, uint8_t *out)
{
	if (t->len < 1 || t->len > 3)
		return 0;
	if (t->len > 1 && t->at[0] == '0')
		return 0;
	uint16_t v = 0;
	for (uint8_t i = 0; i < t->len; i++) {
		char c = t->at[i];
		if (c < '0' || c > '9')
			return 0;
		v = (uint16_t)(v * 10 + (uint16_t)(c - '0'));
	}
	if (v > 255)
		return 0;
	*out = (uint8_t)v;
	return 1;
}

/* Splits on single spaces; an empty token (double, leading or trailing space) is malformed. */
static int tokenize(const char *body, uint8_t len, token_t *tokens)
{
	int count = 0;
	uint8_t start = 0;
	for (uint8_t i = 0; i <= len; i++) {
		if (i == len || body[i] == ' ') {
			if (i == start || count == MAX_TOKENS)
				return -1;
			tokens[count].at = body + start;
			tokens[count].len = (uint8_t)(i - start);
			count++;
			start = (uint8_t)(i + 1);
		}
	}
	return count;
}

/* "name=value" with a non-empty value; the value is returned as a slice of the line. */
static int parse_pair(const token_t *t, const char *name, const char **value, uint8_t *value_len)
{
	uint8_t n = (uint8_t)strlen(name);
	if (t->len <= n + 1 || memcmp(t->at, name, n) != 0 || t->at[n] != '=')
		return 0;
	*value = t->at + n + 1;
	*value_len = (uint8_t)(t->len - n - 1);
	return 1;
}

static frame_result_t decode_key(const token_t *tk, int count, frame_t *out)
{
	if (count != 5 || tk[2].len != 1 || tk[3].len != 1 || tk[4].len != 1)
		return FRAME_ERR_FORMAT;
	char seat = tk[2].at[0], key = tk[3].at[0], kind = tk[4].at[0];
	if (seat == '-') {
		if (key != 'U')
			return FRAME_ERR_FORMAT; /* only the shared UNDO key has no seat */
		out->seat = FRAME_SEAT_NONE;
	} else if (seat >= '0' && seat <= '3') {
		if (key != 'P' && key != 'C' && key != 'D' && key != 'E')
			return FRAME_ERR_FORMAT;
		out->seat = (int8_t)(seat - '0');
	} else {
		return FRAME_ERR_FORMAT;
	}
	if (kind != 'S' && !(kind == 'L' && key == 'E'))
		return FRAME_ERR_FORMAT; /* only DONE has a long press */
	out->key = key;
	out->kind = kind;
	return FRAME_OK;
}

static frame_result_t decode_led(const token_t *tk, int count, frame_t *out)
{
	if (count != 4 || tk[2].len != 1)
		return FRAME_ERR_FORMAT;
	char target = tk[2].at[0];
	if (!((target >= '0' && target <= '3') || target == 'G' || target == 'R'))
		return FRAME_ERR_FORMAT;
	if (token_is(&tk[3], "ON"))
		out->mode = LED_MODE_ON;
	else if (token_is(&tk[3], "OFF"))
		out->mode = LED_MODE_OFF;
	else if (token_is(&tk[3], "BLINK"))
		out->mode = LED_MODE_BLINK;
	else
		return FRAME_ERR_FORMAT;
	out->target = target;
	return FRAME_OK;
}

static frame_result_t decode_body(const char *body, uint8_t len, frame_t *out)
{
	token_t tk[MAX_TOKENS];
	int count = tokenize(body, len, tk);
	if (count < 2 || !parse_seq(&tk[1], &out->seq))
		return FRAME_ERR_FORMAT;
	if (token_is(&tk[0], "KEY")) {
		out->type = FRAME_KEY;
		return decode_key(tk, count, out);
	}
	if (token_is(&tk[0], "LED")) {
		out->type = FRAME_LED;
		return decode_led(tk, count, out);
	}
	if (token_is(&tk[0], "HB") || token_is(&tk[0], "ACK")) {
		out->type = token_is(&tk[0], "HB") ? FRAME_HB : FRAME_ACK;
		return count == 2 ? FRAME_OK : FRAME_ERR_FORMAT;
	}
	if (token_is(&tk[0], "HELLO")) {
		out->type = FRAME_HELLO;
		if (count != 4 || out->seq != 0)
			return FRAME_ERR_FORMAT; /* HELLO is always seq 0 */
		if (!parse_pair(&tk[2], "fw", &out->fw, &out->fw_len) ||
		    !parse_pair(&tk[3], "keys", &out->keys, &out->keys_len))
			return FRAME_ERR_FORMAT;
		return FRAME_OK;
	}
	return FRAME_ERR_FORMAT; /* unknown TYPE */
}

frame_result_t frame_decode(const char *line, uint16_t len, frame_t *out)
{
	if (len > FRAME_MAX_LINE)
		return FRAME_ERR_LENGTH;
	if (len < 4 || line[len - 3] != '*')
		return FRAME_ERR_FORMAT;
	int hi = hex_value(line[len - 2]), lo = hex_value(line[len - 1]);
	if (hi < 0 || lo < 0)
		return FRAME_ERR_FORMAT;
	uint8_t body_len = (uint8_t)(len - 3);
	for (uint8_t i = 0; i < body_len; i++) {
		uint8_t c = (uint8_t)line[i];
		if (c < 0x20 || c > 0x7E || c == '*')
			return FRAME_ERR_FORMAT;
	}
	if (crc8(line, body_len) != (uint8_t)(hi << 4 | lo))
		return FRAME_ERR_CRC;
	frame_t f;
	memset(&f, 0, sizeof f);
	frame_result_t r = decode_body(line, body_len, &f);
	if (r == FRAME_OK)
		*out = f;
	return r;
}

/* A tiny append-only writer: every put checks the capacity, so encode can never overrun. */
typedef struct {
	char *out;
	uint8_t len, cap;
	uint8_t ok;
} writer_t;

static void put(writer_t *w, const char *s, uint8_t n)
{
	if (!w->ok || (uint16_t)w->len + n > w->cap) {
		w->ok = 0;
		return;
	}
	memcpy(w->out + w->len, s, n);
	w->len = (uint8_t)(w->len + n);
}

static void put_str(writer_t *w, const char *s)
{
	put(w, s, (uint8_t)strlen(s));
}

static void put_char(writer_t *w, char c)
{
	put(w, &c, 1);
}

static void put_u8(writer_t *w, uint8_t v)
{
	char digits[3];
	uint8_t n = 0;
	do {
		digits[2 - n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	put(w, digits + 3 - n, n);
}

static const char *const TYPE_NAMES[] = { "HELLO", "KEY", "HB", "ACK", "LED" };
static const char *const MODE_NAMES[] = { "OFF", "ON", "BLINK" };

uint8_t frame_encode(const frame_t *f, char *out, uint8_t cap)
{
	writer_t w = { out, 0, cap, 1 };
	if (f->type > FRAME_LED)
		return 0;
	put_str(&w, TYPE_NAMES[f->type]);
	put_char(&w, ' ');
	put_u8(&w, f->seq);
	switch (f->type) {
	case FRAME_HELLO:
		put_str(&w, " fw=");
		put(&w, f->fw, f->fw_len);
		put_str(&w, " keys=");
		put(&w, f->keys, f->keys_len);
		break;
	case FRAME_KEY:
		put_char(&w, ' ');
		put_char(&w, f->seat == FRAME_SEAT_NONE ? '-' : (char)('0' + f->seat));
		put_char(&w, ' ');
		put_char(&w, f->key);
		put_char(&w, ' ');
		put_char(&w, f->kind);
		break;
	case FRAME_LED:
		put_char(&w, ' ');
		put_char(&w, f->target);
		put_char(&w, ' ');
		put_str(&w, f->mode <= LED_MODE_BLINK ? MODE_NAMES[f->mode] : "?");
		break;
	default:
		break;
	}
	uint8_t body_len = w.len;
	uint8_t crc = w.ok ? crc8(out, body_len) : 0;
	put_char(&w, '*');
	put_char(&w, HEX[crc >> 4]);
	put_char(&w, HEX[crc & 0x0F]);
	put_char(&w, '\n');
	return w.ok ? w.len : 0;
}
