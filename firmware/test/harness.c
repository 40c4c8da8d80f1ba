/* harness.c - see harness.h. */
#include "harness.h"

#include <stdio.h>
#include <string.h>

#include "../src/crc8.h"

const char *framed(const char *body, char *out, int cap)
{
	snprintf(out, (size_t)cap, "%s*%02X", body, crc8(body, (uint8_t)strlen(body)));
	return out;
}

/* The first time not replayed yet, so consecutive runs continue where the last one stopped. */
static uint32_t next_time;

void harness_start(panel_t *p)
{
	fake_reset();
	next_time = 0;
	panel_init(p, 0);
}

void harness_host_frame(panel_t *p, const char *body)
{
	char line[FAKE_LINE_LEN];
	framed(body, line, sizeof line);
	for (const char *c = line; *c; c++)
		panel_receive(p, (uint8_t)*c, fake.now);
	panel_receive(p, '\n', fake.now);
}

static void ack_new_keys(panel_t *p, int *seen)
{
	for (; *seen < fake.line_count; (*seen)++) {
		unsigned seq;
		if (sscanf(fake.lines[*seen].text, "KEY %u ", &seq) == 1) {
			char body[16];
			snprintf(body, sizeof body, "ACK %u", seq);
			harness_host_frame(p, body);
		}
	}
}

void harness_run(panel_t *p, const step_t *steps, int n, uint32_t until, uint32_t scan_ms, bool auto_ack)
{
	int seen = fake.line_count;
	for (uint32_t now = next_time; now <= until; now++) {
		fake_advance_time(now - fake.now);
		for (int i = 0; i < n; i++) {
			if (steps[i].t != now)
				continue;
			if (steps[i].key >= 0)
				fake_key((uint8_t)steps[i].key, steps[i].closed);
			else
				harness_host_frame(p, steps[i].body);
		}
		if (now % scan_ms == 0)
			panel_scan(p, now);
		if (auto_ack)
			ack_new_keys(p, &seen);
	}
	if (until + 1 > next_time)
		next_time = until + 1;
}
