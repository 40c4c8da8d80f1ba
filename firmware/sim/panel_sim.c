/*
 * panel_sim.c - runs the real firmware image (build/panel.elf) in libsimavr as an ATmega328P at
 * 16 MHz, paced to the wall clock, with USART0 bridged to a pseudo-terminal and the key matrix
 * and LEDs driven from stdin/stdout.  See firmware/README.md ("Simulator") for the interface.
 *
 * One thread does everything - simavr is not thread-safe: run the AVR up to "now", pass bytes
 * between the UART and the pty, report LED changes, then sleep in poll() for at most 1 ms.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <sim_avr.h>
#include <sim_elf.h>

#include "commands.h"
#include "leds_watch.h"
#include "matrix.h"
#include "pty_port.h"
#include "uart_bridge.h"

#define F_CPU 16000000ULL
/* Falling further behind than this (a stalled machine) rebases the clock instead of racing. */
#define MAX_LAG_NS 100000000LL

static volatile sig_atomic_t stop_requested;
static FILE *out; /* our stdout; fd 1 itself goes to stderr so simavr's chatter cannot mix in */

typedef struct {
	avr_t *avr;
	pty_port_t pty;
	int host_present;
	long long boot_at_ns;  /* > 0 while held in reset (the bootloader's wait after DTR) */
	long long boot_delay_ns;
	long long base_ns;     /* wall clock ... */
	avr_cycle_count_t base_cycle; /* ... and AVR cycle that correspond */
	uint8_t leds;
} sim_t;

static long long now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void on_signal(int sig)
{
	(void)sig;
	stop_requested = 1;
}

/* simavr would usleep() while the AVR sleeps; we pace against the wall clock ourselves. */
static void no_sleep(avr_t *avr, avr_cycle_count_t how_long)
{
	(void)avr;
	(void)how_long;
}

static void rebase(sim_t *s)
{
	s->base_ns = now_ns();
	s->base_cycle = s->avr->cycle;
}

/* Holds the AVR in reset for the boot delay; it restarts from scratch afterwards (see step()). */
static void begin_reset(sim_t *s)
{
	avr_reset(s->avr);
	uart_bridge_clear(s->avr);
	matrix_refresh(s->avr);
	s->boot_at_ns = now_ns() + s->boot_delay_ns;
}

static void report_leds(sim_t *s)
{
	uint8_t now = leds_read(s->avr);
	for (int i = 0; i < LED_COUNT; i++)
		if ((now ^ s->leds) & (1u << i))
			fprintf(out, "LED %s %d\n", LED_NAMES[i], (now >> i) & 1);
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

/* Runs the AVR until it has caught up with the wall clock. */
static int run_avr(sim_t *s)
{
	if (s->boot_at_ns) {
		if (now_ns() < s->boot_at_ns)
			return 0;
		s->boot_at_ns = 0;
		avr_reset(s->avr);
		uart_bridge_clear(s->avr);
		matrix_refresh(s->avr);
		rebase(s);
	}
	long long elapsed = now_ns() - s->base_ns;
	avr_cycle_count_t target = s->base_cycle + (avr_cycle_count_t)(elapsed * (long long)F_CPU / 1000000000LL);
	if (target > s->avr->cycle && (long long)(target - s->avr->cycle) > MAX_LAG_NS * (long long)F_CPU / 1000000000LL) {
		fprintf(stderr, "panel-sim: fell %lld ms behind real time; skipping ahead\n",
		        (long long)((target - s->avr->cycle) * 1000 / F_CPU));
		rebase(s);
		return 0;
	}
	while (s->avr->cycle < target) {
		int state = avr_run(s->avr);
		if (state == cpu_Done || state == cpu_Crashed) {
			fprintf(stderr, "panel-sim: the firmware stopped (state %d) at cycle %llu\n", state,
			        (unsigned long long)s->avr->cycle);
			return -1;
		}
	}
	return 0;
}

static void answer_leds(sim_t *s)
{
	uint8_t lit = leds_read(s->avr);
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
		matrix_set_key(s->avr, c.key, c.kind == CMD_PRESS);
		fprintf(out, "OK\n");
		break;
	case CMD_LEDS:
		answer_leds(s);
		break;
	case CMD_RESET:
		begin_reset(s);
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
	ssize_t n = read(s->pty.master, buf, sizeof buf);
	if (n > 0 && !s->boot_at_ns)
		uart_bridge_send(s->avr, buf, (size_t)n); /* bytes sent into a resetting board are lost */
}

static void usage(void)
{
	fprintf(stderr, "usage: panel-sim [--elf PATH] [--link PATH] [--boot-delay MS]\n");
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

static avr_t *load_avr(const char *elf_path)
{
	static elf_firmware_t fw;
	if (access(elf_path, R_OK) != 0) {
		fprintf(stderr, "panel-sim: cannot read %s: %s (run make -C firmware first)\n", elf_path, strerror(errno));
		return NULL;
	}
	if (elf_read_firmware(elf_path, &fw) != 0) {
		fprintf(stderr, "panel-sim: %s is not a loadable AVR ELF image\n", elf_path);
		return NULL;
	}
	avr_t *avr = avr_make_mcu_by_name("atmega328p");
	if (!avr) {
		fprintf(stderr, "panel-sim: libsimavr has no atmega328p core\n");
		return NULL;
	}
	avr_init(avr);
	strcpy(fw.mmcu, "atmega328p");
	fw.frequency = (uint32_t)F_CPU;
	avr_load_firmware(avr, &fw);
	avr->frequency = (uint32_t)F_CPU;
	avr->sleep = no_sleep;
	avr->log = LOG_WARNING;
	return avr;
}

int main(int argc, char **argv)
{
	char elf_path[PATH_MAX];
	const char *link = NULL;
	long boot_delay_ms = 100;
	default_elf(elf_path, sizeof elf_path);
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--elf") == 0 && i + 1 < argc) {
			snprintf(elf_path, sizeof elf_path, "%s", argv[++i]);
		} else if (strcmp(argv[i], "--link") == 0 && i + 1 < argc) {
			link = argv[++i];
		} else if (strcmp(argv[i], "--boot-delay") == 0 && i + 1 < argc) {
			char *end;
			boot_delay_ms = strtol(argv[++i], &end, 10);
			if (*end || boot_delay_ms < 0 || boot_delay_ms > 10000) {
				fprintf(stderr, "panel-sim: --boot-delay takes 0-10000 ms\n");
				return 2;
			}
		} else {
			usage();
			return 2;
		}
	}

	int out_fd = dup(STDOUT_FILENO);
	out = out_fd >= 0 ? fdopen(out_fd, "w") : NULL;
	if (!out || dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
		fprintf(stderr, "panel-sim: cannot set up stdout\n");
		return 1;
	}
	setvbuf(out, NULL, _IOLBF, 0);
	signal(SIGPIPE, SIG_IGN);
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);

	sim_t s;
	memset(&s, 0, sizeof s);
	s.boot_delay_ns = boot_delay_ms * 1000000LL;
	s.avr = load_avr(elf_path);
	if (!s.avr)
		return 1;
	uart_bridge_attach(s.avr);
	matrix_attach(s.avr);
	if (pty_port_open(&s.pty, link) != 0)
		return 1;
	fprintf(out, "PTY %s\n", s.pty.name);
	rebase(&s); /* powered from USB: the firmware runs even before a host opens the port */

	int status = 0;
	while (!stop_requested) {
		if (run_avr(&s) != 0) {
			status = 3;
			break;
		}
		/* Mid-frame, the next byte is due within ~90 us: wake sooner than the 1 ms tick so the
		 * frame's end reaches the host without waiting for the next tick. */
		long wait_ns = flush_uart_to_host(&s) > 0 ? 100000 : 1000000;
		report_leds(&s);
		if (!s.host_present && pty_port_peer_present(&s.pty)) {
			s.host_present = 1;
			begin_reset(&s); /* DTR: opening the port resets the board */
		}
		struct pollfd fds[2] = { { STDIN_FILENO, POLLIN, 0 }, { s.host_present ? s.pty.master : -1, POLLIN, 0 } };
		struct timespec tick = { 0, wait_ns };
		int r = ppoll(fds, 2, &tick, NULL);
		if (r < 0 && errno != EINTR) {
			fprintf(stderr, "panel-sim: poll failed: %s\n", strerror(errno));
			status = 1;
			break;
		}
		if (r <= 0)
			continue;
		/* Run the AVR up to now first, so an input lands at the right moment of its timeline. */
		if (run_avr(&s) != 0) {
			status = 3;
			break;
		}
		if (fds[1].revents & POLLIN)
			read_host(&s);
		if (fds[1].revents & (POLLHUP | POLLERR)) {
			s.host_present = 0;
			uart_bridge_clear(s.avr);
		}
		if ((fds[0].revents & (POLLIN | POLLHUP)) && read_commands(&s))
			break;
	}
	pty_port_close(&s.pty);
	fflush(out);
	avr_terminate(s.avr);
	return status;
}
