/* debounce.c - see debounce.h. */
#include "debounce.h"

#include <string.h>

void debounce_init(debounce_t *d)
{
	memset(d, 0, sizeof *d);
}

uint32_t debounce_update(debounce_t *d, uint32_t raw, uint32_t now)
{
	uint32_t changed = 0;
	uint32_t moved = raw ^ d->raw;
	/* Nearly every scan finds every key settled: skip the per-key walk, the AVR sleeps longer. */
	if (!moved && raw == d->state)
		return 0;
	/* 16-bit times suffice: a waiting key settles within DEBOUNCE_MS, far below the 65 s wrap. */
	uint16_t now16 = (uint16_t)now;
	uint32_t bit = 1; /* walked, not computed per key: a variable 32-bit shift is a loop on AVR */
	for (uint8_t k = 0; k < KEY_COUNT; k++, bit <<= 1) {
		if (moved & bit)
			d->since[k] = now16;
		else if (((raw ^ d->state) & bit) && (uint16_t)(now16 - d->since[k]) >= DEBOUNCE_MS)
			changed |= bit;
	}
	d->raw = raw;
	d->state ^= changed;
	return changed;
}
