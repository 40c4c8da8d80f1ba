import { describe, expect, it } from 'vitest';
import { findPanelPorts, isPanelCandidate } from '../../../../device/hardware/panel/port-detect.ts';

/** A fake /dev/serial/by-id: name → the device it links to. */
function sources(byId: Record<string, string>, listed: Array<{ path: string; vendorId?: string }>, udev: Record<string, string> = {}) {
  return {
    list: async () => listed,
    byIdDir: '/dev/serial/by-id',
    readdir: async () => Object.keys(byId),
    realpath: async (p: string) => {
      if (p.startsWith('/dev/red7')) {
        if (udev[p] === undefined) throw new Error(`ENOENT ${p}`);
        return udev[p];
      }
      const name = p.replace('/dev/serial/by-id/', '');
      return byId[name] ?? p;
    },
  };
}

describe('isPanelCandidate', () => {
  it('knows Arduino, CH340, FTDI and CP210x vendor ids in any case, with or without 0x', () => {
    for (const id of ['2341', '1A86', '0403', '0x10c4']) expect(isPanelCandidate({ vendorId: id })).toBe(true);
  });

  it('refuses other vendors and ports without a vendor id', () => {
    expect(isPanelCandidate({ vendorId: '067b' })).toBe(false);
    expect(isPanelCandidate({ vendorId: undefined })).toBe(false);
  });
});

describe('findPanelPorts', () => {
  it('prefers the stable by-id name of a listed Arduino-class board', async () => {
    const found = await findPanelPorts(sources(
      { 'usb-1a86_USB_Serial-if00-port0': '/dev/ttyUSB0' },
      [{ path: '/dev/ttyUSB0', vendorId: '1a86' }],
    ));
    expect(found).toEqual(['/dev/serial/by-id/usb-1a86_USB_Serial-if00-port0']);
  });

  it('tries the udev rule\'s /dev/red7-panel first, and names its device only once', async () => {
    const found = await findPanelPorts(sources(
      { 'usb-1a86_USB_Serial-if00-port0': '/dev/ttyUSB0' },
      [{ path: '/dev/ttyUSB0', vendorId: '1a86' }, { path: '/dev/ttyACM0', vendorId: '2341' }],
      { '/dev/red7-panel': '/dev/ttyUSB0' },
    ));
    expect(found).toEqual(['/dev/red7-panel', '/dev/ttyACM0']);
  });

  it('lists a matching port that has no by-id name by its own path', async () => {
    expect(await findPanelPorts(sources({}, [{ path: '/dev/ttyACM0', vendorId: '2341' }]))).toEqual(['/dev/ttyACM0']);
  });

  it('leaves out serial devices of other vendors, such as a GPS', async () => {
    const found = await findPanelPorts(sources(
      { 'usb-u-blox_GNSS_receiver-if00': '/dev/ttyACM1' },
      [{ path: '/dev/ttyACM1', vendorId: '1546' }, { path: '/dev/ttyS0' }],
    ));
    expect(found).toEqual([]);
  });

  it('keeps a by-id entry whose name names an Arduino-class chip even when the port list failed', async () => {
    const s = { ...sources({ 'usb-FTDI_FT232R_USB_UART_A50285BI-if00-port0': '/dev/ttyUSB1' }, []), list: async () => { throw new Error('list failed'); } };
    expect(await findPanelPorts(s)).toEqual(['/dev/serial/by-id/usb-FTDI_FT232R_USB_UART_A50285BI-if00-port0']);
  });

  it('names each device once, by-id names first', async () => {
    const found = await findPanelPorts(sources(
      { 'usb-Arduino__www.arduino.cc__0043_7563-if00': '/dev/ttyACM0' },
      [{ path: '/dev/ttyACM0', vendorId: '2341' }, { path: '/dev/ttyUSB0', vendorId: '10c4' }],
    ));
    expect(found).toEqual(['/dev/serial/by-id/usb-Arduino__www.arduino.cc__0043_7563-if00', '/dev/ttyUSB0']);
  });

  it('finds nothing, without throwing, on a machine with no serial ports', async () => {
    const s = { list: async () => [], byIdDir: '/nonexistent', readdir: async () => { throw new Error('ENOENT'); } };
    expect(await findPanelPorts(s)).toEqual([]);
  });
});
