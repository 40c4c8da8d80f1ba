// Finding the panel when no port is configured. /dev/serial/by-id names stay the same across
// replugs (ttyUSB0 may come back as ttyUSB1), so a by-id path is preferred when one points at
// the board; the USB vendor id from the port list says which boards are Arduino-class.
import { readdir, realpath } from 'node:fs/promises';
import { join } from 'node:path';

/** The fields of a serialport `list()` entry that detection reads. */
export interface ListedPort {
  path: string;
  vendorId?: string | undefined;
}

/** USB vendor ids of Arduino-class boards and their USB-serial chips. */
export const PANEL_VENDOR_IDS: Readonly<Record<string, string>> = {
  '2341': 'Arduino',
  '1a86': 'QinHeng CH340',
  '0403': 'FTDI',
  '10c4': 'Silicon Labs CP210x',
};

// by-id names carry the vendor's name or id, e.g. usb-1a86_USB_Serial-if00-port0.
const BY_ID_HINTS = /arduino|1a86|ch34\d|wch|ftdi|0403|cp210|silicon_labs|10c4|2341/i;

/** Where detection looks; tests pass their own. */
export interface DetectSources {
  list: () => Promise<ListedPort[]>;
  /** Names a udev rule gives the panel (scripts/pi/udev/99-red7-panel.rules); tried first. */
  udevLinks?: string[];
  byIdDir?: string;
  readdir?: (dir: string) => Promise<string[]>;
  realpath?: (path: string) => Promise<string>;
}

/** True when a listed port's USB vendor id is an Arduino-class board's. */
export function isPanelCandidate(info: Pick<ListedPort, 'vendorId'>): boolean {
  return info.vendorId !== undefined && info.vendorId.toLowerCase().replace(/^0x/, '') in PANEL_VENDOR_IDS;
}

/** Paths that may be the panel, best first; never throws (a failing source just adds nothing). */
export async function findPanelPorts(sources: DetectSources): Promise<string[]> {
  const dir = sources.byIdDir ?? '/dev/serial/by-id';
  const readDir = sources.readdir ?? ((d: string) => readdir(d));
  const resolve = sources.realpath ?? ((p: string) => realpath(p));

  const listed = await sources.list().catch(() => [] as ListedPort[]);
  const wanted = listed.filter(isPanelCandidate);
  const wantedReal = new Map<string, string>();
  for (const port of wanted) wantedReal.set(await resolve(port.path).catch(() => port.path), port.path);

  const names = (await readDir(dir).catch(() => [] as string[])).sort();
  const result: string[] = [];
  const taken = new Set<string>();
  for (const link of sources.udevLinks ?? ['/dev/red7-panel']) {
    const real = await resolve(link).catch(() => undefined);
    if (real !== undefined && !taken.has(real)) {
      result.push(link);
      taken.add(real);
    }
  }
  for (const name of names) {
    const full = join(dir, name);
    const real = await resolve(full).catch(() => undefined);
    if (real === undefined || taken.has(real)) continue;
    if (wantedReal.has(real) || BY_ID_HINTS.test(name)) {
      result.push(full);
      taken.add(real);
    }
  }
  for (const [real, path] of [...wantedReal].sort((a, b) => a[1].localeCompare(b[1]))) {
    if (!taken.has(real)) {
      result.push(path);
      taken.add(real);
    }
  }
  return result;
}
