/* crc8.h - CRC-8/SMBUS, the check value of every panel frame. */
#ifndef PANEL_CRC8_H
#define PANEL_CRC8_H

#include <stdint.h>

/** CRC-8/SMBUS (poly 0x07, init 0x00, not reflected, xorout 0x00) of len bytes. */
uint8_t crc8(const char *bytes, uint8_t len);

#endif
