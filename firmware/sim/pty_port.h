/*
 * pty_port.h - the pseudo-terminal a host opens as if it were the panel's USB serial port.
 *
 * Linux reports POLLHUP on a pty master while no process holds the slave open, so watching for
 * POLLHUP to stop tells us the moment a host opens the port (a real Nano then resets, via DTR)
 * and seeing it again tells us the host closed it.
 *
 * The master is in packet mode (TIOCPKT): each read starts with a status byte, 0 before data, or
 * flags such as TIOCPKT_FLUSHREAD when the host throws away its unread input, as serial libraries
 * do while they set a port up just after opening it.
 */
#ifndef SIM_PTY_PORT_H
#define SIM_PTY_PORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
	int master;
	char name[128];
	char link[512]; /* "" without --link */
} pty_port_t;

/** Creates the pty in raw mode (and the symlink, replacing one present); 0, or -1 with a message on stderr. */
int pty_port_open(pty_port_t *p, const char *link);

/** What one read of the master brought: data bytes, and whether the host flushed its port. */
typedef struct {
	size_t length; /* data bytes now at the start of the buffer */
	bool flushed;
} pty_read_t;

/** Reads the master once into buf (cap ≥ 2); the status byte is taken off. */
pty_read_t pty_port_read(const pty_port_t *p, uint8_t *buf, size_t cap);

/** Whether some process has the slave side open right now. */
bool pty_port_peer_present(const pty_port_t *p);

/** Removes the symlink if it still points at this pty, and closes the master. */
void pty_port_close(pty_port_t *p);

#endif
