/* hal_fake.c - see hal_fake.h. */
#include "hal_fake.h"

#include <string.h>

fake_hal_t fake;

void fake_reset(void)
{
	memset(&fake, 0, sizeof fake);
	fake.row = -1;
	fake.tx_free = 1024;
}

void fake_advance_time(uint32_t ms)
{
	fake.now += ms;
}

void fake_key(uint8_t index, bool closed)
{
	if (closed)
		fake.keys |= (uint32_t)1 << index;
	else
		fake.keys &= ~((uint32_t)1 << index);
}

int fake_find_line(const char *text, int from)
{
	for (int i = from < 0 ? 0 : from; i < fake.line_count; i++)
		if (strcmp(fake.lines[i].text, text) == 0)
			return i;
	return -1;
}

int fake_count_lines(const char *text)
{
	int n = 0;
	for (int i = 0; i < fake.line_count; i++)
		n += strcmp(fake.lines[i].text, text) == 0;
	return n;
}

int fake_count_prefix(const char *prefix)
{
	int n = 0;
	size_t len = strlen(prefix);
	for (int i = 0; i < fake.line_count; i++)
		n += strncmp(fake.lines[i].text, prefix, len) == 0;
	return n;
}

uint32_t hal_millis(void)
{
	return fake.now;
}

void hal_row_select(uint8_t row)
{
	fake.row = (int8_t)row;
}

void hal_row_release(void)
{
	fake.row = -1;
}

uint8_t hal_columns_read(void)
{
	if (fake.row < 0) {
		fake.column_reads_without_row++;
		return 0;
	}
	return (uint8_t)((fake.keys >> (fake.row * HAL_COLS)) & 0x0F);
}

bool hal_undo_read(void)
{
	return (fake.keys >> 16) & 1;
}

void hal_led_set(uint8_t led, bool on)
{
	if (led < HAL_LED_COUNT)
		fake.led[led] = on;
	fake.led_writes++;
}

int hal_uart_read(void)
{
	if (!fake.rx || !*fake.rx)
		return -1;
	return (uint8_t)*fake.rx++;
}

uint16_t hal_uart_tx_free(void)
{
	return fake.tx_free;
}

void hal_uart_write(const char *bytes, uint8_t len)
{
	for (uint8_t i = 0; i < len; i++) {
		if (bytes[i] == '\n') {
			if (fake.line_count < FAKE_MAX_LINES) {
				fake_line_t *l = &fake.lines[fake.line_count++];
				l->t = fake.now;
				memcpy(l->text, fake.partial, (size_t)fake.partial_len);
				l->text[fake.partial_len] = 0;
			}
			fake.partial_len = 0;
		} else if (fake.partial_len < FAKE_LINE_LEN - 1) {
			fake.partial[fake.partial_len++] = bytes[i];
		}
	}
}
