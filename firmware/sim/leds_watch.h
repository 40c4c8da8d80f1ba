/* leds_watch.h - reads the LED pins (avr/pins.h) as a host would see the LEDs: lit = driven high. */
#ifndef SIM_LEDS_WATCH_H
#define SIM_LEDS_WATCH_H

#include <stdint.h>

#include <sim_avr.h>

#define LED_COUNT 6

/* Names as printed: seats 0-3, status green G, status red R. */
extern const char *const LED_NAMES[LED_COUNT];

/** Bit per LED (order of LED_NAMES): 1 when its pin is an output driven high. */
uint8_t leds_read(avr_t *avr);

/** Calls changed(param) from the LED pins' output IRQs, the moment the firmware writes one. */
void leds_watch(avr_t *avr, void (*changed)(void *param), void *param);

#endif
