/*
 * test_debounce.c - the debouncer as tables of {time, raw input} -> expected debounced
 * transitions, each replayed at scan periods of 1, 2 and 4 ms.  Expected times are windows:
 * the 1 ms answer, widened by up to 2*(period-1) ms because a slower scan sees a change late
 * and confirms it late.
 */
#include <stdbool.h>

#include "../src/debounce.h"
#include "test.h"

#define MAX_STEPS 24

typedef struct {
	uint32_t t;
	uint32_t raw; /* the full raw key mask from t on */
} sample_t;

typedef struct {
	uint32_t lo, hi; /* window at a 1 ms scan */
	uint8_t key;
	bool down;
} transition_t;

typedef struct {
	const char *name;
	sample_t in[MAX_STEPS];
	transition_t out[MAX_STEPS];
	uint32_t until;
} debounce_case_t;

#define K0 KEY_BIT(0)
#define K5 KEY_BIT(5)
#define KU KEY_BIT(KEY_UNDO)

static const debounce_case_t CASES[] = {
	{ "a clean press and release each change state 5 ms later",
	  { { 10, K0 }, { 100, 0 }, { 0, 0 } },
	  { { 15, 15, 0, true }, { 105, 105, 0, false } },
	  200 },
	{ "contact bounce on press and release gives one press and one release",
	  { { 10, K0 }, { 11, 0 }, { 12, K0 }, { 13, 0 }, { 14, K0 },
	    { 200, 0 }, { 201, K0 }, { 203, 0 }, { 0, 0 } },
	  /* a slow scan may not see the last bounce, so it can settle up to the bounce length earlier */
	  { { 15, 19, 0, true }, { 205, 208, 0, false } },
	  300 },
	{ "a 2 ms noise spike on an idle key is ignored",
	  { { 50, K0 }, { 52, 0 }, { 0, 0 } },
	  { { 0, 0, 0, false } },
	  200 },
	{ "a 4 ms noise spike on an idle key is ignored",
	  { { 50, K0 }, { 54, 0 }, { 0, 0 } },
	  { { 0, 0, 0, false } },
	  200 },
	{ "a 3 ms dropout while a key is held does not release it",
	  { { 10, K0 }, { 100, 0 }, { 103, K0 }, { 300, 0 }, { 0, 0 } },
	  { { 15, 15, 0, true }, { 305, 305, 0, false } },
	  400 },
	{ "bursts of noise keep restarting the wait until the line is quiet",
	  /* the quiet gaps last 4 ms, so even the 4 ms scan sees each of them */
	  { { 10, K0 }, { 13, 0 }, { 17, K0 }, { 20, 0 }, { 24, K0 }, { 0, 0 } },
	  { { 29, 29, 0, true } },
	  100 },
	{ "keys debounce independently",
	  { { 10, K0 }, { 11, 0 }, { 12, K0 | K5 }, { 13, K5 }, { 14, K0 | K5 }, { 60, K0 }, { 90, K0 | KU },
	    { 150, 0 }, { 0, 0 } },
	  { { 15, 19, 0, true }, { 17, 17, 5, true }, { 65, 65, 5, false }, { 95, 95, KEY_UNDO, true },
	    { 155, 155, 0, false }, { 155, 155, KEY_UNDO, false } },
	  200 },
};

static int count_samples(const debounce_case_t *c)
{
	int n = 0;
	while (n < MAX_STEPS && c->in[n].t)
		n++;
	return n;
}

static int count_transitions(const debounce_case_t *c)
{
	int n = 0;
	while (n < MAX_STEPS && c->out[n].hi)
		n++;
	return n;
}

static void replay(const debounce_case_t *c, uint32_t period)
{
	debounce_t d;
	debounce_init(&d);
	int samples = count_samples(c), expected = count_transitions(c);
	int seen[MAX_STEPS] = { 0 };
	uint32_t raw = 0;
	int unexpected = 0;
	for (uint32_t now = 0; now <= c->until; now++) {
		for (int i = 0; i < samples; i++)
			if (c->in[i].t == now)
				raw = c->in[i].raw;
		if (now % period)
			continue;
		uint32_t changed = debounce_update(&d, raw, now);
		for (uint8_t k = 0; k < KEY_COUNT; k++) {
			if (!(changed & KEY_BIT(k)))
				continue;
			bool down = (d.state & KEY_BIT(k)) != 0;
			int match = -1;
			for (int i = 0; i < expected; i++)
				if (!seen[i] && c->out[i].key == k && c->out[i].down == down && now >= c->out[i].lo &&
				    now <= c->out[i].hi + 2 * (period - 1))
					match = i;
			if (match < 0) {
				unexpected++;
				fprintf(stderr, "    %s @%u ms: key %u %s at %u ms was not expected\n", c->name, period, k,
				        down ? "down" : "up", now);
			} else {
				seen[match] = 1;
			}
		}
	}
	CHECK_INT(unexpected, 0);
	for (int i = 0; i < expected; i++) {
		if (!seen[i])
			fprintf(stderr, "    %s @%u ms: key %u %s in [%u, %u] did not happen\n", c->name, period,
			        c->out[i].key, c->out[i].down ? "down" : "up", c->out[i].lo,
			        c->out[i].hi + 2 * (period - 1));
		CHECK(seen[i]);
	}
}

static const debounce_case_t *current;

static void run_current(void)
{
	static const uint32_t periods[] = { 1, 2, 4 };
	for (unsigned i = 0; i < sizeof periods / sizeof periods[0]; i++)
		replay(current, periods[i]);
}

static void holds_state_across_the_16_bit_time_wrap(void)
{
	debounce_t d;
	debounce_init(&d);
	uint32_t t0 = 65533; /* the 16-bit timestamps wrap during the 5 ms wait */
	CHECK_INT(debounce_update(&d, K0, t0), 0);
	CHECK_INT(debounce_update(&d, K0, t0 + 4), 0);
	CHECK_INT(debounce_update(&d, K0, t0 + 5), K0);
	CHECK_INT(debounce_update(&d, K0, t0 + 100000), 0);
}

void suite_debounce(void)
{
	char name[160];
	for (unsigned i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
		current = &CASES[i];
		snprintf(name, sizeof name, "debounce: %s (1, 2 and 4 ms scans)", CASES[i].name);
		test_run(name, run_current);
	}
	test_run("debounce holds state across the 16-bit time wrap", holds_state_across_the_16_bit_time_wrap);
}
