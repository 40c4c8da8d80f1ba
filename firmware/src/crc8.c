/* crc8.c - bitwise CRC-8/SMBUS: 256 bytes of table would cost more flash than the frames are worth. */
#include "crc8.h"

uint8_t crc8(const char *bytes, uint8_t len)
{
	uint8_t crc = 0;
	for (uint8_t i = 0; i < len; i++) {
		crc ^= (uint8_t)bytes[i];
		for (uint8_t bit = 0; bit < 8; bit++)
			crc = (crc & 0x80) ? (uint8_t)((crc << 1) ^ 0x07) : (uint8_t)(crc << 1);
	}
	return crc;
}
