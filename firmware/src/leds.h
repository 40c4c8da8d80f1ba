/*
 * leds.h - the four seat LEDs and the two-colour status LED, each ON, OFF or BLINK as the
 * host commands, except while the host is lost: then the status LED blinks red on its own
 * (green dark) so the table can see the link is down even with a dead or unplugged Pi.
 */
#ifndef PANEL_LEDS_H
#define PANEL_LEDS_H

#include <stdbool.h>
#include <stdint.h>

#include "frame.h"
#include "hal.h"

/* BLINK is BLINK_HALF_MS lit, then BLINK_HALF_MS dark. */
#define BLINK_HALF_MS 500

typedef struct {
	uint8_t mode[HAL_LED_COUNT];   /* led_mode_t, as the host last commanded */
	uint32_t since[HAL_LED_COUNT]; /* when BLINK began: a blink starts lit, the moment it is commanded */
	uint8_t host_lost;
	uint32_t lost_since;
	uint8_t lit;     /* bit per LED: level last written to the pin */
	uint8_t written; /* 0 until the first update, so every pin gets written once */
} leds_t;

/** All LEDs off, host not (yet) lost. */
void leds_init(leds_t *l);

/** Sets one LED's mode; repeating BLINK keeps the running phase, so a re-sent state does not stutter. */
void leds_set(leds_t *l, uint8_t led, uint8_t mode, uint32_t now);

/** Enters or leaves the host-lost display. */
void leds_set_host_lost(leds_t *l, bool lost, uint32_t now);

/** Whether an LED should be lit at time now. */
bool leds_level(const leds_t *l, uint8_t led, uint32_t now);

/** Writes every LED whose level changed to its pin. */
void leds_update(leds_t *l, uint32_t now);

#endif
