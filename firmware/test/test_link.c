/* test_link.c - HELLO, sequence numbers, re-sends and give-up, acks, heartbeats, host loss. */
#include "harness.h"
#include "test.h"

static panel_t panel;

static const char *F(const char *body)
{
	static char buf[4][FAKE_LINE_LEN];
	static int next;
	next = (next + 1) % 4;
	return framed(body, buf[next], FAKE_LINE_LEN);
}

/* Times at which `text` was sent, in order; returns how many. */
static int times_of(const char *text, uint32_t *times, int cap)
{
	int n = 0;
	for (int i = 0; i < fake.line_count; i++)
		if (strcmp(fake.lines[i].text, text) == 0 && n < cap)
			times[n++] = fake.lines[i].t;
	return n;
}

static void says_hello_first_at_boot(void)
{
	harness_start(&panel);
	CHECK_INT(fake.line_count, 1);
	CHECK_STR(fake.lines[0].text, "HELLO 0 fw=1.0.0 keys=4xPCDE+U*C6");
	CHECK_INT(fake.lines[0].t, 0);
}

static void resends_an_unacked_key_every_250_ms_eight_times_then_gives_up(void)
{
	harness_start(&panel);
	static const step_t steps[] = { PRESS(100, KEY_INDEX(0, KEY_COL_PALETTE)), RELEASE(150, KEY_INDEX(0, KEY_COL_PALETTE)) };
	harness_run(&panel, steps, 2, 2354, 1, false);
	CHECK_INT(panel.link.stats.given_up, 0);
	CHECK_INT(panel.link.queued, 1);
	harness_run(&panel, steps, 2, 2355, 1, false);
	CHECK_INT(panel.link.stats.given_up, 1);
	CHECK_INT(panel.link.queued, 0);
	harness_run(&panel, steps, 2, 6000, 1, false);
	uint32_t t[16];
	int n = times_of(F("KEY 1 0 P S"), t, 16);
	CHECK_INT(n, 9); /* the first send and 8 re-sends, all with seq 1 */
	for (int i = 0; i < n; i++)
		CHECK_INT(t[i], 105 + 250 * i);
}

static void stops_resending_once_the_host_acks(void)
{
	harness_start(&panel);
	static const step_t steps[] = { PRESS(100, KEY_INDEX(2, KEY_COL_CANVAS)), HOST(400, "ACK 1") };
	harness_run(&panel, steps, 2, 3000, 1, false);
	uint32_t t[16];
	CHECK_INT(times_of(F("KEY 1 2 C S"), t, 16), 2);
	CHECK_INT(panel.link.queued, 0);
	CHECK_INT(panel.link.stats.given_up, 0);
}

static void keeps_resending_when_the_ack_names_another_seq(void)
{
	harness_start(&panel);
	static const step_t steps[] = { PRESS(100, KEY_INDEX(2, KEY_COL_CANVAS)), HOST(400, "ACK 2"), HOST(500, "ACK 0") };
	harness_run(&panel, steps, 3, 3000, 1, false);
	uint32_t t[16];
	CHECK_INT(times_of(F("KEY 1 2 C S"), t, 16), 9);
}

static void keeps_at_most_8_unacked_keys_dropping_the_oldest(void)
{
	harness_start(&panel);
	step_t steps[9];
	for (int i = 0; i < 9; i++) {
		step_t s = PRESS(100 + 10 * (uint32_t)i, KEY_INDEX(i % 4, i / 4 % 3));
		if (i == 8)
			s.key = KEY_UNDO;
		steps[i] = s;
	}
	harness_run(&panel, steps, 9, 184, 1, false);
	CHECK_INT(panel.link.queued, 8);
	CHECK_INT(panel.link.stats.evicted, 0);
	harness_run(&panel, steps, 9, 185, 1, false);
	CHECK_INT(panel.link.queued, 8);
	CHECK_INT(panel.link.stats.evicted, 1);
	CHECK_INT(panel.link.queue[0].seq, 2);
	CHECK_INT(panel.link.queue[7].seq, 9);
	harness_run(&panel, steps, 9, 3000, 1, false);
	uint32_t t[16];
	CHECK_INT(times_of(F("KEY 1 0 P S"), t, 16), 1); /* evicted before its first re-send at 355 */
	CHECK_INT(times_of(F("KEY 9 - U S"), t, 16), 9);
}

static void numbers_frames_1_to_255_then_wraps_to_1(void)
{
	harness_start(&panel);
	harness_run(&panel, NULL, 0, 256000, 1, false);
	int i255 = fake_find_line(F("HB 255"), 0);
	CHECK(i255 > 0);
	CHECK_INT(fake.lines[i255].t, 255000);
	CHECK(i255 + 1 < fake.line_count);
	if (i255 + 1 < fake.line_count)
		CHECK_STR(fake.lines[i255 + 1].text, F("HB 1"));
	CHECK_INT(fake_count_prefix("HB 0*"), 0);
	CHECK_INT(fake_count_prefix("HB "), 256);
}

static void sends_a_heartbeat_every_1000_ms_at_any_scan_rate(void)
{
	static const uint32_t periods[] = { 1, 2, 4 };
	for (int r = 0; r < 3; r++) {
		harness_start(&panel);
		harness_run(&panel, NULL, 0, 3500, periods[r], false);
		uint32_t t[8];
		CHECK_INT(times_of(F("HB 1"), t, 8), 1);
		CHECK_INT(t[0], 1000);
		CHECK_INT(times_of(F("HB 2"), t, 8), 1);
		CHECK_INT(t[0], 2000);
		CHECK_INT(times_of(F("HB 3"), t, 8), 1);
		CHECK_INT(t[0], 3000);
	}
}

static void acks_host_heartbeats_and_led_frames_by_the_hosts_seq(void)
{
	harness_start(&panel);
	static const step_t steps[] = { HOST(50, "HB 7"), HOST(60, "LED 9 2 ON"), HOST(70, "LED 200 R BLINK") };
	harness_run(&panel, steps, 3, 100, 1, false);
	uint32_t t[4];
	CHECK_INT(times_of(F("ACK 7"), t, 4), 1);
	CHECK_INT(t[0], 50);
	CHECK_INT(times_of(F("ACK 9"), t, 4), 1);
	CHECK_INT(t[0], 60);
	CHECK_INT(times_of(F("ACK 200"), t, 4), 1);
	CHECK(fake.led[2]);
	CHECK(fake.led[HAL_LED_RED]);
	CHECK(!fake.led[0] && !fake.led[1] && !fake.led[3] && !fake.led[HAL_LED_GREEN]);
}

static void ignores_a_host_frame_with_a_bad_crc(void)
{
	harness_start(&panel);
	const char *bad = "LED 3 G ON*00\n";
	for (const char *c = bad; *c; c++)
		panel_receive(&panel, (uint8_t)*c, 0);
	harness_run(&panel, NULL, 0, 10, 1, false);
	CHECK_INT(fake.line_count, 1); /* only the HELLO */
	CHECK(!fake.led[HAL_LED_GREEN]);
	CHECK_INT(panel.link.stats.bad_frames, 1);
}

static void reads_frames_after_line_noise(void)
{
	harness_start(&panel);
	const char *noise = "\x01\xff garbage * 12 \r\n*\n";
	for (const char *c = noise; *c; c++)
		panel_receive(&panel, (uint8_t)*c, 0);
	for (int i = 0; i < 300; i++)
		panel_receive(&panel, (uint8_t)('A' + i % 26), 0);
	panel_receive(&panel, '\n', 0);
	harness_host_frame(&panel, "HB 3");
	CHECK_INT(fake_count_lines(F("ACK 3")), 1);
	CHECK_INT(panel.link.stats.bad_frames, 3);
}

static void blinks_red_on_its_own_after_3_s_without_host_frames(void)
{
	harness_start(&panel);
	static const step_t steps[] = { HOST(10, "LED 1 G ON") };
	harness_run(&panel, steps, 1, 3009, 1, false);
	CHECK(fake.led[HAL_LED_GREEN]);
	CHECK(!fake.led[HAL_LED_RED]);
	harness_run(&panel, NULL, 0, 3010, 1, false);
	CHECK(!fake.led[HAL_LED_GREEN]);
	CHECK(fake.led[HAL_LED_RED]);
	harness_run(&panel, NULL, 0, 3509, 1, false);
	CHECK(fake.led[HAL_LED_RED]);
	harness_run(&panel, NULL, 0, 3510, 1, false);
	CHECK(!fake.led[HAL_LED_RED]);
	harness_run(&panel, NULL, 0, 4010, 1, false);
	CHECK(fake.led[HAL_LED_RED]);
	static const step_t back[] = { HOST(5000, "HB 2") };
	harness_run(&panel, back, 1, 5000, 1, false);
	CHECK(fake.led[HAL_LED_GREEN]);
	CHECK(!fake.led[HAL_LED_RED]);
	harness_run(&panel, NULL, 0, 7999, 1, false);
	CHECK(fake.led[HAL_LED_GREEN]);
	harness_run(&panel, NULL, 0, 8000, 1, false);
	CHECK(!fake.led[HAL_LED_GREEN]);
	CHECK(fake.led[HAL_LED_RED]);
}

static void blinks_red_after_3_s_when_no_host_ever_spoke(void)
{
	harness_start(&panel);
	harness_run(&panel, NULL, 0, 2999, 1, false);
	CHECK(!fake.led[HAL_LED_RED]);
	harness_run(&panel, NULL, 0, 3000, 1, false);
	CHECK(fake.led[HAL_LED_RED]);
}

static void waits_for_tx_room_instead_of_cutting_a_frame(void)
{
	harness_start(&panel);
	fake.tx_free = 10; /* "KEY 1 3 D S*C7\n" needs 15 */
	static const step_t steps[] = { PRESS(100, KEY_INDEX(3, KEY_COL_DRAW)) };
	harness_run(&panel, steps, 1, 199, 1, false);
	CHECK_INT(fake_count_prefix("KEY"), 0);
	CHECK_INT(fake.partial_len, 0);
	fake.tx_free = 1024;
	harness_run(&panel, steps, 1, 200, 1, false);
	uint32_t t[4];
	CHECK_INT(times_of(F("KEY 1 3 D S"), t, 4), 1);
	CHECK_INT(t[0], 200);
	/* re-sends count from the first real send */
	harness_run(&panel, steps, 1, 450, 1, false);
	CHECK_INT(times_of(F("KEY 1 3 D S"), t, 4), 2);
	CHECK_INT(t[1], 450);
}

void suite_link(void)
{
	test_run("link says HELLO first at boot", says_hello_first_at_boot);
	test_run("link re-sends an unacked KEY every 250 ms, 8 times, then gives up",
	         resends_an_unacked_key_every_250_ms_eight_times_then_gives_up);
	test_run("link stops re-sending once the host acks", stops_resending_once_the_host_acks);
	test_run("link keeps re-sending when the ack names another seq", keeps_resending_when_the_ack_names_another_seq);
	test_run("link keeps at most 8 unacked KEYs, dropping the oldest", keeps_at_most_8_unacked_keys_dropping_the_oldest);
	test_run("link numbers frames 1 to 255, then wraps to 1", numbers_frames_1_to_255_then_wraps_to_1);
	test_run("link sends a heartbeat every 1000 ms at any scan rate", sends_a_heartbeat_every_1000_ms_at_any_scan_rate);
	test_run("link acks host heartbeats and LED frames by the host's seq",
	         acks_host_heartbeats_and_led_frames_by_the_hosts_seq);
	test_run("link ignores a host frame with a bad CRC", ignores_a_host_frame_with_a_bad_crc);
	test_run("link reads frames after line noise", reads_frames_after_line_noise);
	test_run("link blinks red on its own after 3 s without host frames",
	         blinks_red_on_its_own_after_3_s_without_host_frames);
	test_run("link blinks red after 3 s when no host ever spoke", blinks_red_after_3_s_when_no_host_ever_spoke);
	test_run("link waits for TX room instead of cutting a frame", waits_for_tx_room_instead_of_cutting_a_frame);
}
