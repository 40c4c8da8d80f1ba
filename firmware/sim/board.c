/* board.c - see board.h. */
#include "board.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <sim_elf.h>

#include "matrix.h"
#include "uart_bridge.h"

/* When the process was not scheduled for a while (a loaded machine), the AVR catches up at full
 * speed - tens of times real time - so a key pressed meanwhile is still seen for as long as it was
 * held.  Only a stall longer than this (a stopped process) rebases the clock instead. */
#define MAX_LAG_NS 2000000000LL

long long board_now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* simavr would usleep() while the AVR sleeps; board_run paces against the wall clock instead. */
static void no_sleep(avr_t *avr, avr_cycle_count_t how_long)
{
	(void)avr;
	(void)how_long;
}

static void rebase(board_t *b)
{
	b->base_ns = board_now_ns();
	b->base_cycle = b->avr->cycle;
}

static void restart(board_t *b)
{
	avr_reset(b->avr);
	uart_bridge_clear(b->avr);
	matrix_refresh(b->avr);
}

int board_load(board_t *b, const char *elf_path, long long boot_delay_ns)
{
	static elf_firmware_t fw;
	memset(b, 0, sizeof *b);
	b->boot_delay_ns = boot_delay_ns;
	if (access(elf_path, R_OK) != 0) {
		fprintf(stderr, "panel-sim: cannot read %s: %s (run make -C firmware first)\n", elf_path, strerror(errno));
		return -1;
	}
	if (elf_read_firmware(elf_path, &fw) != 0) {
		fprintf(stderr, "panel-sim: %s is not a loadable AVR ELF image\n", elf_path);
		return -1;
	}
	b->avr = avr_make_mcu_by_name("atmega328p");
	if (!b->avr) {
		fprintf(stderr, "panel-sim: libsimavr has no atmega328p core\n");
		return -1;
	}
	avr_init(b->avr);
	strcpy(fw.mmcu, "atmega328p");
	fw.frequency = (uint32_t)BOARD_F_CPU;
	avr_load_firmware(b->avr, &fw);
	b->avr->frequency = (uint32_t)BOARD_F_CPU;
	b->avr->sleep = no_sleep;
	b->avr->log = LOG_WARNING;
	uart_bridge_attach(b->avr);
	matrix_attach(b->avr);
	rebase(b);
	return 0;
}

void board_reset(board_t *b)
{
	restart(b);
	b->boot_at_ns = board_now_ns() + b->boot_delay_ns;
}

int board_in_reset(const board_t *b)
{
	return b->boot_at_ns != 0;
}

int board_run(board_t *b)
{
	if (b->boot_at_ns) {
		if (board_now_ns() < b->boot_at_ns)
			return 0;
		/* the reset is released: the firmware starts from its reset vector now */
		b->boot_at_ns = 0;
		restart(b);
		rebase(b);
	}
	long long elapsed = board_now_ns() - b->base_ns;
	avr_cycle_count_t target = b->base_cycle + (avr_cycle_count_t)(elapsed * (long long)BOARD_F_CPU / 1000000000LL);
	if (target > b->avr->cycle &&
	    (long long)(target - b->avr->cycle) > MAX_LAG_NS * (long long)BOARD_F_CPU / 1000000000LL) {
		fprintf(stderr, "panel-sim: fell %lld ms behind real time; skipping ahead\n",
		        (long long)((target - b->avr->cycle) * 1000 / BOARD_F_CPU));
		rebase(b);
		return 0;
	}
	while (b->avr->cycle < target) {
		int state = avr_run(b->avr);
		if (state == cpu_Done || state == cpu_Crashed) {
			fprintf(stderr, "panel-sim: the firmware stopped (state %d) at cycle %llu\n", state,
			        (unsigned long long)b->avr->cycle);
			return -1;
		}
	}
	return 0;
}
