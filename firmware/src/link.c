/* link.c - see link.h. */
#include "link.h"

#include <string.h>

#include "hal.h"

/* Sends one frame whole or not at all, so frames never interleave in the TX buffer. */
static uint8_t send_frame(link_t *l, const frame_t *f)
{
	char buf[FRAME_MAX_LINE + 1];
	uint8_t n = frame_encode(f, buf, sizeof buf);
	if (n == 0 || hal_uart_tx_free() < n) {
		l->stats.tx_full++;
		return 0;
	}
	hal_uart_write(buf, n);
	return 1;
}

/* Panel frames count 1..255 and wrap to 1: seq 0 belongs to HELLO alone. */
static uint8_t take_seq(link_t *l)
{
	uint8_t seq = l->next_seq;
	l->next_seq = seq == 255 ? 1 : (uint8_t)(seq + 1);
	return seq;
}

static uint8_t send_hello(link_t *l)
{
	frame_t f;
	memset(&f, 0, sizeof f);
	f.type = FRAME_HELLO;
	f.seq = 0;
	f.fw = FW_VERSION;
	f.fw_len = sizeof FW_VERSION - 1;
	f.keys = FW_KEYS;
	f.keys_len = sizeof FW_KEYS - 1;
	return send_frame(l, &f);
}

static uint8_t send_simple(link_t *l, uint8_t type, uint8_t seq)
{
	frame_t f;
	memset(&f, 0, sizeof f);
	f.type = type;
	f.seq = seq;
	return send_frame(l, &f);
}

static uint8_t send_key(link_t *l, const pending_key_t *p)
{
	frame_t f;
	memset(&f, 0, sizeof f);
	f.type = FRAME_KEY;
	f.seq = p->seq;
	f.seat = p->event.seat;
	f.key = p->event.key;
	f.kind = p->event.kind;
	return send_frame(l, &f);
}

static void drop(link_t *l, uint8_t i)
{
	memmove(&l->queue[i], &l->queue[i + 1], (size_t)(l->queued - i - 1) * sizeof l->queue[0]);
	l->queued--;
}

void link_init(link_t *l, leds_t *leds, uint32_t now)
{
	memset(l, 0, sizeof *l);
	l->leds = leds;
	l->next_seq = 1;
	l->hb_due = now + LINK_HB_MS;
	l->last_host = now;
	l->hello_sent = send_hello(l);
}

void link_key(link_t *l, const key_event_t *event, uint32_t now)
{
	/* A full queue means the host has been silent for a while: the oldest press is the stalest. */
	if (l->queued == LINK_QUEUE) {
		drop(l, 0);
		l->stats.evicted++;
	}
	pending_key_t *p = &l->queue[l->queued++];
	memset(p, 0, sizeof *p);
	p->seq = take_seq(l);
	p->event = *event;
	p->due = now;
	if (l->hello_sent && send_key(l, p)) {
		p->sent = 1;
		p->due = now + LINK_RESEND_MS;
	}
}

static void host_alive(link_t *l, uint32_t now)
{
	l->last_host = now;
	if (l->host_lost) {
		l->host_lost = 0;
		leds_set_host_lost(l->leds, false, now);
	}
}

static uint8_t led_index(char target)
{
	if (target == 'G')
		return HAL_LED_GREEN;
	if (target == 'R')
		return HAL_LED_RED;
	return (uint8_t)(target - '0');
}

void link_line(link_t *l, const char *line, uint8_t len, uint32_t now)
{
	frame_t f;
	if (frame_decode(line, len, &f) != FRAME_OK) {
		l->stats.bad_frames++;
		return;
	}
	switch (f.type) {
	case FRAME_ACK:
		for (uint8_t i = 0; i < l->queued; i++) {
			if (l->queue[i].seq == f.seq && l->queue[i].sent) {
				drop(l, i);
				break;
			}
		}
		host_alive(l, now);
		break;
	case FRAME_LED:
		leds_set(l->leds, led_index(f.target), f.mode, now);
		send_simple(l, FRAME_ACK, f.seq);
		host_alive(l, now);
		break;
	case FRAME_HB:
		send_simple(l, FRAME_ACK, f.seq);
		host_alive(l, now);
		break;
	default:
		/* HELLO and KEY only travel panel -> host; one arriving here is an echo or a loop. */
		l->stats.bad_frames++;
		break;
	}
}

void link_noise(link_t *l)
{
	l->stats.bad_frames++;
}

/* Whether a deadline has come; subtraction keeps it right across the 49-day millis wrap. */
static uint8_t reached(uint32_t now, uint32_t due)
{
	return (int32_t)(now - due) >= 0;
}

static void poll_queue(link_t *l, uint32_t now)
{
	uint8_t i = 0;
	while (i < l->queued) {
		pending_key_t *p = &l->queue[i];
		if (!reached(now, p->due)) {
			i++;
			continue;
		}
		if (!p->sent) {
			if (send_key(l, p)) {
				p->sent = 1;
				p->due = now + LINK_RESEND_MS;
			}
			i++;
			continue;
		}
		if (p->resends == LINK_MAX_RESENDS) {
			drop(l, i);
			l->stats.given_up++;
			continue;
		}
		if (send_key(l, p))
			p->resends++;
		p->due += LINK_RESEND_MS;
		if (reached(now, p->due))
			p->due = now + LINK_RESEND_MS; /* we were stalled; do not burst to catch up */
		i++;
	}
}

void link_poll(link_t *l, uint32_t now)
{
	if (!l->hello_sent) {
		l->hello_sent = send_hello(l);
		if (!l->hello_sent)
			return;
	}
	poll_queue(l, now);
	if (reached(now, l->hb_due)) {
		send_simple(l, FRAME_HB, take_seq(l));
		l->hb_due += LINK_HB_MS;
		if (reached(now, l->hb_due))
			l->hb_due = now + LINK_HB_MS;
	}
	if (!l->host_lost && now - l->last_host >= LINK_HOST_TIMEOUT_MS) {
		l->host_lost = 1;
		leds_set_host_lost(l->leds, true, now);
	}
}
