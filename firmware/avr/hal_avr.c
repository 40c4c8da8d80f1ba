/*
 * hal_avr.c - hal.h on the ATmega328P at 16 MHz: Timer0 gives the 1 ms tick, USART0 moves bytes
 * through interrupt-driven ring buffers, and the matrix and LEDs are plain port bits (pins.h).
 */
#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/sleep.h>
#include <util/atomic.h>
#include <util/delay.h>

#include "../src/hal.h"
#include "hal_avr.h"
#include "pins.h"

/* Power-of-two sizes so the ring indices wrap with a mask. */
#define RX_SIZE 64
#define TX_SIZE 256

static volatile uint32_t millis_count;
static volatile uint8_t tick_pending;

static volatile uint8_t rx_buf[RX_SIZE];
static volatile uint8_t rx_head, rx_tail;
static volatile uint8_t tx_buf[TX_SIZE];
static volatile uint8_t tx_head, tx_tail; /* uint8_t indices wrap at 256 == TX_SIZE by themselves */

ISR(TIMER0_COMPA_vect)
{
	millis_count++;
	tick_pending = 1;
}

ISR(USART_RX_vect)
{
	/* Reading UCSR0A first is the datasheet order (flags belong to the byte in UDR0). */
	uint8_t status = UCSR0A;
	uint8_t byte = UDR0;
	if (status & (_BV(FE0) | _BV(DOR0)))
		byte = 0; /* a NUL is not printable: the line it lands in fails to decode, as it should */
	uint8_t next = (uint8_t)((rx_head + 1) & (RX_SIZE - 1));
	if (next != rx_tail) {
		rx_buf[rx_head] = byte;
		rx_head = next;
	}
	/* On overflow the byte is lost; the CRC or framing of its line then fails, and the line is ignored. */
}

ISR(USART_UDRE_vect)
{
	if (tx_head == tx_tail) {
		UCSR0B &= (uint8_t)~_BV(UDRIE0);
		return;
	}
	UDR0 = tx_buf[tx_tail];
	tx_tail++;
}

void hal_avr_init(void)
{
	/* Rows released: input with pull-up, like an idle row of QMK's matrix. */
	DDRD &= (uint8_t)~(PIN_ROW_MASK | _BV(PIN_UNDO));
	PORTD |= PIN_ROW_MASK | _BV(PIN_UNDO);
	DDRC &= (uint8_t)~PIN_COL_MASK;
	PORTC |= PIN_COL_MASK;
	DDRB |= (uint8_t)(0x0F << PIN_LED_SEAT_FIRST) | _BV(PIN_LED_GREEN);
	PORTB &= (uint8_t)~((0x0F << PIN_LED_SEAT_FIRST) | _BV(PIN_LED_GREEN));
	DDRD |= _BV(PIN_LED_RED);
	PORTD &= (uint8_t)~_BV(PIN_LED_RED);

	/* Timer0, CTC, clk/64, 250 counts: 16 MHz / 64 / 250 = 1000 Hz. */
	TCCR0A = _BV(WGM01);
	TCCR0B = _BV(CS01) | _BV(CS00);
	OCR0A = 249; /* after the mode bits: simavr only accepts OCR0A once it knows the mode */
	TIMSK0 = _BV(OCIE0A);

	/* 115200 baud with U2X: UBRR = 16 gives 117647 baud (+2.1 %), as every 16 MHz Arduino does. */
	UCSR0A = _BV(U2X0);
	UBRR0H = 0;
	UBRR0L = 16;
	UCSR0C = _BV(UCSZ01) | _BV(UCSZ00);
	UCSR0B = _BV(RXEN0) | _BV(TXEN0) | _BV(RXCIE0);
}

uint8_t hal_avr_take_tick(void)
{
	uint8_t t;
	ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
	{
		t = tick_pending;
		tick_pending = 0;
	}
	return t;
}

void hal_avr_idle(void)
{
	/* Interrupts go off while deciding, and sei right before sleep guarantees the sleep instruction
	 * runs before any pending interrupt, so no tick or byte can slip in between check and sleep. */
	cli();
	if (!tick_pending && rx_head == rx_tail) {
		set_sleep_mode(SLEEP_MODE_IDLE);
		sleep_enable();
		sei();
		sleep_cpu();
		sleep_disable();
	}
	sei();
}

uint32_t hal_millis(void)
{
	uint32_t ms;
	ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
	{
		ms = millis_count;
	}
	return ms;
}

void hal_row_select(uint8_t row)
{
	uint8_t bit = (uint8_t)_BV(PIN_ROW_FIRST + row);
	hal_row_release();
	/* Output first while PORT is still 1, then pull low: the row never floats. */
	DDRD |= bit;
	PORTD &= (uint8_t)~bit;
	/* The column pull-ups (~35 kOhm) against the wiring's capacitance need a few microseconds. */
	_delay_us(5);
}

void hal_row_release(void)
{
	PORTD |= PIN_ROW_MASK;
	DDRD &= (uint8_t)~PIN_ROW_MASK;
}

uint8_t hal_columns_read(void)
{
	return (uint8_t)(~PINC & PIN_COL_MASK);
}

bool hal_undo_read(void)
{
	return !(PIND & _BV(PIN_UNDO));
}

void hal_led_set(uint8_t led, bool on)
{
	volatile uint8_t *port;
	uint8_t bit;
	if (led < 4) {
		port = &PORTB;
		bit = (uint8_t)_BV(PIN_LED_SEAT_FIRST + led);
	} else if (led == HAL_LED_GREEN) {
		port = &PORTB;
		bit = (uint8_t)_BV(PIN_LED_GREEN);
	} else if (led == HAL_LED_RED) {
		port = &PORTD;
		bit = (uint8_t)_BV(PIN_LED_RED);
	} else {
		return;
	}
	ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
	{
		if (on)
			*port |= bit;
		else
			*port &= (uint8_t)~bit;
	}
}

int hal_uart_read(void)
{
	int byte = -1;
	ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
	{
		if (rx_head != rx_tail) {
			byte = rx_buf[rx_tail];
			rx_tail = (uint8_t)((rx_tail + 1) & (RX_SIZE - 1));
		}
	}
	return byte;
}

uint16_t hal_uart_tx_free(void)
{
	uint8_t used;
	ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
	{
		used = (uint8_t)(tx_head - tx_tail);
	}
	return (uint16_t)(TX_SIZE - 1 - used);
}

void hal_uart_write(const char *bytes, uint8_t len)
{
	for (uint8_t i = 0; i < len; i++) {
		ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
		{
			if ((uint8_t)(tx_head + 1) != tx_tail) {
				tx_buf[tx_head] = (uint8_t)bytes[i];
				tx_head++;
			}
		}
	}
	UCSR0B |= _BV(UDRIE0);
}
