#!/usr/bin/env bash
# Installs the Red7 companion as a service on Raspberry Pi OS (Bookworm, 64-bit):
# the app in /opt/red7 with its npm packages, an unprivileged user "red7" in the gpio, dialout,
# video and audio groups, a systemd unit, a udev rule naming the seat panel /dev/red7-panel, and
# an avahi service so the tablet finds the dashboard at red7.local.
#
# Every file is written under --root (or $RED7_ROOT), "/" by default, so an image can be prepared
# and a test can check the result in a temp dir. Commands that act on the running system
# (useradd, systemctl, udevadm, apt-get) are only printed with --dry-run, or when the root is not "/".
set -euo pipefail

usage() {
  cat <<'USAGE'
Usage: scripts/install-pi.sh [options]

  --root DIR        write every file under DIR instead of / (also: RED7_ROOT=DIR)
  --dry-run         print the commands that change the system instead of running them
  --app-dir DIR     where the app is installed (default /opt/red7)
  --user NAME       the service user (default red7)
  --port N          the dashboard's port, announced over mDNS (default 8080)
  --hostname NAME   the Pi's host name, so the tablet finds NAME.local (default red7)
  --keep-hostname   leave the host name as it is
  --scan-button N   BCM pin of the scan button, given a pull-up at boot (default 23)
  -h, --help        show this help
USAGE
}

die() {
  printf 'install-pi: %s\n' "$*" >&2
  exit 1
}

ROOT="${RED7_ROOT:-/}"
DRY_RUN=0
APP_DIR=/opt/red7
SERVICE_USER=red7
PORT=8080
HOST_NAME=red7
KEEP_HOSTNAME=0
SCAN_BUTTON=23
GROUPS_NEEDED=(gpio dialout video audio)

need_value() {
  [[ $# -ge 2 && -n $2 ]] || { printf 'install-pi: %s needs a value\n' "$1" >&2; usage >&2; exit 2; }
}

while [[ $# -gt 0 ]]; do
  case $1 in
    --root) need_value "$@"; ROOT=$2; shift 2 ;;
    --root=*) ROOT=${1#*=}; shift ;;
    --dry-run) DRY_RUN=1; shift ;;
    --app-dir) need_value "$@"; APP_DIR=$2; shift 2 ;;
    --user) need_value "$@"; SERVICE_USER=$2; shift 2 ;;
    --port) need_value "$@"; PORT=$2; shift 2 ;;
    --hostname) need_value "$@"; HOST_NAME=$2; shift 2 ;;
    --keep-hostname) KEEP_HOSTNAME=1; shift ;;
    --scan-button) need_value "$@"; SCAN_BUTTON=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) printf 'install-pi: unknown option %s\n' "$1" >&2; usage >&2; exit 2 ;;
  esac
done

# Every value ends up in a unit file, a udev rule or a command line: accept only plain ones.
[[ $ROOT == /* ]] || die "--root must be an absolute path, got '$ROOT'"
[[ -d $ROOT ]] || die "--root $ROOT is not a directory"
[[ $APP_DIR =~ ^/[A-Za-z0-9._/-]+$ ]] || die "--app-dir must be an absolute path of letters, digits, . _ - and /, got '$APP_DIR'"
[[ $SERVICE_USER =~ ^[a-z_][a-z0-9_-]{0,31}$ ]] || die "--user must be a lower-case user name, got '$SERVICE_USER'"
if ! [[ $PORT =~ ^[0-9]{1,5}$ ]] || ((PORT < 1 || PORT > 65535)); then die "--port must be 1-65535, got '$PORT'"; fi
[[ $HOST_NAME =~ ^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$ ]] || die "--hostname must be a DNS label (a-z, 0-9, -), got '$HOST_NAME'"
if ! [[ $SCAN_BUTTON =~ ^[0-9]{1,2}$ ]] || ((SCAN_BUTTON < 2 || SCAN_BUTTON > 27)); then
  die "--scan-button must be a BCM pin 2-27, got '$SCAN_BUTTON'"
fi

ROOT=${ROOT%/}
SRC_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
TEMPLATES=$SRC_DIR/scripts/pi
LIVE=1
if ((DRY_RUN)) || [[ -n $ROOT ]]; then LIVE=0; fi
if ((LIVE)) && ((EUID != 0)); then die "run it as root (sudo $0), or with --dry-run to see what it would do"; fi

# The path of a system file under the root.
target() { printf '%s%s' "$ROOT" "$1"; }

say() { printf '%s\n' "$*"; }

# Prints a command as a shell line: plain words as they are, anything else quoted.
show() {
  local arg line='+'
  for arg in "$@"; do
    if [[ $arg =~ ^[A-Za-z0-9_./=:,@%+-]+$ ]]; then line+=" $arg"; else line+=" $(printf '%q' "$arg")"; fi
  done
  printf '%s\n' "$line"
}

# Runs a command that changes the running system, or prints it when it must not run.
live() {
  if ((LIVE)); then "$@"; else show "$@"; fi
}

# Runs a command on the files under the root (npm), or prints it in a dry run.
files_cmd() {
  if ((DRY_RUN)); then show "$@"; else "$@"; fi
}

# Writes a file under the root from stdin, with a mode.
write_file() {
  local path mode
  path=$(target "$1")
  mode=$2
  mkdir -p "$(dirname "$path")"
  cat >"$path"
  chmod "$mode" "$path"
  say "wrote $path"
}

# Fills the @NAME@ placeholders of a template.
fill() {
  local text
  text=$(<"$1")
  text=${text//@APP_DIR@/$APP_DIR}
  text=${text//@NODE@/$NODE_BIN}
  text=${text//@USER@/$SERVICE_USER}
  text=${text//@PORT@/$PORT}
  printf '%s\n' "$text"
}

check_node() {
  command -v node >/dev/null || die "Node.js is not installed: install Node.js 20 or newer (Raspberry Pi OS Bookworm ships 18; use NodeSource's packages or nvm)"
  command -v npm >/dev/null || die "npm is not installed: install it with Node.js 20 or newer"
  local version major
  version=$(node -p 'process.versions.node')
  major=${version%%.*}
  if ! [[ $major =~ ^[0-9]+$ ]] || ((major < 20)); then
    die "Node.js 20 or newer is needed, found $version: upgrade it (NodeSource's packages or nvm)"
  fi
  NODE_BIN=$(command -v node)
  NODE_BIN=$(readlink -f "$NODE_BIN")
  say "node $version at $NODE_BIN"
}

install_packages() {
  # espeak-ng speaks on the Pi (optional for the app, wanted on a table); avahi-daemon answers red7.local.
  live apt-get install -y --no-install-recommends espeak-ng avahi-daemon
}

copy_app() {
  local dest
  dest=$(target "$APP_DIR")
  if [[ $(readlink -f "$dest" 2>/dev/null || true) == "$SRC_DIR" ]]; then
    say "the app is already in $dest"
  else
    mkdir -p "$dest"
    # node_modules is built for this machine by npm ci below; data/ is a developer's journal.
    tar -C "$SRC_DIR" --exclude=node_modules --exclude=./.git --exclude=./data --exclude=./test-artifacts \
      --exclude='*.log' -cf - . |
      tar -C "$dest" -xf -
    say "copied the app to $dest"
  fi
  # npm ci installs optional dependencies too, so @tensorflow/tfjs-node comes along when it can
  # download libtensorflow; when it cannot, npm skips it and the app uses the WASM backend.
  files_cmd npm --prefix "$dest" ci --include=optional --no-audit --no-fund
  if node -e 'process.exit(require(process.argv[1]).scripts?.build ? 0 : 1)' "$dest/package.json"; then
    files_cmd npm --prefix "$dest" run build
  fi
}

create_user() {
  local group
  for group in "${GROUPS_NEEDED[@]}"; do
    # gpio exists on Raspberry Pi OS only; --force makes this a no-op where the group is there.
    live groupadd --force --system "$group"
  done
  local list
  list=$(IFS=,; printf '%s' "${GROUPS_NEEDED[*]}")
  if ((LIVE)) && id -u "$SERVICE_USER" >/dev/null 2>&1; then
    live usermod --append --groups "$list" "$SERVICE_USER"
  else
    live useradd --system --user-group --groups "$list" --home-dir /var/lib/red7 --no-create-home \
      --shell /usr/sbin/nologin "$SERVICE_USER"
  fi
}

write_service_files() {
  fill "$TEMPLATES/systemd/red7.service" | write_file /etc/systemd/system/red7.service 0644
  fill "$TEMPLATES/avahi/red7.service" | write_file /etc/avahi/services/red7.service 0644
  write_file /etc/udev/rules.d/99-red7-panel.rules 0644 <"$TEMPLATES/udev/99-red7-panel.rules"
  if [[ -e $(target /etc/red7/red7.env) ]]; then
    say "kept $(target /etc/red7/red7.env) (already there, maybe edited)"
  else
    write_file /etc/red7/red7.env 0644 <<ENV
# Settings of the red7 service (read by systemd; see device/config.ts for every setting).
NODE_ENV=production
RED7_PORT=$PORT
RED7_DATA=/var/lib/red7
RED7_PANEL=/dev/red7-panel
RED7_GPIO_SCAN=$SCAN_BUTTON
ENV
  fi
}

set_hostname() {
  ((KEEP_HOSTNAME)) && return 0
  printf '%s\n' "$HOST_NAME" | write_file /etc/hostname 0644
  local hosts
  hosts=$(target /etc/hosts)
  if [[ -f $hosts ]]; then
    # Raspberry Pi OS maps the host name to 127.0.1.1; keep that line in step with the new name.
    if grep -q '^127\.0\.1\.1[[:space:]]' "$hosts"; then
      sed -i "s/^127\.0\.1\.1[[:space:]].*/127.0.1.1\t$HOST_NAME/" "$hosts"
    else
      printf '127.0.1.1\t%s\n' "$HOST_NAME" >>"$hosts"
    fi
    say "mapped $HOST_NAME to 127.0.1.1 in $hosts"
  fi
  live hostnamectl set-hostname "$HOST_NAME"
}

pull_up_scan_button() {
  # Sysfs GPIO cannot set pull resistors, so the firmware sets one at boot (config.txt "gpio=" line).
  local config
  for config in /boot/firmware/config.txt /boot/config.txt; do
    config=$(target "$config")
    [[ -f $config ]] || continue
    if grep -q "^gpio=$SCAN_BUTTON=" "$config"; then
      say "$config already sets up BCM $SCAN_BUTTON"
    else
      printf '\n# red7: pull-up for the scan button (sysfs GPIO cannot set one)\ngpio=%s=ip,pu\n' "$SCAN_BUTTON" >>"$config"
      say "added a pull-up for BCM $SCAN_BUTTON to $config (takes effect after a reboot)"
    fi
    return 0
  done
  say "no config.txt under $ROOT/boot: wire a 10 kΩ pull-up from the scan button's pin to 3.3 V"
}

activate() {
  live udevadm control --reload-rules
  live udevadm trigger --subsystem-match=tty --action=add
  live systemctl daemon-reload
  live systemctl enable --now red7.service
  live systemctl reload-or-restart avahi-daemon.service
}

check_node
if ((!LIVE)); then say "commands that change the running system are printed, not run:"; fi
install_packages
copy_app
create_user
write_service_files
set_hostname
pull_up_scan_button
activate
say "done: the dashboard will be at http://$HOST_NAME.local:$PORT (service red7, user $SERVICE_USER)"
((KEEP_HOSTNAME)) && say "the host name was kept: the tablet finds the service by browsing _http._tcp"
exit 0
