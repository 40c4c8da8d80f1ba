/* keys.c - see keys.h. */
#include "keys.h"

#include <string.h>

void keys_init(keys_t *k)
{
	memset(k, 0, sizeof *k);
}

static uint8_t emit(key_event_t *events, uint8_t n, int8_t seat, char key, char kind)
{
	events[n].seat = seat;
	events[n].key = key;
	events[n].kind = kind;
	return (uint8_t)(n + 1);
}

uint8_t keys_update(keys_t *k, uint32_t changed, uint32_t state, uint32_t now, key_event_t *events)
{
	uint8_t n = 0;
	uint16_t now16 = (uint16_t)now;
	if (!changed && !k->done_held)
		return 0;
	uint32_t bit = 1; /* KEY_INDEX(seat, col) counts up by one, so the bit is walked along */
	for (uint8_t seat = 0; seat < 4; seat++) {
		for (uint8_t col = 0; col < 4; col++, bit <<= 1) {
			if (!(changed & bit))
				continue;
			uint8_t down = (state & bit) != 0;
			if (col != KEY_COL_DONE) {
				if (down)
					n = emit(events, n, (int8_t)seat, KEY_COL_LETTERS[col], 'S');
				continue;
			}
			uint8_t seat_bit = (uint8_t)(1u << seat);
			if (down) {
				k->done_since[seat] = now16;
				k->done_held |= seat_bit;
				k->long_sent &= (uint8_t)~seat_bit;
			} else {
				if ((k->done_held & seat_bit) && !(k->long_sent & seat_bit))
					n = emit(events, n, (int8_t)seat, 'E', 'S');
				k->done_held &= (uint8_t)~seat_bit;
				k->long_sent &= (uint8_t)~seat_bit;
			}
		}
	}
	if ((changed & KEY_BIT(KEY_UNDO)) && (state & KEY_BIT(KEY_UNDO)))
		n = emit(events, n, -1, 'U', 'S');
	/* A DONE still held reports 'L' exactly once, the first scan its hold reaches KEYS_LONG_MS. */
	for (uint8_t seat = 0; seat < 4; seat++) {
		uint8_t seat_bit = (uint8_t)(1u << seat);
		if ((k->done_held & seat_bit) && !(k->long_sent & seat_bit) &&
		    (uint16_t)(now16 - k->done_since[seat]) >= KEYS_LONG_MS) {
			k->long_sent |= seat_bit;
			n = emit(events, n, (int8_t)seat, 'E', 'L');
		}
	}
	return n;
}
