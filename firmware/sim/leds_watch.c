/* leds_watch.c - see leds_watch.h. */
#include "leds_watch.h"

#include <avr_ioport.h>

#include "../avr/pins.h"

const char *const LED_NAMES[LED_COUNT] = { "0", "1", "2", "3", "G", "R" };

static int driven_high(avr_t *avr, char port, uint8_t pin)
{
	avr_ioport_state_t st;
	if (avr_ioctl(avr, AVR_IOCTL_IOPORT_GETSTATE(port), &st) != 0)
		return 0;
	return ((st.ddr & st.port) >> pin) & 1;
}

uint8_t leds_read(avr_t *avr)
{
	uint8_t lit = 0;
	for (uint8_t i = 0; i < 4; i++)
		lit |= (uint8_t)(driven_high(avr, 'B', PIN_LED_SEAT_FIRST + i) << i);
	lit |= (uint8_t)(driven_high(avr, 'B', PIN_LED_GREEN) << 4);
	lit |= (uint8_t)(driven_high(avr, 'D', PIN_LED_RED) << 5);
	return lit;
}
