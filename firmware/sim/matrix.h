/*
 * matrix.h - the simulated key matrix and UNDO key, wired to the AVR's pins as in avr/pins.h.
 *
 * Like the real board, a pressed key pulls its column low only while the firmware drives that
 * key's row low; the row pins' IRQs tell us when that happens, and the column pins are driven
 * from outside through simavr's "external" pin state so the AVR's own pull-ups cannot mask them.
 */
#ifndef SIM_MATRIX_H
#define SIM_MATRIX_H

#include <stdbool.h>
#include <stdint.h>

#include <sim_avr.h>

/** Hooks the row pins and sets every key open. */
void matrix_attach(avr_t *avr);

/** Closes or opens key (seat*4 + column, or 16 for UNDO) and updates the pins at once. */
void matrix_set_key(avr_t *avr, uint8_t key, bool closed);

/** Drives the column and UNDO pins again from the key state (after a reset, for instance). */
void matrix_refresh(avr_t *avr);

#endif
