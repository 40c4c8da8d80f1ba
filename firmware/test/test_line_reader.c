/* test_line_reader.c - byte-at-a-time line assembly: CRLF, the 64-byte limit, recovery after noise. */
#include "../src/line_reader.h"
#include "test.h"

static line_status_t feed_str(line_reader_t *r, const char *s)
{
	line_status_t last = LINE_PENDING;
	for (; *s; s++)
		last = line_reader_feed(r, (uint8_t)*s);
	return last;
}

static void returns_a_line_at_its_newline(void)
{
	line_reader_t r;
	line_reader_reset(&r);
	CHECK_INT(feed_str(&r, "HB 9*7A"), LINE_PENDING);
	CHECK_INT(line_reader_feed(&r, '\n'), LINE_READY);
	CHECK_INT(r.len, 7);
	CHECK(memcmp(r.buf, "HB 9*7A", 7) == 0);
	CHECK_INT(feed_str(&r, "ACK 5*44\n"), LINE_READY);
	CHECK_INT(r.len, 8);
	CHECK(memcmp(r.buf, "ACK 5*44", 8) == 0);
}

static void ignores_a_carriage_return_before_the_newline(void)
{
	line_reader_t r;
	line_reader_reset(&r);
	CHECK_INT(feed_str(&r, "HB 9*7A\r\n"), LINE_READY);
	CHECK_INT(r.len, 7);
	CHECK(memcmp(r.buf, "HB 9*7A", 7) == 0);
}

static void keeps_a_line_of_exactly_64_bytes(void)
{
	line_reader_t r;
	line_reader_reset(&r);
	char line[66];
	memset(line, 'A', 64);
	line[64] = '\n';
	line[65] = 0;
	CHECK_INT(feed_str(&r, line), LINE_READY);
	CHECK_INT(r.len, 64);
}

static void drops_a_longer_line_as_noise_and_reads_the_next(void)
{
	line_reader_t r;
	line_reader_reset(&r);
	char line[202];
	memset(line, 'B', 200);
	line[200] = '\n';
	line[201] = 0;
	CHECK_INT(feed_str(&r, line), LINE_NOISE);
	CHECK_INT(feed_str(&r, "HB 9*7A\n"), LINE_READY);
	CHECK_INT(r.len, 7);
	memset(line, 'C', 65);
	line[65] = '\n';
	line[66] = 0;
	CHECK_INT(feed_str(&r, line), LINE_NOISE);
}

static void returns_an_empty_line_for_a_lone_newline(void)
{
	line_reader_t r;
	line_reader_reset(&r);
	CHECK_INT(line_reader_feed(&r, '\n'), LINE_READY);
	CHECK_INT(r.len, 0);
}

void suite_line_reader(void)
{
	test_run("line reader returns a line at its newline", returns_a_line_at_its_newline);
	test_run("line reader ignores a carriage return before the newline", ignores_a_carriage_return_before_the_newline);
	test_run("line reader keeps a line of exactly 64 bytes", keeps_a_line_of_exactly_64_bytes);
	test_run("line reader drops a longer line as noise and reads the next", drops_a_longer_line_as_noise_and_reads_the_next);
	test_run("line reader returns an empty line for a lone newline", returns_an_empty_line_for_a_lone_newline);
}
