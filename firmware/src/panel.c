/* panel.c - see panel.h. */
#include "panel.h"

#include "hal.h"

void panel_init(panel_t *p, uint32_t now)
{
	debounce_init(&p->debounce);
	keys_init(&p->keys);
	leds_init(&p->leds);
	line_reader_reset(&p->rx);
	link_init(&p->link, &p->leds, now);
	leds_update(&p->leds, now);
}

uint32_t panel_read_keys(void)
{
	uint32_t raw = 0;
	for (uint8_t row = 0; row < HAL_ROWS; row++) {
		hal_row_select(row);
		raw |= (uint32_t)(hal_columns_read() & 0x0F) << (row * HAL_COLS);
	}
	hal_row_release();
	if (hal_undo_read())
		raw |= KEY_BIT(KEY_UNDO);
	return raw;
}

void panel_scan(panel_t *p, uint32_t now)
{
	key_event_t events[KEYS_MAX_EVENTS];
	uint32_t changed = debounce_update(&p->debounce, panel_read_keys(), now);
	uint8_t n = keys_update(&p->keys, changed, p->debounce.state, now, events);
	for (uint8_t i = 0; i < n; i++)
		link_key(&p->link, &events[i], now);
	link_poll(&p->link, now);
	leds_update(&p->leds, now);
}

void panel_receive(panel_t *p, uint8_t byte, uint32_t now)
{
	line_status_t s = line_reader_feed(&p->rx, byte);
	if (s == LINE_READY) {
		link_line(&p->link, p->rx.buf, p->rx.len, now);
		leds_update(&p->leds, now); /* an LED command shows at once, not at the next scan */
	}
	else if (s == LINE_NOISE)
		link_noise(&p->link);
}
