/* test_leds.c - LED modes and blink timing, as levels over time and as pin writes. */
#include "../src/leds.h"
#include "hal_fake.h"
#include "test.h"

typedef struct {
	uint32_t t;
	bool lit;
} level_t;

static void check_levels(const leds_t *l, uint8_t led, const level_t *levels, int n)
{
	for (int i = 0; i < n; i++) {
		if (leds_level(l, led, levels[i].t) != levels[i].lit)
			fprintf(stderr, "    LED %u at %u ms should be %s\n", led, levels[i].t, levels[i].lit ? "lit" : "dark");
		CHECK(leds_level(l, led, levels[i].t) == levels[i].lit);
	}
}

static void blinks_500_ms_lit_then_500_ms_dark_starting_lit(void)
{
	leds_t l;
	leds_init(&l);
	leds_set(&l, 2, LED_MODE_BLINK, 100);
	static const level_t levels[] = { { 100, true }, { 599, true }, { 600, false }, { 1099, false },
		                          { 1100, true }, { 1599, true }, { 1600, false }, { 100100, true } };
	check_levels(&l, 2, levels, sizeof levels / sizeof levels[0]);
}

static void keeps_the_blink_phase_when_blink_is_repeated(void)
{
	leds_t l;
	leds_init(&l);
	leds_set(&l, HAL_LED_GREEN, LED_MODE_BLINK, 100);
	leds_set(&l, HAL_LED_GREEN, LED_MODE_BLINK, 700);
	static const level_t levels[] = { { 700, false }, { 1099, false }, { 1100, true } };
	check_levels(&l, HAL_LED_GREEN, levels, 3);
	/* after ON, a new BLINK starts a new phase, lit */
	leds_set(&l, HAL_LED_GREEN, LED_MODE_ON, 1200);
	leds_set(&l, HAL_LED_GREEN, LED_MODE_BLINK, 1750);
	static const level_t again[] = { { 1750, true }, { 2249, true }, { 2250, false } };
	check_levels(&l, HAL_LED_GREEN, again, 3);
}

static void holds_on_and_off_steady(void)
{
	leds_t l;
	leds_init(&l);
	leds_set(&l, 0, LED_MODE_ON, 0);
	leds_set(&l, 1, LED_MODE_OFF, 0);
	for (uint32_t t = 0; t < 3000; t += 7) {
		CHECK(leds_level(&l, 0, t));
		CHECK(!leds_level(&l, 1, t));
	}
}

static void shows_host_loss_as_red_blink_with_green_dark(void)
{
	leds_t l;
	leds_init(&l);
	leds_set(&l, HAL_LED_GREEN, LED_MODE_ON, 0);
	leds_set(&l, HAL_LED_RED, LED_MODE_OFF, 0);
	leds_set_host_lost(&l, true, 3000);
	static const level_t red[] = { { 3000, true }, { 3499, true }, { 3500, false }, { 4000, true } };
	check_levels(&l, HAL_LED_RED, red, 4);
	CHECK(!leds_level(&l, HAL_LED_GREEN, 3200));
	leds_set_host_lost(&l, false, 4100);
	CHECK(leds_level(&l, HAL_LED_GREEN, 4100));
	CHECK(!leds_level(&l, HAL_LED_RED, 4100));
}

static void writes_a_pin_only_when_its_level_changes(void)
{
	fake_reset();
	leds_t l;
	leds_init(&l);
	leds_update(&l, 0);
	CHECK_INT(fake.led_writes, HAL_LED_COUNT); /* the first update sets every pin */
	leds_set(&l, 3, LED_MODE_BLINK, 10);
	for (uint32_t t = 10; t < 2010; t++)
		leds_update(&l, t);
	CHECK_INT(fake.led_writes, HAL_LED_COUNT + 4); /* lit at 10, dark 510, lit 1010, dark 1510 */
	CHECK(!fake.led[3]);
}

static void ignores_an_unknown_led_or_mode(void)
{
	leds_t l;
	leds_init(&l);
	leds_set(&l, HAL_LED_COUNT, LED_MODE_ON, 0);
	leds_set(&l, 0, 7, 0);
	for (uint8_t i = 0; i < HAL_LED_COUNT; i++)
		CHECK(!leds_level(&l, i, 0));
	CHECK(!leds_level(&l, HAL_LED_COUNT, 0));
}

void suite_leds(void)
{
	test_run("LEDs blink 500 ms lit then 500 ms dark, starting lit", blinks_500_ms_lit_then_500_ms_dark_starting_lit);
	test_run("LEDs keep the blink phase when BLINK is repeated", keeps_the_blink_phase_when_blink_is_repeated);
	test_run("LEDs hold ON and OFF steady", holds_on_and_off_steady);
	test_run("LEDs show host loss as red blink with green dark", shows_host_loss_as_red_blink_with_green_dark);
	test_run("LEDs write a pin only when its level changes", writes_a_pin_only_when_its_level_changes);
	test_run("LEDs ignore an unknown LED or mode", ignores_an_unknown_led_or_mode);
}
