// Runs inside a mount namespace whose /sys/class/gpio is a fake Pi 4 tree: drives the real
// onoff lines through PiGpio with its defaults (sysfs root /sys, onoff factory) and prints
// what the line files held during and after the signals, as one JSON line.
import { readFileSync } from 'node:fs';
import { PiGpio } from '../../../../device/hardware/gpio/gpio-signals.ts';

const read = (line: number, attr: string): string => readFileSync(`/sys/class/gpio/gpio${line}/${attr}`, 'utf8').trim();
const values = () => ({ green: read(529, 'value'), red: read(539, 'value'), buzzer: read(534, 'value') });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const logs: string[] = [];
const gpio = new PiGpio({ log: { info: (m) => logs.push(m), warn: (m) => logs.push(m) } });
const status = await gpio.start();
const config = {
  directions: [529, 539, 534, 535].map((line) => read(line, 'direction')),
  buttonEdge: read(535, 'edge'),
  buttonActiveLow: read(535, 'active_low'),
};
const samples: Record<string, unknown> = {};
gpio.signal('illegalPlay'); // red held 1200 ms
await sleep(300);
samples.illegalPlay = values();
gpio.signal('playerOut'); // replaces it: buzzer alone for 700 ms
await sleep(300);
samples.playerOut = values();
gpio.signal('roundWon'); // green held from 300 to 1200 ms
await sleep(700);
samples.roundWon = values();
await sleep(800);
samples.after = values();
await gpio.stop();
console.log(JSON.stringify({ status, config, samples, logs }));
