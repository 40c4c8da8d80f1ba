/* pty_port.c - see pty_port.h. */
#define _GNU_SOURCE
#include "pty_port.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

int pty_port_open(pty_port_t *p, const char *link)
{
	int slave;
	memset(p, 0, sizeof *p);
	if (openpty(&p->master, &slave, p->name, NULL, NULL) != 0) {
		fprintf(stderr, "panel-sim: cannot create a pty: %s\n", strerror(errno));
		return -1;
	}
	/* Raw, so the line discipline neither echoes the panel's frames back to it nor rewrites \n. */
	struct termios tio;
	if (tcgetattr(slave, &tio) == 0) {
		cfmakeraw(&tio);
		tcsetattr(slave, TCSANOW, &tio);
	}
	close(slave);
	fcntl(p->master, F_SETFL, fcntl(p->master, F_GETFL) | O_NONBLOCK);
	int packet = 1;
	if (ioctl(p->master, TIOCPKT, &packet) != 0) {
		fprintf(stderr, "panel-sim: cannot put the pty in packet mode: %s\n", strerror(errno));
		return -1;
	}
	if (link && *link) {
		if (strlen(link) >= sizeof p->link) {
			fprintf(stderr, "panel-sim: --link path too long\n");
			return -1;
		}
		strcpy(p->link, link);
		if (unlink(link) != 0 && errno != ENOENT) {
			fprintf(stderr, "panel-sim: cannot replace %s: %s\n", link, strerror(errno));
			return -1;
		}
		if (symlink(p->name, link) != 0) {
			fprintf(stderr, "panel-sim: cannot link %s to %s: %s\n", link, p->name, strerror(errno));
			return -1;
		}
	}
	return 0;
}

pty_read_t pty_port_read(const pty_port_t *p, uint8_t *buf, size_t cap)
{
	pty_read_t r = { 0, false };
	ssize_t n = read(p->master, buf, cap);
	if (n <= 0)
		return r;
	if (buf[0] == TIOCPKT_DATA) {
		memmove(buf, buf + 1, (size_t)n - 1);
		r.length = (size_t)n - 1;
	} else {
		r.flushed = (buf[0] & (TIOCPKT_FLUSHREAD | TIOCPKT_FLUSHWRITE)) != 0;
	}
	return r;
}

bool pty_port_peer_present(const pty_port_t *p)
{
	struct pollfd fd = { p->master, 0, 0 };
	if (poll(&fd, 1, 0) < 0)
		return false;
	return !(fd.revents & POLLHUP);
}

void pty_port_close(pty_port_t *p)
{
	if (p->link[0]) {
		char target[sizeof p->name];
		ssize_t n = readlink(p->link, target, sizeof target - 1);
		if (n > 0) {
			target[n] = 0;
			if (strcmp(target, p->name) == 0)
				unlink(p->link);
		}
	}
	if (p->master > 0)
		close(p->master);
	p->master = -1;
}
