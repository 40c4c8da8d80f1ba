/* test_frame.c - CRC, encode and decode, checked against every line of protocol/vectors.txt. */
#include <stdlib.h>

#include "../src/crc8.h"
#include "../src/frame.h"
#include "harness.h"
#include "test.h"

static const char *vectors_path;

/* Canonical JSON of a decoded frame, in the key order vectors.txt uses. */
static void to_json(const frame_t *f, char *out, size_t cap)
{
	static const char *const modes[] = { "OFF", "ON", "BLINK" };
	switch (f->type) {
	case FRAME_HELLO:
		snprintf(out, cap, "{\"type\":\"HELLO\",\"seq\":%u,\"fw\":\"%.*s\",\"keys\":\"%.*s\"}", f->seq, f->fw_len,
		         f->fw, f->keys_len, f->keys);
		break;
	case FRAME_KEY:
		if (f->seat == FRAME_SEAT_NONE)
			snprintf(out, cap, "{\"type\":\"KEY\",\"seq\":%u,\"seat\":null,\"key\":\"%c\",\"kind\":\"%c\"}", f->seq,
			         f->key, f->kind);
		else
			snprintf(out, cap, "{\"type\":\"KEY\",\"seq\":%u,\"seat\":%d,\"key\":\"%c\",\"kind\":\"%c\"}", f->seq,
			         f->seat, f->key, f->kind);
		break;
	case FRAME_LED:
		snprintf(out, cap, "{\"type\":\"LED\",\"seq\":%u,\"target\":\"%c\",\"mode\":\"%s\"}", f->seq, f->target,
		         modes[f->mode]);
		break;
	case FRAME_ACK:
		snprintf(out, cap, "{\"type\":\"ACK\",\"seq\":%u}", f->seq);
		break;
	case FRAME_HB:
		snprintf(out, cap, "{\"type\":\"HB\",\"seq\":%u}", f->seq);
		break;
	default:
		snprintf(out, cap, "?");
	}
}

static const char *reason_name(frame_result_t r)
{
	switch (r) {
	case FRAME_OK:
		return "ok";
	case FRAME_ERR_LENGTH:
		return "length";
	case FRAME_ERR_FORMAT:
		return "format";
	case FRAME_ERR_CRC:
		return "crc";
	}
	return "?";
}

static void crc_matches_the_smbus_check_value(void)
{
	CHECK_INT(crc8("123456789", 9), 0xF4);
	CHECK_INT(crc8("", 0), 0x00);
}

/* Feeds FRAME\n to a freshly booted panel and checks what the panel makes of it on the wire. */
static void check_through_panel(const char *frame, const char *verdict, const frame_t *decoded, int lineno)
{
	panel_t p;
	harness_start(&p);
	int lines_before = fake.line_count; /* the HELLO */
	uint16_t bad_before = p.link.stats.bad_frames;
	for (const char *c = frame; *c; c++)
		panel_receive(&p, (uint8_t)*c, 0);
	panel_receive(&p, '\n', 0);
	int is_host_frame = decoded && (decoded->type == FRAME_ACK || decoded->type == FRAME_LED || decoded->type == FRAME_HB);
	char expect_ack[FAKE_LINE_LEN], body[16];
	if (is_host_frame) {
		CHECK_INT(p.link.stats.bad_frames, bad_before);
		if (decoded->type != FRAME_ACK) {
			snprintf(body, sizeof body, "ACK %u", decoded->seq);
			CHECK_INT(fake.line_count, lines_before + 1);
			if (fake.line_count == lines_before + 1)
				CHECK_STR(fake.lines[lines_before].text, framed(body, expect_ack, sizeof expect_ack));
		} else {
			CHECK_INT(fake.line_count, lines_before);
		}
	} else {
		/* invalid lines, and HELLO/KEY which only travel panel -> host, are ignored and counted */
		CHECK_INT(p.link.stats.bad_frames, bad_before + 1);
		CHECK_INT(fake.line_count, lines_before);
	}
	(void)verdict;
	(void)lineno;
}

static void decodes_and_encodes_every_vector(void)
{
	FILE *f = fopen(vectors_path, "r");
	CHECK(f != NULL);
	if (!f)
		return;
	char line[512];
	int lineno = 0, valid = 0, invalid = 0, reasons[4] = { 0 };
	while (fgets(line, sizeof line, f)) {
		lineno++;
		size_t n = strlen(line);
		if (n && line[n - 1] == '\n')
			line[--n] = 0;
		if (n == 0 || line[0] == '#')
			continue;
		char *verdict = line, *frame = strchr(line, '\t');
		char *expected = frame ? strchr(frame + 1, '\t') : NULL;
		CHECK(frame && expected && !strchr(expected + 1, '\t'));
		if (!frame || !expected)
			continue;
		*frame++ = 0;
		*expected++ = 0;
		frame_t decoded;
		int before = test_failures;
		frame_result_t r = frame_decode(frame, (uint16_t)strlen(frame), &decoded);
		if (strcmp(verdict, "valid") == 0) {
			valid++;
			CHECK_STR(reason_name(r), "ok");
			if (r == FRAME_OK) {
				char json[256], encoded[FRAME_MAX_LINE + 2], want[FRAME_MAX_LINE + 2];
				to_json(&decoded, json, sizeof json);
				CHECK_STR(json, expected);
				uint8_t len = frame_encode(&decoded, encoded, sizeof encoded - 1);
				encoded[len] = 0;
				snprintf(want, sizeof want, "%s\n", frame);
				CHECK_STR(encoded, want);
			}
			check_through_panel(frame, verdict, r == FRAME_OK ? &decoded : NULL, lineno);
		} else {
			CHECK_STR(verdict, "invalid");
			invalid++;
			CHECK_STR(reason_name(r), expected);
			reasons[r]++;
			check_through_panel(frame, verdict, NULL, lineno);
		}
		if (test_failures != before)
			fprintf(stderr, "    at %s:%d\n", vectors_path, lineno);
	}
	fclose(f);
	CHECK(valid + invalid >= 25);
	CHECK(valid >= 10);
	CHECK(reasons[FRAME_ERR_CRC] > 0 && reasons[FRAME_ERR_FORMAT] > 0 && reasons[FRAME_ERR_LENGTH] > 0);
	printf("     (%d valid and %d invalid vectors)\n", valid, invalid);
}

static void encode_refuses_a_buffer_too_small(void)
{
	frame_t f = { .type = FRAME_KEY, .seq = 7, .seat = 2, .key = 'P', .kind = 'S' };
	char out[32];
	CHECK_INT(frame_encode(&f, out, 15), 15); /* "KEY 7 2 P S*FE\n" fits exactly */
	CHECK_INT(frame_encode(&f, out, 14), 0);
	f.type = 9;
	CHECK_INT(frame_encode(&f, out, sizeof out), 0);
}

static void decoding_a_bad_line_leaves_the_output_untouched(void)
{
	frame_t f = { .type = FRAME_HB, .seq = 42 };
	CHECK_INT(frame_decode("KEY 7 2 P S*FF", 14, &f), FRAME_ERR_CRC);
	CHECK_INT(frame_decode("KEY 7 4 P S*B5", 14, &f), FRAME_ERR_FORMAT);
	CHECK_INT(f.type, FRAME_HB);
	CHECK_INT(f.seq, 42);
}

void suite_frame(const char *path)
{
	vectors_path = path;
	test_run("crc matches the CRC-8/SMBUS check value", crc_matches_the_smbus_check_value);
	test_run("decodes, re-encodes and feeds every line of vectors.txt", decodes_and_encodes_every_vector);
	test_run("encode refuses a buffer too small for the frame", encode_refuses_a_buffer_too_small);
	test_run("decoding a bad line leaves the output untouched", decoding_a_bad_line_leaves_the_output_untouched);
}
