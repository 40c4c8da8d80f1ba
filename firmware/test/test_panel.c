/*
 * test_panel.c - the whole panel on the fake matrix, as tables of {time, pin inputs} ->
 * {expected frame, time window}, each replayed at scan periods of 1, 2 and 4 ms with a host
 * that acks every KEY.  A window is the 1 ms answer widened by 2*(period-1) ms (see
 * test_debounce.c).  Besides the listed frames, no other KEY frame may appear: no repeats.
 */
#include "harness.h"
#include "test.h"

#define MAX_ROWS 12

typedef struct {
	const char *body; /* expected frame body; the CRC is appended */
	uint32_t lo, hi;
} expect_t;

typedef struct {
	const char *name;
	step_t in[MAX_ROWS];
	int n_in;
	expect_t out[MAX_ROWS];
	int n_out;
	uint32_t until;
} panel_case_t;

#define P(seat) KEY_INDEX(seat, KEY_COL_PALETTE)
#define C(seat) KEY_INDEX(seat, KEY_COL_CANVAS)
#define D(seat) KEY_INDEX(seat, KEY_COL_DRAW)
#define E(seat) KEY_INDEX(seat, KEY_COL_DONE)

static const panel_case_t CASES[] = {
	{ "a PALETTE press sends one KEY after the 5 ms debounce",
	  { PRESS(100, P(2)), RELEASE(300, P(2)) }, 2,
	  { { "KEY 1 2 P S", 105, 105 } }, 1, 900 },
	{ "a bouncing CANVAS press still sends one KEY",
	  { PRESS(100, C(0)), RELEASE(101, C(0)), PRESS(102, C(0)), RELEASE(104, C(0)), PRESS(105, C(0)),
	    RELEASE(400, C(0)), PRESS(401, C(0)), RELEASE(402, C(0)) }, 8,
	  { { "KEY 1 0 C S", 105, 110 } }, 1, 900 },
	{ "holding DRAW for 5 s never repeats",
	  { PRESS(100, D(3)), RELEASE(5100, D(3)) }, 2,
	  { { "KEY 1 3 D S", 105, 105 }, { "HB 2", 1000, 1000 }, { "HB 6", 5000, 5000 } }, 3, 5500 },
	{ "DONE held 1.5 s sends one long press and nothing on release",
	  { PRESS(100, E(1)), RELEASE(2500, E(1)) }, 2,
	  { { "HB 1", 1000, 1000 }, { "KEY 2 1 E L", 1605, 1605 }, { "HB 3", 2000, 2000 } }, 3, 2900 },
	{ "DONE released before 1.5 s sends a short press on release",
	  { PRESS(100, E(1)), RELEASE(1500, E(1)) }, 2,
	  { { "HB 1", 1000, 1000 }, { "KEY 2 1 E S", 1505, 1505 } }, 2, 1900 },
	{ "UNDO on its own pin sends a KEY without a seat",
	  { PRESS(20, KEY_UNDO), RELEASE(90, KEY_UNDO) }, 2,
	  { { "KEY 1 - U S", 25, 25 } }, 1, 500 },
	{ "presses on two seats in the same scan get consecutive seqs",
	  { PRESS(200, C(3)), PRESS(200, P(0)) }, 2,
	  { { "KEY 1 0 P S", 205, 205 }, { "KEY 2 3 C S", 205, 205 } }, 2, 600 },
	{ "a 3 ms glitch on a key line sends nothing",
	  { PRESS(300, P(1)), RELEASE(303, P(1)) }, 2,
	  { { "HB 1", 1000, 1000 } }, 1, 1200 },
	{ "a key on every seat and UNDO at once each send one KEY",
	  { PRESS(50, E(0)), PRESS(50, D(1)), PRESS(50, C(2)), PRESS(50, P(3)), PRESS(50, KEY_UNDO),
	    RELEASE(70, KEY_UNDO), RELEASE(150, E(0)) }, 7,
	  { { "KEY 1 1 D S", 55, 55 }, { "KEY 2 2 C S", 55, 55 }, { "KEY 3 3 P S", 55, 55 }, { "KEY 4 - U S", 55, 55 },
	    { "KEY 5 0 E S", 155, 155 } }, 5, 400 },
};

static panel_t panel;

static void replay(const panel_case_t *c, uint32_t period)
{
	harness_start(&panel);
	harness_run(&panel, c->in, c->n_in, c->until, period, true);
	char text[FAKE_LINE_LEN];
	int keys_expected = 0;
	for (int i = 0; i < c->n_out; i++) {
		const expect_t *e = &c->out[i];
		framed(e->body, text, sizeof text);
		keys_expected += strncmp(e->body, "KEY", 3) == 0;
		uint32_t hi = e->hi + 2 * (period - 1);
		int at = fake_find_line(text, 0);
		if (at < 0 || fake.lines[at].t < e->lo || fake.lines[at].t > hi)
			fprintf(stderr, "    %s @%u ms: %s expected in [%u, %u], %s %u\n", c->name, period, text, e->lo, hi,
			        at < 0 ? "never sent" : "sent at", at < 0 ? 0 : fake.lines[at].t);
		CHECK(at >= 0 && fake.lines[at].t >= e->lo && fake.lines[at].t <= hi);
		CHECK_INT(fake_count_lines(text), 1);
	}
	CHECK_INT(fake_count_prefix("KEY "), keys_expected);
	CHECK_INT(panel.link.queued, 0); /* every KEY was acked */
	CHECK_INT(fake.column_reads_without_row, 0);
}

static const panel_case_t *current;

static void run_current(void)
{
	static const uint32_t periods[] = { 1, 2, 4 };
	for (unsigned i = 0; i < 3; i++)
		replay(current, periods[i]);
}

static void shows_led_commands_on_the_pins_with_blink_timing(void)
{
	harness_start(&panel);
	static const step_t steps[] = { HOST(100, "LED 1 0 ON"), HOST(100, "LED 2 3 BLINK"), HOST(100, "LED 3 G ON"),
		                        HOST(2000, "LED 4 0 OFF"), HOST(2000, "HB 5") };
	harness_run(&panel, steps, 5, 100, 1, true);
	CHECK(fake.led[0] && fake.led[3] && fake.led[HAL_LED_GREEN]);
	CHECK(!fake.led[1] && !fake.led[2] && !fake.led[HAL_LED_RED]);
	harness_run(&panel, steps, 5, 599, 1, true);
	CHECK(fake.led[3]);
	harness_run(&panel, steps, 5, 600, 1, true);
	CHECK(!fake.led[3]);
	harness_run(&panel, steps, 5, 1100, 1, true);
	CHECK(fake.led[3]);
	harness_run(&panel, steps, 5, 2000, 1, true);
	CHECK(!fake.led[0]);
	CHECK(fake.led[HAL_LED_GREEN]);
	char ack[FAKE_LINE_LEN];
	CHECK_INT(fake_count_lines(framed("ACK 4", ack, sizeof ack)), 1);
	CHECK_INT(fake_count_lines(framed("ACK 5", ack, sizeof ack)), 1);
}

void suite_panel(void)
{
	char name[160];
	for (unsigned i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
		current = &CASES[i];
		snprintf(name, sizeof name, "panel: %s (1, 2 and 4 ms scans)", CASES[i].name);
		test_run(name, run_current);
	}
	test_run("panel shows LED commands on the pins with blink timing", shows_led_commands_on_the_pins_with_blink_timing);
}
