/* matrix.c - see matrix.h. */
#include "matrix.h"

#include <avr_ioport.h>
#include <sim_cycle_timers.h>
#include <sim_irq.h>
#include <stdint.h>

#include "../avr/pins.h"

static uint32_t keys_closed; /* bit per key, as numbered in commands.h */
/* Key changes reach the AVR at least this far apart, per key, in AVR time.  On a loaded machine
 * the sim may read several commands in one go after a scheduling stall; applied at the same AVR
 * instant, a press and its release (or a release and the next press) would be too short for the
 * firmware's 5 ms debounce, which would rightly ignore them.  So each change of a key is applied
 * no sooner than MIN_HOLD_MS after that key's previous change: a finger is never faster. */
#define MIN_HOLD_MS 30
static avr_cycle_count_t next_change[17];
static uint32_t change_count; /* makes each scheduled change's timer parameter unique */
static uint8_t last_columns;
static uint8_t last_undo;

static uint8_t port_state(avr_t *avr, char port, uint8_t *ddr)
{
	avr_ioport_state_t st;
	if (avr_ioctl(avr, AVR_IOCTL_IOPORT_GETSTATE(port), &st) != 0) {
		*ddr = 0;
		return 0xFF;
	}
	*ddr = (uint8_t)st.ddr;
	return (uint8_t)st.port;
}

/* A row conducts when the firmware drives it: output (DDR 1) and low (PORT 0). */
static uint8_t driven_rows(avr_t *avr, int ddr_override)
{
	uint8_t ddr;
	uint8_t port = port_state(avr, 'D', &ddr);
	if (ddr_override >= 0)
		ddr = (uint8_t)ddr_override;
	uint8_t rows = 0;
	for (uint8_t r = 0; r < 4; r++) {
		uint8_t bit = (uint8_t)(1u << (PIN_ROW_FIRST + r));
		if ((ddr & bit) && !(port & bit))
			rows |= (uint8_t)(1u << r);
	}
	return rows;
}

static void drive_external(avr_t *avr, char port, uint8_t mask, uint8_t value)
{
	avr_ioport_external_t ext = { .name = (unsigned long)port, .mask = mask, .value = value };
	avr_ioctl(avr, AVR_IOCTL_IOPORT_SET_EXTERNAL(port), &ext);
}

/* Sets a pin's IRQ to level; with force it toggles first, because simavr filters IRQs that do
 * not change and a reset clears the PIN register behind the IRQ's back. */
static void raise_pin(avr_t *avr, char port, uint8_t pin, uint8_t level, bool force)
{
	avr_irq_t *irq = avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(port), pin);
	if (force)
		avr_raise_irq(irq, !level);
	avr_raise_irq(irq, level);
}

static void update_pins(avr_t *avr, int ddr_override, bool force)
{
	uint8_t rows = driven_rows(avr, ddr_override);
	uint8_t columns = PIN_COL_MASK; /* pulled up: high */
	for (uint8_t r = 0; r < 4; r++) {
		if (!(rows & (1u << r)))
			continue;
		for (uint8_t c = 0; c < 4; c++)
			if (keys_closed & (1u << (r * 4 + c)))
				columns &= (uint8_t)~(1u << c);
	}
	if (columns != last_columns || force) {
		drive_external(avr, 'C', PIN_COL_MASK, columns);
		for (uint8_t c = 0; c < 4; c++)
			raise_pin(avr, 'C', c, (columns >> c) & 1, force);
		last_columns = columns;
	}
	uint8_t undo = (keys_closed & (1u << 16)) ? 0 : 1;
	if (undo != last_undo || force) {
		drive_external(avr, 'D', (uint8_t)(1u << PIN_UNDO), (uint8_t)(undo << PIN_UNDO));
		raise_pin(avr, 'D', PIN_UNDO, undo, force);
		last_undo = undo;
	}
}

static void row_pin_changed(struct avr_irq_t *irq, uint32_t value, void *param)
{
	(void)irq;
	(void)value;
	update_pins((avr_t *)param, -1, false);
}

/* DDR's IRQ fires before simavr stores the new DDR value, so the value comes from the IRQ. */
static void ddr_changed(struct avr_irq_t *irq, uint32_t value, void *param)
{
	(void)irq;
	update_pins((avr_t *)param, (int)(value & 0xFF), false);
}

void matrix_attach(avr_t *avr)
{
	for (uint8_t r = 0; r < 4; r++)
		avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ('D'), PIN_ROW_FIRST + r),
		                        row_pin_changed, avr);
	avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ('D'), IOPORT_IRQ_DIRECTION_ALL), ddr_changed,
	                        avr);
	keys_closed = 0;
	matrix_refresh(avr);
}

static void apply_key(avr_t *avr, uint8_t key, bool closed)
{
	if (closed)
		keys_closed |= 1u << key;
	else
		keys_closed &= ~(1u << key);
	update_pins(avr, -1, false);
}

static avr_cycle_count_t scheduled_change(avr_t *avr, avr_cycle_count_t when, void *param)
{
	(void)when;
	uintptr_t p = (uintptr_t)param;
	apply_key(avr, (uint8_t)(p & 0xFF), (p >> 8) & 1);
	return 0;
}

void matrix_set_key(avr_t *avr, uint8_t key, bool closed)
{
	if (key > 16)
		return;
	avr_cycle_count_t hold = (avr_cycle_count_t)avr->frequency / 1000 * MIN_HOLD_MS;
	if (avr->cycle >= next_change[key]) {
		apply_key(avr, key, closed);
		next_change[key] = avr->cycle + hold;
		return;
	}
	/* simavr replaces a timer registered again with the same callback and parameter, so each
	 * scheduled change carries its own count in the parameter's high bits. */
	uintptr_t param = key | (uintptr_t)closed << 8 | (uintptr_t)(++change_count & 0xFFFFFF) << 9;
	avr_cycle_timer_register(avr, next_change[key] - avr->cycle, scheduled_change, (void *)param);
	next_change[key] += hold;
}

void matrix_refresh(avr_t *avr)
{
	update_pins(avr, -1, true);
}
