/* test_keys.c - short presses, DONE's long press, and no key repeat, on the key-event layer. */
#include "../src/keys.h"
#include "test.h"

static keys_t keys;
static uint32_t state;
static key_event_t events[KEYS_MAX_EVENTS];

/* Applies one debounced change (or none, with key < 0) at time now; returns the event count. */
static uint8_t step(uint32_t now, int key, int down)
{
	uint32_t changed = 0;
	if (key >= 0) {
		changed = KEY_BIT(key);
		state = down ? (state | changed) : (state & ~changed);
	}
	return keys_update(&keys, changed, state, now, events);
}

static void reset(void)
{
	keys_init(&keys);
	state = 0;
}

static void reports_palette_canvas_and_draw_when_the_press_begins(void)
{
	reset();
	static const char letters[] = "PCD";
	for (int col = 0; col < 3; col++) {
		CHECK_INT(step(100 + col, KEY_INDEX(3, col), 1), 1);
		CHECK_INT(events[0].seat, 3);
		CHECK_INT(events[0].key, letters[col]);
		CHECK_INT(events[0].kind, 'S');
		CHECK_INT(step(200 + col, KEY_INDEX(3, col), 0), 0);
	}
}

static void reports_undo_without_a_seat(void)
{
	reset();
	CHECK_INT(step(10, KEY_UNDO, 1), 1);
	CHECK_INT(events[0].seat, -1);
	CHECK_INT(events[0].key, 'U');
	CHECK_INT(events[0].kind, 'S');
	CHECK_INT(step(50, KEY_UNDO, 0), 0);
}

static void never_repeats_a_held_key(void)
{
	reset();
	CHECK_INT(step(0, KEY_INDEX(0, KEY_COL_PALETTE), 1), 1);
	int later = 0;
	for (uint32_t t = 1; t <= 10000; t++)
		later += step(t, -1, 0);
	CHECK_INT(later, 0);
}

static void reports_a_short_done_on_release(void)
{
	reset();
	CHECK_INT(step(100, KEY_INDEX(1, KEY_COL_DONE), 1), 0);
	for (uint32_t t = 101; t < 1599; t++)
		CHECK_INT(step(t, -1, 0), 0);
	CHECK_INT(step(1599, KEY_INDEX(1, KEY_COL_DONE), 0), 1); /* held 1499 ms */
	CHECK_INT(events[0].seat, 1);
	CHECK_INT(events[0].key, 'E');
	CHECK_INT(events[0].kind, 'S');
}

static void reports_a_long_done_once_at_1500_ms_and_nothing_on_release(void)
{
	reset();
	CHECK_INT(step(100, KEY_INDEX(2, KEY_COL_DONE), 1), 0);
	int before = 0;
	for (uint32_t t = 101; t < 1600; t++)
		before += step(t, -1, 0);
	CHECK_INT(before, 0);
	CHECK_INT(step(1600, -1, 0), 1);
	CHECK_INT(events[0].seat, 2);
	CHECK_INT(events[0].key, 'E');
	CHECK_INT(events[0].kind, 'L');
	int after = 0;
	for (uint32_t t = 1601; t < 5000; t++)
		after += step(t, -1, 0);
	CHECK_INT(after, 0);
	CHECK_INT(step(5000, KEY_INDEX(2, KEY_COL_DONE), 0), 0);
	/* the next hold starts afresh */
	CHECK_INT(step(6000, KEY_INDEX(2, KEY_COL_DONE), 1), 0);
	CHECK_INT(step(6100, KEY_INDEX(2, KEY_COL_DONE), 0), 1);
	CHECK_INT(events[0].kind, 'S');
}

static void reports_a_long_done_at_the_first_slow_scan_past_1500_ms(void)
{
	reset();
	CHECK_INT(step(4, KEY_INDEX(0, KEY_COL_DONE), 1), 0);
	uint8_t total = 0;
	uint32_t at = 0;
	for (uint32_t t = 8; t <= 3000; t += 4) {
		uint8_t n = step(t, -1, 0);
		if (n && !at)
			at = t;
		total = (uint8_t)(total + n);
	}
	CHECK_INT(total, 1);
	CHECK_INT(at, 1504);
}

static void keeps_each_seats_done_apart(void)
{
	reset();
	CHECK_INT(step(0, KEY_INDEX(0, KEY_COL_DONE), 1), 0);
	CHECK_INT(step(700, KEY_INDEX(3, KEY_COL_DONE), 1), 0);
	CHECK_INT(step(1000, KEY_INDEX(0, KEY_COL_DONE), 0), 1);
	CHECK_INT(events[0].seat, 0);
	CHECK_INT(events[0].kind, 'S');
	CHECK_INT(step(2199, -1, 0), 0);
	CHECK_INT(step(2200, -1, 0), 1);
	CHECK_INT(events[0].seat, 3);
	CHECK_INT(events[0].kind, 'L');
}

void suite_keys(void)
{
	test_run("keys report PALETTE, CANVAS and DRAW when the press begins", reports_palette_canvas_and_draw_when_the_press_begins);
	test_run("keys report UNDO without a seat", reports_undo_without_a_seat);
	test_run("keys never repeat a held key", never_repeats_a_held_key);
	test_run("keys report a short DONE on release", reports_a_short_done_on_release);
	test_run("keys report a long DONE once at 1500 ms and nothing on release",
	         reports_a_long_done_once_at_1500_ms_and_nothing_on_release);
	test_run("keys report a long DONE at the first slow scan past 1500 ms",
	         reports_a_long_done_at_the_first_slow_scan_past_1500_ms);
	test_run("keys keep each seat's DONE apart", keeps_each_seats_done_apart);
}
