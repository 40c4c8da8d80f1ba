/*
 * uart_bridge.h - moves bytes between the simulated USART0 and the outside world.
 *
 * Out: every byte the firmware writes to UDR0 arrives on the UART's OUTPUT IRQ and is queued.
 * In: bytes are fed to the UART's INPUT IRQ one per UART_BYTE_CYCLES from a simavr cycle timer,
 * i.e. at line speed as a real USB-serial chip would, and never while the UART has signalled
 * XOFF (its receive FIFO is full) until it signals XON again.
 */
#ifndef SIM_UART_BRIDGE_H
#define SIM_UART_BRIDGE_H

#include <stddef.h>
#include <stdint.h>

#include <sim_avr.h>

/** Hooks USART0 and turns off simavr's own printing of UART output. */
void uart_bridge_attach(avr_t *avr);

/** Queues bytes for the firmware to receive; returns how many fitted. */
size_t uart_bridge_send(avr_t *avr, const uint8_t *bytes, size_t n);

/** Takes up to cap bytes the firmware has sent. */
size_t uart_bridge_receive(uint8_t *bytes, size_t cap);

/** Forgets bytes in flight both ways (the AVR was reset, or the host went away). */
void uart_bridge_clear(avr_t *avr);

#endif
