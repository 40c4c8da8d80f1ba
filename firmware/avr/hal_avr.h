/* hal_avr.h - the AVR-only additions to hal.h that the main loop needs. */
#ifndef PANEL_HAL_AVR_H
#define PANEL_HAL_AVR_H

#include <stdint.h>

/** Sets up pins, the 1 ms Timer0 tick and USART0; interrupts stay off until the caller's sei(). */
void hal_avr_init(void);

/** Returns 1 once per elapsed 1 ms tick (and clears it). */
uint8_t hal_avr_take_tick(void);

/** Sleeps (idle mode: timers and UART keep running) until the next tick or received byte. */
void hal_avr_idle(void);

#endif
