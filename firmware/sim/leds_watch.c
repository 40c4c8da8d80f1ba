/* leds_watch.c - see leds_watch.h. */
#include "leds_watch.h"

#include <avr_ioport.h>
#include <sim_irq.h>
#include <stddef.h>

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

static void (*on_change)(void *);
static void *on_change_param;

static void pin_changed(struct avr_irq_t *irq, uint32_t value, void *param)
{
	(void)irq;
	(void)value;
	(void)param;
	on_change(on_change_param);
}

void leds_watch(avr_t *avr, void (*changed)(void *param), void *param)
{
	on_change = changed;
	on_change_param = param;
	for (uint8_t i = 0; i < 4; i++)
		avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ('B'), PIN_LED_SEAT_FIRST + i), pin_changed, NULL);
	avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ('B'), PIN_LED_GREEN), pin_changed, NULL);
	avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ('D'), PIN_LED_RED), pin_changed, NULL);
}
