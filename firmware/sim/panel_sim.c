/*
 * panel_sim.c - runs the real firmware image (build/panel.elf) in libsimavr as an ATmega328P at
 * 16 MHz, paced to the wall clock, with USART0 bridged to a pseudo-terminal and the key matrix
 * and LEDs driven from stdin/stdout.  See firmware/README.md ("Simulator") for the interface.
 *
 * One thread does everything - simavr is not thread-safe: run the AVR up to "now", pass bytes
 * between the UART and the pty, report LED changes, then sleep in ppoll() for at most 1 ms.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "board.h"
#include "commands.h"
#include "leds_watch.h"
#include "matrix.h"
#include "pty_port.h"
#include "uart_bridge.h"

static volatile sig_atomic_t stop_requested;
static FILE *out; /* our stdout; fd 1 itself goes to stderr so simavr's chatter cannot mix in */

typedef struct {
	board_t board;
	pty_port_t pty;
	int host_present;
	uint8_t leds;
} sim_t;

static void on_signal(int sig)
{
	(void)sig;
	stop_requested = 1;
}

/* Prints a line per LED whose level differs from the last report.  Called from the LED pins'
 * IRQs, and after every slice too: a reset turns pins into inputs without an output IRQ. */
static void report_leds(sim_t *s)
{
	uint8_t now = leds_read(s->board.avr);
	for (int i = 0; i < LED_COUNT; i++)
		if ((now ^ s->leds) & (1u << i))
			/* The AVR's own clock, in ms: the host reads the line late on a busy machine. */
			fprintf(out, "LED %s %d %.3f\n", LED_NAMES[i], (now >> i) & 1,
				(double)s->board.avr->cycle * 1000.0 / s->board.avr->frequency);
	s->leds = now;
}

/* Returns how many bytes the firmware had sent since the last call. */
static size_t flush_uart_to_host(sim_t *s)
{
	uint8_t buf[4096];
	size_t n, total = 0;
	while ((n = uart_bridge_receive(buf, sizeof buf)) > 0) {
		total += n;
		if (!s->host_present)
			continue; /* like a real USB-serial chip with the port closed: the bytes go nowhere */
		size_t done = 0;
		while (done < n) {
			ssize_t w = write(s->pty.master, buf + done, n - done);
			if (w <= 0)
				break; /* the host is not reading: drop rather than stall the AVR */
			done += (size_t)w;
		}
	}
	return total;
}

static void answer_leds(sim_t *s)
{
	uint8_t lit = leds_read(s->board.avr);
	fprintf(out, "LEDS");
	for (int i = 0; i < LED_COUNT; i++)
		fprintf(out, " %s=%d", LED_NAMES[i], (lit >> i) & 1);
	fprintf(out, "\n");
}

/* Returns 1 when the command asks to quit. */
static int handle_command(sim_t *s, const char *line)
{
	command_t c = command_parse(line);
	switch (c.kind) {
	case CMD_PRESS:
	case CMD_RELEASE:
		matrix_set_key(s->board.avr, c.key, c.kind == CMD_PRESS);
		fprintf(out, "OK\n");
		break;
	case CMD_LEDS:
		answer_leds(s);
		break;
	case CMD_RESET:
		board_reset(&s->board);
		fprintf(out, "OK\n");
		break;
	case CMD_QUIT:
		return 1;
	case CMD_ERROR:
		fprintf(out, "ERR %s\n", c.error);
		break;
	}
	return 0;
}

/* Reads what stdin has; runs each complete line. Returns 1 to quit (quit, or stdin closed). */
static int read_commands(sim_t *s)
{
	static char buf[4096];
	static size_t len;
	static int discarding; /* inside an over-long line: skip to its end */
	ssize_t n = read(STDIN_FILENO, buf + len, sizeof buf - 1 - len);
	if (n == 0)
		return 1;
	if (n < 0)
		return errno == EINTR || errno == EAGAIN ? 0 : 1;
	len += (size_t)n;
	char *start = buf, *nl;
	while ((nl = memchr(start, '\n', len - (size_t)(start - buf))) != NULL) {
		*nl = 0;
		if (discarding) {
			discarding = 0;
			fprintf(out, "ERR line too long\n");
		} else if (handle_command(s, start)) {
			return 1;
		}
		start = nl + 1;
	}
	len -= (size_t)(start - buf);
	memmove(buf, start, len);
	if (len == sizeof buf - 1) {
		discarding = 1;
		len = 0;
	}
	return 0;
}

static void read_host(sim_t *s)
{
	uint8_t buf[1024];
	pty_read_t r = pty_port_read(&s->pty, buf, sizeof buf);
	/* A host setting its port up flushes the input it has not read, and hosts flush only then
	 * (the device driver never flushes mid-session), so a flush counts as an open and resets the
	 * board, like DTR. That puts the HELLO after the flush however slow the set-up (on a loaded
	 * machine it came more than the 500 ms boot delay after the open and threw the HELLO away),
	 * and catches a reopen whose close the sim slept through, when no hangup was ever seen (a CI
	 * run lost its HELLO so: the board went on with its heartbeats and never said HELLO). */
	if (r.flushed)
		board_reset(&s->board);
	if (r.length > 0 && !board_in_reset(&s->board))
		uart_bridge_send(s->board.avr, buf, r.length); /* bytes sent into a resetting board are lost */
}

/* build/panel.elf beside the sim's own sim/build directory, so the binary works from any cwd. */
static void default_elf(char *path, size_t cap)
{
	char exe[PATH_MAX - 32];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n <= 0) {
		snprintf(path, cap, "firmware/build/panel.elf");
		return;
	}
	exe[n] = 0;
	char *slash = strrchr(exe, '/');
	if (slash)
		*slash = 0;
	snprintf(path, cap, "%s/../../build/panel.elf", exe);
}

typedef struct {
	char elf[PATH_MAX];
	const char *link;
	long boot_delay_ms;
} options_t;

static int parse_options(int argc, char **argv, options_t *o)
{
	default_elf(o->elf, sizeof o->elf);
	o->link = NULL;
	o->boot_delay_ms = 500;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--elf") == 0 && i + 1 < argc) {
			snprintf(o->elf, sizeof o->elf, "%s", argv[++i]);
		} else if (strcmp(argv[i], "--link") == 0 && i + 1 < argc) {
			o->link = argv[++i];
		} else if (strcmp(argv[i], "--boot-delay") == 0 && i + 1 < argc) {
			char *end;
			o->boot_delay_ms = strtol(argv[++i], &end, 10);
			if (*end || o->boot_delay_ms < 0 || o->boot_delay_ms > 10000) {
				fprintf(stderr, "panel-sim: --boot-delay takes 0-10000 ms\n");
				return -1;
			}
		} else {
			fprintf(stderr, "usage: panel-sim [--elf PATH] [--link PATH] [--boot-delay MS]\n");
			return -1;
		}
	}
	return 0;
}

/* Keeps fd 1 for our protocol lines only; whatever libsimavr prints goes to stderr. */
static int take_stdout(void)
{
	int out_fd = dup(STDOUT_FILENO);
	out = out_fd >= 0 ? fdopen(out_fd, "w") : NULL;
	if (!out || dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
		fprintf(stderr, "panel-sim: cannot set up stdout\n");
		return -1;
	}
	setvbuf(out, NULL, _IOLBF, 0);
	signal(SIGPIPE, SIG_IGN);
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	return 0;
}

static int run(sim_t *s)
{
	while (!stop_requested) {
		if (board_run(&s->board) != 0)
			return 3;
		/* Mid-frame, the next byte is due within ~90 us: wake sooner than the 1 ms tick so the
		 * frame's end reaches the host without waiting for the next tick. */
		long wait_ns = flush_uart_to_host(s) > 0 ? 100000 : 1000000;
		report_leds(s);
		if (!s->host_present && pty_port_peer_present(&s->pty)) {
			s->host_present = 1;
			board_reset(&s->board); /* DTR: opening the port resets the board */
		}
		struct pollfd fds[2] = { { STDIN_FILENO, POLLIN, 0 }, { s->host_present ? s->pty.master : -1, POLLIN, 0 } };
		struct timespec tick = { 0, wait_ns };
		int r = ppoll(fds, 2, &tick, NULL);
		if (r < 0 && errno != EINTR) {
			fprintf(stderr, "panel-sim: poll failed: %s\n", strerror(errno));
			return 1;
		}
		if (r <= 0)
			continue;
		/* Run the AVR up to now first, so an input lands at the right moment of its timeline. */
		if (board_run(&s->board) != 0)
			return 3;
		if (fds[1].revents & POLLIN)
			read_host(s);
		if (fds[1].revents & (POLLHUP | POLLERR)) {
			s->host_present = 0;
			uart_bridge_clear(s->board.avr);
		}
		if ((fds[0].revents & (POLLIN | POLLHUP)) && read_commands(s))
			return 0;
	}
	return 0;
}

static void leds_changed(void *param)
{
	report_leds((sim_t *)param);
}

int main(int argc, char **argv)
{
	options_t o;
	if (parse_options(argc, argv, &o) != 0)
		return 2;
	if (take_stdout() != 0)
		return 1;
	sim_t s;
	memset(&s, 0, sizeof s);
	/* powered from USB: the firmware runs even before a host opens the port */
	if (board_load(&s.board, o.elf, o.boot_delay_ms * 1000000LL) != 0)
		return 1;
	leds_watch(s.board.avr, leds_changed, &s);
	if (pty_port_open(&s.pty, o.link) != 0)
		return 1;
	fprintf(out, "PTY %s\n", s.pty.name);
	int status = run(&s);
	pty_port_close(&s.pty);
	fflush(out);
	avr_terminate(s.board.avr);
	return status;
}
