/*
 * test_fuzz.c - the receive path never trusts the wire: a megabyte of seeded random and
 * corrupted bytes must not crash the panel (the build runs under ASan/UBSan), only frames that
 * arrive whole may be acted on, and a valid frame after the noise must still be read.
 */
#include <stdlib.h>

#include "../src/crc8.h"
#include "../src/frame.h"
#include "harness.h"
#include "test.h"

/* A small deterministic generator (xorshift32), so a failure replays exactly. */
static uint32_t rng = 0x12345678;
static uint32_t next_random(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 17;
	rng ^= rng << 5;
	return rng;
}

static void survives_a_megabyte_of_noise_and_still_reads_frames(void)
{
	panel_t p;
	harness_start(&p);
	static const char *const frames[] = { "LED 3 G BLINK*20\n", "HB 9*7A\n", "LED 1 0 ON*6E\n" };
	uint32_t fed = 0;
	int intact = 0;        /* frames that reached the panel whole, on a line of their own */
	uint8_t last = '\n';
	while (fed < 1024 * 1024) {
		uint32_t r = next_random();
		if (r % 7 == 0) {
			/* a valid frame with one byte replaced: almost always a CRC or format failure */
			const char *f = frames[r % 3];
			size_t n = strlen(f), at = (next_random() % (n - 1));
			uint8_t replacement = (uint8_t)next_random();
			intact += last == '\n' && replacement == (uint8_t)f[at];
			for (size_t i = 0; i < n; i++)
				panel_receive(&p, (uint8_t)(i == at ? replacement : (uint8_t)f[i]), fake.now);
			last = '\n';
			fed += (uint32_t)n;
		} else {
			uint8_t b = r % 5 == 0 ? '\n' : (uint8_t)(r >> 8);
			panel_receive(&p, b, fake.now);
			last = b;
			fed++;
		}
	}
	/* Only the frames that arrived whole were acted on: one ACK each, nothing for the noise. */
	CHECK_INT(fake_count_prefix("ACK "), intact);
	CHECK(intact > 0);
	/* Whatever the noise did, every line the panel sent is a well-formed panel frame... */
	for (int i = 0; i < fake.line_count; i++) {
		frame_t f;
		CHECK_INT(frame_decode(fake.lines[i].text, (uint16_t)strlen(fake.lines[i].text), &f), FRAME_OK);
	}
	CHECK(p.link.stats.bad_frames > 1000);
	/* ...and a clean frame after the noise is still read. */
	panel_receive(&p, '\n', fake.now);
	harness_host_frame(&p, "HB 77");
	char ack[FAKE_LINE_LEN];
	CHECK_INT(fake_count_lines(framed("ACK 77", ack, sizeof ack)), 1);
}

static void encodes_and_decodes_every_key_and_led_frame_back_to_itself(void)
{
	static const char keys[] = "PCDEU", kinds[] = "SL", targets[] = "0123GR";
	int checked = 0;
	for (int seq = 0; seq <= 255; seq++) {
		for (int seat = -1; seat < 4; seat++)
			for (int k = 0; k < 5; k++)
				for (int kind = 0; kind < 2; kind++) {
					frame_t f = { .type = FRAME_KEY, .seq = (uint8_t)seq, .seat = (int8_t)seat, .key = keys[k],
						      .kind = kinds[kind] };
					char buf[FRAME_MAX_LINE + 1];
					uint8_t n = frame_encode(&f, buf, sizeof buf);
					frame_t g;
					frame_result_t r = frame_decode(buf, (uint16_t)(n - 1), &g);
					int legal = (seat < 0) == (keys[k] == 'U') && (kinds[kind] == 'S' || keys[k] == 'E');
					CHECK_INT(r, legal ? FRAME_OK : FRAME_ERR_FORMAT);
					if (r == FRAME_OK)
						CHECK(g.seq == f.seq && g.seat == f.seat && g.key == f.key && g.kind == f.kind);
					checked++;
				}
		for (int t = 0; t < 6; t++)
			for (int mode = LED_MODE_OFF; mode <= LED_MODE_BLINK; mode++) {
				frame_t f = { .type = FRAME_LED, .seq = (uint8_t)seq, .target = targets[t], .mode = (uint8_t)mode };
				char buf[FRAME_MAX_LINE + 1];
				uint8_t n = frame_encode(&f, buf, sizeof buf);
				frame_t g;
				CHECK_INT(frame_decode(buf, (uint16_t)(n - 1), &g), FRAME_OK);
				CHECK(g.seq == f.seq && g.target == f.target && g.mode == f.mode);
				checked++;
			}
	}
	CHECK_INT(checked, 256 * (5 * 5 * 2 + 6 * 3));
}

static void rejects_every_single_bit_flip_of_a_frame(void)
{
	const char *good = "KEY 7 2 P S*FE";
	size_t n = strlen(good);
	for (size_t i = 0; i < n; i++)
		for (int bit = 0; bit < 8; bit++) {
			char line[32];
			memcpy(line, good, n);
			line[i] = (char)(line[i] ^ (1 << bit));
			frame_t f;
			/* CRC-8 catches every single-bit error; flips in "*FE" break the framing or the CRC */
			CHECK(frame_decode(line, (uint16_t)n, &f) != FRAME_OK);
		}
}

void suite_fuzz(void)
{
	test_run("fuzz: survives a megabyte of noise and still reads frames", survives_a_megabyte_of_noise_and_still_reads_frames);
	test_run("fuzz: encodes and decodes every KEY and LED frame back to itself",
	         encodes_and_decodes_every_key_and_led_frame_back_to_itself);
	test_run("fuzz: rejects every single-bit flip of a frame", rejects_every_single_bit_flip_of_a_frame);
}
