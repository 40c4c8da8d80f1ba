/*
 * board.h - the simulated panel board: the real firmware image in libsimavr as an ATmega328P at
 * 16 MHz, with its key matrix and UART bridge attached, run in step with the wall clock.
 */
#ifndef SIM_BOARD_H
#define SIM_BOARD_H

#include <sim_avr.h>

#define BOARD_F_CPU 16000000ULL

typedef struct {
	avr_t *avr;
	long long boot_at_ns;         /* > 0 while held in reset, until this wall-clock time */
	long long boot_delay_ns;      /* how long a reset holds the board (the bootloader's wait) */
	long long base_ns;            /* a wall-clock time ... */
	avr_cycle_count_t base_cycle; /* ... and the AVR cycle that corresponds to it */
} board_t;

/** Monotonic wall clock in nanoseconds. */
long long board_now_ns(void);

/** Loads the ELF image into a new ATmega328P and starts it (powered from USB); 0, or -1 with a message on stderr. */
int board_load(board_t *b, const char *elf_path, long long boot_delay_ns);

/** Resets the AVR and holds it in reset for the boot delay, like DTR or the reset button. */
void board_reset(board_t *b);

/** Whether the board is held in reset right now (bytes sent to it are lost). */
int board_in_reset(const board_t *b);

/** Runs the AVR until its clock has caught up with the wall clock; -1 if the firmware stopped. */
int board_run(board_t *b);

#endif
