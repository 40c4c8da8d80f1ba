/*
 * keymap.h - how the 17 keys are numbered inside the firmware.
 *
 * Matrix key (seat, column) is bit seat*4 + column of a key mask; the shared UNDO key, which
 * has its own pin, is bit 16.  Columns follow the wire letters P, C, D, E.
 */
#ifndef PANEL_KEYMAP_H
#define PANEL_KEYMAP_H

#include <stdint.h>

#define KEY_COUNT 17
#define KEY_UNDO 16
#define KEY_COL_PALETTE 0
#define KEY_COL_CANVAS 1
#define KEY_COL_DRAW 2
#define KEY_COL_DONE 3

#define KEY_INDEX(seat, col) ((uint8_t)((seat) * 4 + (col)))
#define KEY_BIT(index) ((uint32_t)1 << (index))

/* Wire letter of each column: PALETTE, CANVAS, DRAW/DECK, DONE. */
#define KEY_COL_LETTERS "PCDE"

#endif
