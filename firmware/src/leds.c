/* leds.c - see leds.h. */
#include "leds.h"

#include <string.h>

void leds_init(leds_t *l)
{
	memset(l, 0, sizeof *l);
}

void leds_set(leds_t *l, uint8_t led, uint8_t mode, uint32_t now)
{
	if (led >= HAL_LED_COUNT || mode > LED_MODE_BLINK)
		return;
	if (mode == LED_MODE_BLINK && l->mode[led] != LED_MODE_BLINK)
		l->since[led] = now;
	l->mode[led] = mode;
}

void leds_set_host_lost(leds_t *l, bool lost, uint32_t now)
{
	if (lost && !l->host_lost)
		l->lost_since = now;
	l->host_lost = lost ? 1 : 0;
}

static bool blink_phase(uint32_t since, uint32_t now)
{
	return (now - since) % (2 * BLINK_HALF_MS) < BLINK_HALF_MS;
}

bool leds_level(const leds_t *l, uint8_t led, uint32_t now)
{
	if (led >= HAL_LED_COUNT)
		return false;
	if (l->host_lost && led == HAL_LED_GREEN)
		return false;
	if (l->host_lost && led == HAL_LED_RED)
		return blink_phase(l->lost_since, now);
	switch (l->mode[led]) {
	case LED_MODE_ON:
		return true;
	case LED_MODE_BLINK:
		return blink_phase(l->since[led], now);
	default:
		return false;
	}
}

void leds_update(leds_t *l, uint32_t now)
{
	for (uint8_t led = 0; led < HAL_LED_COUNT; led++) {
		uint8_t bit = (uint8_t)(1u << led);
		bool on = leds_level(l, led, now);
		if (!l->written || on != ((l->lit & bit) != 0)) {
			hal_led_set(led, on);
			l->lit = (uint8_t)(on ? (l->lit | bit) : (l->lit & ~bit));
		}
	}
	l->written = 1;
}
