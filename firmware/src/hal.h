/*
 * hal.h - the only hardware the panel logic sees.
 *
 * Like QMK's debounce code that calls nothing but timer.h, every file in src/ talks to the
 * board through these few functions.  avr/hal_avr.c implements them with registers and
 * interrupts; test/hal_fake.c implements them with a fake clock (advance_time) and a fake
 * key matrix, so the same logic runs on the ATmega328P and under gcc on the build machine.
 */
#ifndef PANEL_HAL_H
#define PANEL_HAL_H

#include <stdbool.h>
#include <stdint.h>

/* The matrix: 4 rows (one per seat), 4 columns (PALETTE, CANVAS, DRAW/DECK, DONE). */
#define HAL_ROWS 4
#define HAL_COLS 4

/* LED indices for hal_led_set: seats 0-3, then the two halves of the status LED. */
enum { HAL_LED_SEAT0 = 0, HAL_LED_GREEN = 4, HAL_LED_RED = 5, HAL_LED_COUNT = 6 };

/** Milliseconds since reset; wraps after 49 days, so callers compare by subtraction. */
uint32_t hal_millis(void);

/** Drives one matrix row low and releases the others, then waits for the lines to settle. */
void hal_row_select(uint8_t row);

/** Releases every row (no row driven), so no column can be pulled low. */
void hal_row_release(void);

/** Reads the columns of the selected row: bit c set means column c is pulled low (key closed). */
uint8_t hal_columns_read(void);

/** Reads the shared UNDO key on its own pin: true while it is closed. */
bool hal_undo_read(void);

/** Lights (true) or darkens (false) one LED. */
void hal_led_set(uint8_t led, bool on);

/** Takes one received byte; returns -1 when none is waiting. */
int hal_uart_read(void);

/** Bytes that can be queued for sending right now without waiting. */
uint16_t hal_uart_tx_free(void);

/** Queues bytes for sending; callers check hal_uart_tx_free first so a frame is never cut. */
void hal_uart_write(const char *bytes, uint8_t len);

#endif
