#!/usr/bin/env node
// Makes sure the Debian packages the test suites need are present before vitest starts.
// As root (CI, a fresh machine) it installs what is missing; otherwise it stops and names them,
// because a suite that silently skips is worse than one that fails.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

/** Each Debian package with a file that proves it is installed. */
export const SYSTEM_PACKAGES = [
  { pkg: 'gcc-avr', probe: '/usr/bin/avr-gcc', why: 'builds the seat panel firmware' },
  { pkg: 'binutils-avr', probe: '/usr/bin/avr-size', why: 'reports the firmware size' },
  { pkg: 'avr-libc', probe: '/usr/lib/avr/include/avr/io.h', why: 'AVR C library for the firmware' },
  { pkg: 'simavr', probe: '/usr/bin/simavr', why: 'runs the real firmware image' },
  { pkg: 'libsimavr-dev', probe: '/usr/include/simavr/sim_avr.h', why: 'builds the panel simulator' },
  { pkg: 'libelf-dev', probe: '/usr/include/libelf.h', why: 'simavr loads ELF images' },
  { pkg: 'pkg-config', probe: '/usr/bin/pkg-config', why: 'finds libsimavr' },
  { pkg: 'chromium', probe: '/usr/bin/chromium', why: 'browser tests of the dashboard' },
  { pkg: 'espeak-ng', probe: '/usr/bin/espeak-ng', why: 'speaks announcements on the Pi (real speech test)' },
  { pkg: 'shellcheck', probe: '/usr/bin/shellcheck', why: 'lints scripts/install-pi.sh' },
  { pkg: 'systemd', probe: '/usr/bin/systemd-analyze', why: 'verifies the unit scripts/install-pi.sh writes' },
];

function missingPackages() {
  return SYSTEM_PACKAGES.filter((p) => !existsSync(p.probe));
}

const missing = missingPackages();
if (missing.length > 0) {
  const names = missing.map((p) => p.pkg);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(`Missing Debian packages: ${names.join(' ')}`);
    for (const p of missing) console.error(`  ${p.pkg}: ${p.why}`);
    console.error(`Install them with: sudo apt-get install -y ${names.join(' ')}`);
    process.exit(1);
  }
  console.log(`Installing Debian packages the tests need: ${names.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...names], { stdio: 'inherit', env });
  const still = missingPackages();
  if (still.length > 0) {
    console.error(`Still missing after install: ${still.map((p) => p.pkg).join(' ')}`);
    process.exit(1);
  }
}
