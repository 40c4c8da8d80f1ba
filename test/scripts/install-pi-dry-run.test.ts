// `scripts/install-pi.sh --dry-run` on this very machine, as root, must change nothing. Each run
// happens in a private mount namespace (unshare -m) where /etc, /opt and /var are overlays whose
// upper layers are empty temp folders: anything the script wrote would land there.
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runAsync, SCRIPT, STEP_TIMEOUT_MS, tempDir } from './install-pi-fixture.ts';

vi.setConfig({ testTimeout: STEP_TIMEOUT_MS, hookTimeout: STEP_TIMEOUT_MS });

const LAYERED = ['/etc', '/opt', '/var'];

/** Every path under a folder, relative to it. */
function listAll(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((p) => relative(dir, join(dir, p))).sort();
}

/** Runs the script in a mount namespace with throwaway overlays; returns its output and what landed in each upper layer. */
async function dryRunInOverlays(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string; landed: Record<string, string[]> }> {
  const layers = tempDir('red7-overlay-');
  for (const dir of LAYERED) {
    if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) throw new Error(`${dir} is not a directory on this machine: the overlay test needs it as a lower layer`);
    if (layers.startsWith(`${dir}/`)) throw new Error(`the temp folder ${layers} is inside ${dir}: set TMPDIR outside /etc, /opt and /var`);
    mkdirSync(join(layers, `${dir.slice(1)}-upper`));
    mkdirSync(join(layers, `${dir.slice(1)}-work`));
  }
  const driver = [
    'set -e',
    'for d in etc opt var; do',
    '  mount -t overlay overlay -o "lowerdir=/$d,upperdir=$LAYERS/$d-upper,workdir=$LAYERS/$d-work" "/$d" || { echo "overlay-failed: mount -t overlay on /$d" >&2; exit 97; }',
    'done',
    'exec bash "$SCRIPT" "$@"',
  ].join('\n');
  // As root the namespace needs CAP_SYS_ADMIN; otherwise a user namespace maps the caller to root.
  const userns = process.getuid?.() === 0 ? [] : ['--map-root-user'];
  const run = await runAsync('unshare', [...userns, '--mount', '--propagation', 'private', 'bash', '-c', driver, 'driver', ...args], {
    env: { LAYERS: layers, SCRIPT },
  }).catch((e: Error) => {
    throw new Error(`cannot run unshare (util-linux): ${e.message}`);
  });
  if (/^unshare: /m.test(run.stderr)) {
    throw new Error(
      `unshare could not make a private mount namespace: ${run.stderr.trim()}. It needs CAP_SYS_ADMIN: run the tests as root ` +
        '(in a container: --cap-add SYS_ADMIN, or --privileged, with seccomp and AppArmor allowing unshare and mount), or, ' +
        'as a user, a kernel with unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1).',
    );
  }
  if (run.status === 97) {
    throw new Error(
      `the kernel refused an overlay mount: ${run.stderr.trim()}. It needs the overlay filesystem (modprobe overlay; ` +
        '/proc/filesystems lists it) and upper and work folders on a filesystem overlayfs accepts as upper (ext4, xfs, tmpfs; not another overlay).',
    );
  }
  const landed = Object.fromEntries(LAYERED.map((dir) => [dir, listAll(join(layers, `${dir.slice(1)}-upper`))]));
  return { status: run.status, stdout: run.stdout, stderr: run.stderr, landed };
}

describe('scripts/install-pi.sh --dry-run as root on this machine', () => {
  const nothing = Object.fromEntries(LAYERED.map((dir) => [dir, []]));

  it('installs nothing: no file lands in /etc, /opt or /var, and it shows each file and command', async () => {
    const name = hostname();
    const run = await dryRunInOverlays(['--dry-run']);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.landed).toEqual(nothing);
    expect(run.stdout).toContain('would write /etc/systemd/system/red7.service (mode 0644):\n--- /etc/systemd/system/red7.service\n');
    expect(run.stdout).toContain('+ systemctl enable red7.service\n');
    expect(run.stdout).toContain('+ npm --prefix /opt/red7.new ci --include=optional --no-audit --no-fund\n');
    expect(run.stdout).toContain(`the host name stays '${name}'`);
    expect(hostname()).toBe(name);
  });

  it('renames nothing with --hostname red7: it shows the new /etc/hostname and /etc/hosts and prints hostnamectl', async () => {
    const name = hostname();
    const run = await dryRunInOverlays(['--dry-run', '--hostname', 'red7']);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.landed).toEqual(nothing);
    expect(run.stdout).toContain('--- /etc/hosts\n+++ /etc/hosts (new)\n');
    expect(run.stdout).toContain('+127.0.1.1\tred7\t# added by red7 install-pi.sh\n');
    expect(run.stdout).toContain('+ hostnamectl set-hostname red7\n');
    expect(hostname()).toBe(name);
  });

  it('removes nothing with --uninstall --purge', async () => {
    const run = await dryRunInOverlays(['--dry-run', '--uninstall', '--purge']);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.landed).toEqual(nothing);
    expect(run.stdout).toContain('+ systemctl disable --now red7.service\n');
  });
});
