/*
 * pins.h - the ATmega328P pin map (Arduino Nano/Uno names in brackets); firmware/README.md
 * draws the wiring.  The simulator (sim/) reads the same map, so the two cannot drift apart.
 *
 *   rows (seat 0-3)        PD2-PD5 [D2-D5]   driven low one at a time, released (input + pull-up) otherwise
 *   columns P C D E        PC0-PC3 [A0-A3]   inputs with internal pull-ups; low = key closed on the driven row
 *   UNDO                   PD6     [D6]      input with internal pull-up; low = closed (key to GND)
 *   seat LEDs 0-3          PB0-PB3 [D8-D11]  high = lit
 *   status LED green       PB4     [D12]     high = lit
 *   status LED red         PD7     [D7]      high = lit
 *   UART0                  PD0/PD1 [D0/D1]   115200 8N1 to the USB serial chip
 */
#ifndef PANEL_PINS_H
#define PANEL_PINS_H

#define PIN_ROW_FIRST 2     /* PD2..PD5 */
#define PIN_ROW_MASK 0x3C   /* on port D */
#define PIN_COL_MASK 0x0F   /* PC0..PC3 */
#define PIN_UNDO 6          /* PD6 */
#define PIN_LED_SEAT_FIRST 0 /* PB0..PB3 */
#define PIN_LED_GREEN 4     /* PB4 */
#define PIN_LED_RED 7       /* PD7 */

#endif
