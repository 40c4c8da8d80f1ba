/*
 * main.c - the seat panel firmware: scan the keys once per 1 ms tick, feed received bytes to
 * the protocol as they come, and sleep in between (the CPU idles nearly all the time).
 */
#include <avr/interrupt.h>
#include <avr/wdt.h>

#include "../src/hal.h"
#include "../src/panel.h"
#include "hal_avr.h"

static panel_t panel;

int main(void)
{
	/* A watchdog reset leaves WDRF set and the watchdog running; clear it before it bites again. */
	MCUSR = 0;
	wdt_disable();
	hal_avr_init();
	sei();
	panel_init(&panel, hal_millis());
	wdt_enable(WDTO_250MS);
	for (;;) {
		int byte;
		while ((byte = hal_uart_read()) >= 0)
			panel_receive(&panel, (uint8_t)byte, hal_millis());
		if (hal_avr_take_tick())
			panel_scan(&panel, hal_millis());
		wdt_reset();
		hal_avr_idle();
	}
}
