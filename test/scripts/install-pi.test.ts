// scripts/install-pi.sh, run for real against a temp root: the files it writes are checked as
// systemd, udev and avahi would read them, and the commands that would change this machine
// (useradd, systemctl, udevadm, hostnamectl) must only be printed. A dry run shows each file as
// a difference from what is there and writes nothing.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { checkout, piRoot, type Run, runScript, SCRIPT, snapshot, STEP_TIMEOUT_MS, tempDir } from './install-pi-fixture.ts';

vi.setConfig({ testTimeout: STEP_TIMEOUT_MS, hookTimeout: STEP_TIMEOUT_MS });

/** Reads a systemd unit into its sections; fails on any line that is not a section, key=value, comment or blank. */
function parseUnit(text: string): Map<string, [string, string][]> {
  const sections = new Map<string, [string, string][]>();
  let current: [string, string][] | null = null;
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    const section = /^\[(\w+)\]$/.exec(line);
    if (section) {
      current = [];
      sections.set(section[1]!, current);
      continue;
    }
    const kv = /^([A-Za-z]+)=(.*)$/.exec(line);
    if (!kv || current === null) throw new Error(`not a unit line: ${line}`);
    current.push([kv[1]!, kv[2]!]);
  }
  return sections;
}

function userExists(name: string): boolean {
  return spawnSync('getent', ['passwd', name]).status === 0;
}

describe('scripts/install-pi.sh', () => {
  it('passes shellcheck', async () => {
    const run = spawnSync('shellcheck', ['--shell=bash', '--severity=style', SCRIPT], { encoding: 'utf8' });
    if (run.error) throw new Error(`shellcheck is not installed (npm test installs it via scripts/system-deps.mjs): ${run.error.message}`);
    expect(run.stdout + run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  describe('an install into a temp root', () => {
    let root: string;
    let run: Run;
    let red7Before: boolean;
    const file = (path: string) => readFileSync(join(root, path), 'utf8');

    beforeAll(async () => {
      red7Before = userExists('red7');
      root = piRoot();
      run = await runScript(join(checkout(), 'scripts/install-pi.sh'), ['--root', root]);
    });

    it('finishes and says where the dashboard will be under the name the machine has', async () => {
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(run.stdout).toContain('done: the dashboard will be at http://raspberrypi.local:8080');
      expect(run.stdout).toContain(
        "the host name stays 'raspberrypi': the dashboard is announced as http://raspberrypi.local:8080; red7.local needs the host name red7 (run again with --hostname red7)",
      );
    });

    it('writes a unit that runs bin/red7.js with node as red7, in the gpio, dialout, video and audio groups, and builds nothing', async () => {
      const unit = parseUnit(file('etc/systemd/system/red7.service'));
      const service = new Map(unit.get('Service'));
      expect(service.get('User')).toBe('red7');
      expect(service.get('SupplementaryGroups')?.split(' ')).toEqual(['gpio', 'dialout', 'video', 'audio']);
      expect(service.get('WorkingDirectory')).toBe('/opt/red7');
      const [node, entry, command, ...rest] = service.get('ExecStart')!.split(' ');
      expect(existsSync(node!)).toBe(true);
      expect(spawnSync(node!, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout).toMatch(/^(2\d|[3-9]\d)\./);
      expect([entry, command, ...rest]).toEqual(['/opt/red7/bin/red7.js', 'start']);
      expect([...unit.values()].flat().filter(([key]) => key.startsWith('Exec')).map(([key]) => key)).toEqual(['ExecStart']);
      expect(service.get('StateDirectory')).toBe('red7');
      expect(new Map(unit.get('Install')).get('WantedBy')).toBe('multi-user.target');
      expect(file('etc/systemd/system/red7.service')).not.toMatch(/@[A-Z_]+@/);
    });

    it('builds the dashboard once, at install time, into the app folder', async () => {
      expect(run.stdout).toContain('> node build-client.mjs');
      expect(existsSync(join(root, 'opt/red7/web/client/dist/index.html'))).toBe(true);
      expect(existsSync(join(root, 'opt/red7/web/client/dist/stale.js'))).toBe(false);
    });

    it('writes a unit that systemd-analyze verify accepts without a warning', async () => {
      const verify = spawnSync('systemd-analyze', ['verify', join(root, 'etc/systemd/system/red7.service')], { encoding: 'utf8' });
      if (verify.error) throw new Error(`systemd-analyze is missing (Debian package systemd): ${verify.error.message}`);
      expect(verify.stderr).toBe('');
      expect(verify.status).toBe(0);
    });
    it('names the panel /dev/red7-panel for the Arduino, CH340, FTDI and CP210x vendor ids', async () => {
      const rules = file('etc/udev/rules.d/99-red7-panel.rules')
        .split('\n')
        .filter((l) => l.trim() !== '' && !l.startsWith('#'));
      const vendors = rules.map((rule) => {
        const keys = Object.fromEntries(rule.split(', ').map((part) => {
          const m = /^([A-Z]+(?:\{\w+\})?)(==|\+=|=)"([^"]*)"$/.exec(part);
          if (!m) throw new Error(`not a udev key: ${part}`);
          return [`${m[1]}${m[2]}`, m[3]];
        }));
        expect(keys).toMatchObject({ 'SUBSYSTEM==': 'tty', 'SYMLINK+=': 'red7-panel', 'GROUP=': 'dialout', 'MODE=': '0660' });
        return keys['ATTRS{idVendor}=='];
      });
      expect(vendors).toEqual(['2341', '1a86', '0403', '10c4']);
    });

    it('announces the dashboard to the tablet as an _http._tcp service on port 8080', async () => {
      const xml = file('etc/avahi/services/red7.service');
      expect(xml.startsWith('<?xml version="1.0" standalone=\'no\'?>\n<!DOCTYPE service-group SYSTEM "avahi-service.dtd">')).toBe(true);
      const body = xml.replace(/<!--[\s\S]*?-->/g, '').replace(/<[?!][^>]*>/g, '');
      // Every element closes in order: a small well-formedness check of the nesting.
      const stack: string[] = [];
      for (const [, close, name] of body.matchAll(/<(\/?)([a-z-]+)[^>]*>/g)) {
        if (close) expect(stack.pop()).toBe(name);
        else stack.push(name!);
      }
      expect(stack).toEqual([]);
      expect(body).toMatch(/<service>\s*<type>_http\._tcp<\/type>\s*<port>8080<\/port>/);
    });

    it('prints useradd, groupadd, systemctl and udevadm instead of running them', async () => {
      const printed = run.stdout.split('\n').filter((l) => l.startsWith('+ '));
      expect(printed).toContain(
        '+ useradd --system --user-group --groups gpio,dialout,video,audio --home-dir /var/lib/red7 --no-create-home --shell /usr/sbin/nologin red7',
      );
      expect(printed).toContain('+ groupadd --force --system gpio');
      expect(printed).toContain('+ systemctl enable red7.service');
      expect(printed).toContain('+ systemctl restart red7.service');
      expect(printed).toContain('+ udevadm control --reload-rules');
      expect(printed).toContain('+ udevadm trigger --subsystem-match=tty --action=add');
      expect(userExists('red7')).toBe(red7Before);
    });

    it('copies the app under the root without node_modules, the git history, the data or an old build', async () => {
      expect(existsSync(join(root, 'opt/red7/bin/red7.js'))).toBe(true);
      expect(existsSync(join(root, 'opt/red7/package-lock.json'))).toBe(true);
      expect(existsSync(join(root, 'opt/red7/scripts/pi/udev/99-red7-panel.rules'))).toBe(true);
      for (const left of ['.git', 'data', 'node_modules/left-out', 'opt/red7.new', 'opt/red7.old']) {
        expect(existsSync(join(root, 'opt/red7', left))).toBe(false);
      }
    });

    it('gives the scan button a marked pull-up in config.txt, because sysfs cannot', async () => {
      expect(file('boot/firmware/config.txt')).toBe(
        '[all]\ndtparam=audio=on\n\n# red7: pull-up for the scan button (sysfs GPIO cannot set one)\ngpio=23=ip,pu\n',
      );
    });

    it('writes the settings the service reads: port, data folder, panel name, scan pin', async () => {
      expect(file('etc/red7/red7.env')).toContain('RED7_PORT=8080\nRED7_DATA=/var/lib/red7\nRED7_PANEL=/dev/red7-panel\nRED7_GPIO_SCAN=23\n');
    });

    it('takes the root from RED7_ROOT and, run again as a dry run, keeps the settings file and writes nothing', async () => {
      writeFileSync(join(root, 'etc/red7/red7.env'), 'RED7_PORT=9000\n');
      const before = snapshot(root);
      const again = await runScript(SCRIPT, ['--dry-run'], { RED7_ROOT: root });
      expect(again.status).toBe(0);
      expect(again.stdout).toContain(`kept ${join(root, 'etc/red7/red7.env')}`);
      expect(snapshot(root)).toEqual(before);
    });
  });

  describe('a dry run against a fresh root', () => {
    it('shows each file as a diff, prints each command, and writes nothing', async () => {
      const root = piRoot();
      const before = snapshot(root);
      const run = await runScript(SCRIPT, ['--root', root, '--dry-run', '--port', '9090', '--scan-button', '5', '--hostname', 'red7']);
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(snapshot(root)).toEqual(before);
      expect(run.stdout).toContain(`would write ${join(root, 'etc/avahi/services/red7.service')} (mode 0644):`);
      expect(run.stdout).toContain('+    <port>9090</port>\n');
      expect(run.stdout).toContain('+RED7_GPIO_SCAN=5\n');
      expect(run.stdout).toContain('-raspberrypi\n+red7\n');
      expect(run.stdout).toContain('+127.0.1.1\tred7\t# added by red7 install-pi.sh\n 127.0.1.1\traspberrypi\n');
      expect(run.stdout).toContain('+# red7: pull-up for the scan button (sysfs GPIO cannot set one)\n+gpio=5=ip,pu\n');
      expect(run.stdout).toContain(`+ npm --prefix ${join(root, 'opt/red7.new')} ci --include=optional --no-audit --no-fund\n`);
      expect(run.stdout).toContain(`+ npm --prefix ${join(root, 'opt/red7.new')} run build:client\n`);
      expect(run.stdout).toContain('+ hostnamectl set-hostname red7\n');
    });
  });

  it('refuses a Node.js older than 20 and says what to do', async () => {
    const bin = tempDir('red7-oldnode-');
    writeFileSync(join(bin, 'node'), '#!/bin/sh\necho 18.19.0\n');
    chmodSync(join(bin, 'node'), 0o755);
    const root = piRoot();
    const before = snapshot(root);
    const run = await runScript(SCRIPT, ['--root', root], { PATH: `${bin}:${process.env.PATH ?? ''}` });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe("install-pi: Node.js 20 or newer is needed, found 18.19.0: upgrade it (NodeSource's packages or nvm)\n");
    expect(snapshot(root)).toEqual(before);
  });

  it('answers an unknown option with the usage and exit code 2', async () => {
    const run = await runScript(SCRIPT, ['--frobnicate']);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^install-pi: unknown option --frobnicate\nUsage: scripts\/install-pi.sh/);
  });

  it.each([
    [['--root', 'relative/dir'], "--root must be an absolute path, got 'relative/dir'"],
    [['--root', '/nonexistent/red7'], '--root /nonexistent/red7 is not a directory'],
    [['--port', '80a'], "--port must be 1-65535, got '80a'"],
    [['--user', 'red7;reboot'], "--user must be a lower-case user name, got 'red7;reboot'"],
    [['--app-dir', '/opt/red 7'], "--app-dir must be an absolute path of letters, digits, . _ - and /, got '/opt/red 7'"],
    [['--app-dir', '/opt/../etc'], "--app-dir must be an absolute path of letters, digits, . _ - and /, got '/opt/../etc'"],
    [['--scan-button', '40'], "--scan-button must be a BCM pin 2-27, got '40'"],
    [['--hostname', 'Red_7'], "--hostname must be a DNS label (a-z, 0-9, -), got 'Red_7'"],
    [['--purge'], '--purge only goes with --uninstall'],
    [['--root'], '--root needs a value'],
  ])('rejects %j with a clear message and writes nothing', async (args, message) => {
    const root = piRoot();
    const before = snapshot(root);
    const run = await runScript(SCRIPT, args[0] === '--root' ? args : ['--root', root, ...args]);
    expect(run.status).not.toBe(0);
    expect(run.stderr.split('\n')[0]).toBe(`install-pi: ${message}`);
    expect(snapshot(root)).toEqual(before);
  });
});
