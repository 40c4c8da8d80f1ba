/* uart_bridge.c - see uart_bridge.h. */
#include "uart_bridge.h"

#include <avr_uart.h>
#include <sim_cycle_timers.h>
#include <sim_irq.h>

/* 115200 baud 8N1 is 86.8 us a byte; 100 us (1600 cycles at 16 MHz) keeps us just under the rate
 * simavr's UART drains its FIFO at, so XOFF is a safety net rather than the normal brake. */
#define UART_BYTE_CYCLES 1600

#define RING 8192

typedef struct {
	uint8_t data[RING];
	size_t head, tail; /* head == tail: empty */
} ring_t;

static ring_t to_avr, from_avr;
static int xoff;
static avr_irq_t *input_irq;

static int ring_put(ring_t *r, uint8_t b)
{
	size_t next = (r->head + 1) % RING;
	if (next == r->tail)
		return 0;
	r->data[r->head] = b;
	r->head = next;
	return 1;
}

static int ring_get(ring_t *r, uint8_t *b)
{
	if (r->head == r->tail)
		return 0;
	*b = r->data[r->tail];
	r->tail = (r->tail + 1) % RING;
	return 1;
}

static void on_output(struct avr_irq_t *irq, uint32_t value, void *param)
{
	(void)irq;
	(void)param;
	ring_put(&from_avr, (uint8_t)value); /* a full ring means nobody reads: dropping is right */
}

static void on_xon(struct avr_irq_t *irq, uint32_t value, void *param)
{
	(void)irq;
	(void)value;
	(void)param;
	xoff = 0;
}

static void on_xoff(struct avr_irq_t *irq, uint32_t value, void *param)
{
	(void)irq;
	(void)param;
	xoff = value != 0;
}

static avr_cycle_count_t feed_one(struct avr_t *avr, avr_cycle_count_t when, void *param)
{
	(void)avr;
	(void)param;
	uint8_t b;
	if (!xoff && ring_get(&to_avr, &b))
		avr_raise_irq(input_irq, b);
	/* simavr wants the absolute cycle of the next call, or 0 to stop */
	return to_avr.head != to_avr.tail ? when + UART_BYTE_CYCLES : 0;
}

void uart_bridge_attach(avr_t *avr)
{
	uint32_t flags = 0;
	avr_ioctl(avr, AVR_IOCTL_UART_GET_FLAGS('0'), &flags);
	flags &= ~(uint32_t)(AVR_UART_FLAG_STDIO | AVR_UART_FLAG_POLL_SLEEP);
	avr_ioctl(avr, AVR_IOCTL_UART_SET_FLAGS('0'), &flags);
	input_irq = avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_INPUT);
	avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT), on_output, NULL);
	avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUT_XON), on_xon, NULL);
	avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUT_XOFF), on_xoff, NULL);
}

size_t uart_bridge_send(avr_t *avr, const uint8_t *bytes, size_t n)
{
	size_t i = 0;
	while (i < n && ring_put(&to_avr, bytes[i]))
		i++;
	if (i > 0 && avr_cycle_timer_status(avr, feed_one, NULL) == 0)
		avr_cycle_timer_register(avr, 1, feed_one, NULL);
	return i;
}

size_t uart_bridge_receive(uint8_t *bytes, size_t cap)
{
	size_t n = 0;
	while (n < cap && ring_get(&from_avr, &bytes[n]))
		n++;
	return n;
}

void uart_bridge_clear(avr_t *avr)
{
	to_avr.head = to_avr.tail = 0;
	from_avr.head = from_avr.tail = 0;
	xoff = 0;
	avr_cycle_timer_cancel(avr, feed_one, NULL);
}
