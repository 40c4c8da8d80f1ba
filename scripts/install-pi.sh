#!/usr/bin/env bash
# Installs, updates or uninstalls the Red7 companion as a service on Raspberry Pi OS (Bookworm,
# 64-bit): the app in /opt/red7 with its npm packages and its built dashboard, an unprivileged user
# "red7", a systemd unit, a udev rule naming the seat panel /dev/red7-panel, and an avahi service
# announcing the dashboard. The data folder (/var/lib/red7) is never touched, except by --purge.
#
# Every file is written under --root (or $RED7_ROOT), "/" by default, so an image can be prepared
# and a test can check the result in a temp dir. Commands that act on the running system
# (apt-get, useradd, systemctl, udevadm, hostnamectl) are only printed when the root is not "/".
# --dry-run writes nothing and runs nothing that changes anything: it prints each file it would
# write as a diff against what is there, and each command.
set -euo pipefail

usage() {
  cat <<'USAGE'
Usage: scripts/install-pi.sh [options]

  (no option)       install, or update an installed companion in place (data kept)
  --dry-run         change nothing: print each file it would write (as a diff) and each command
  --uninstall       remove everything the install added; the data folder is kept
  --purge           with --uninstall: also remove the data folder /var/lib/red7
  --root DIR        write every file under DIR instead of / (also: RED7_ROOT=DIR)
  --app-dir DIR     where the app is installed (default /opt/red7)
  --user NAME       the service user (default red7)
  --port N          the dashboard's port, announced over mDNS (default 8080)
  --hostname NAME   rename the machine to NAME, so the tablet finds NAME.local (default: keep the name)
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
UNINSTALL=0
PURGE=0
APP_DIR=/opt/red7
SERVICE_USER=red7
PORT=8080
HOST_NAME=
SCAN_BUTTON=23
GROUPS_NEEDED=(gpio dialout video audio)
PACKAGES=(espeak-ng avahi-daemon)
# The data folder: systemd's StateDirectory=red7 of the unit.
STATE_DIR=/var/lib/red7
# What the install changed that is not its own file, so --uninstall can undo exactly that.
RECORD=/etc/red7/install.state
# The marks on the lines the install adds to shared files.
HOSTS_MARK='# added by red7 install-pi.sh'
CONFIG_MARK='# red7: pull-up for the scan button (sysfs GPIO cannot set one)'

need_value() {
  [[ $# -ge 2 && -n $2 ]] || { printf 'install-pi: %s needs a value\n' "$1" >&2; usage >&2; exit 2; }
}

while [[ $# -gt 0 ]]; do
  case $1 in
    --root) need_value "$@"; ROOT=$2; shift 2 ;;
    --root=*) ROOT=${1#*=}; shift ;;
    --dry-run) DRY_RUN=1; shift ;;
    --uninstall) UNINSTALL=1; shift ;;
    --purge) PURGE=1; shift ;;
    --app-dir) need_value "$@"; APP_DIR=$2; shift 2 ;;
    --user) need_value "$@"; SERVICE_USER=$2; shift 2 ;;
    --port) need_value "$@"; PORT=$2; shift 2 ;;
    --hostname) need_value "$@"; HOST_NAME=$2; shift 2 ;;
    --scan-button) need_value "$@"; SCAN_BUTTON=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) printf 'install-pi: unknown option %s\n' "$1" >&2; usage >&2; exit 2 ;;
  esac
done

# Every value ends up in a unit file, a udev rule or a command line: accept only plain ones.
[[ $ROOT == /* ]] || die "--root must be an absolute path, got '$ROOT'"
[[ -d $ROOT ]] || die "--root $ROOT is not a directory"
valid_app_dir() { [[ $1 =~ ^/[A-Za-z0-9._/-]+$ && $1 != *..* && $1 != */ ]]; }
valid_app_dir "$APP_DIR" || die "--app-dir must be an absolute path of letters, digits, . _ - and /, got '$APP_DIR'"
valid_user() { [[ $1 =~ ^[a-z_][a-z0-9_-]{0,31}$ ]]; }
valid_user "$SERVICE_USER" || die "--user must be a lower-case user name, got '$SERVICE_USER'"
if ! [[ $PORT =~ ^[0-9]{1,5}$ ]] || ((PORT < 1 || PORT > 65535)); then die "--port must be 1-65535, got '$PORT'"; fi
valid_host() { [[ $1 =~ ^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$ ]]; }
[[ -z $HOST_NAME ]] || valid_host "$HOST_NAME" || die "--hostname must be a DNS label (a-z, 0-9, -), got '$HOST_NAME'"
if ! [[ $SCAN_BUTTON =~ ^[0-9]{1,2}$ ]] || ((SCAN_BUTTON < 2 || SCAN_BUTTON > 27)); then
  die "--scan-button must be a BCM pin 2-27, got '$SCAN_BUTTON'"
fi
((PURGE)) && ! ((UNINSTALL)) && die "--purge only goes with --uninstall"

ROOT=${ROOT%/}
SRC_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
TEMPLATES=$SRC_DIR/scripts/pi
# HOST: the root is this machine, so asking it (dpkg-query, getent) tells what a real run would do.
# LIVE: commands that change it run, rather than being printed.
HOST=0
[[ -n $ROOT ]] || HOST=1
LIVE=$HOST
if ((DRY_RUN)); then LIVE=0; fi
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

# Runs a command on the files under the root (npm, mv, rm), or prints it in a dry run.
files_cmd() {
  if ((DRY_RUN)); then show "$@"; else "$@"; fi
}

# Writes stdin to a file under the root with a mode, when it differs from what is there; a dry
# run prints the difference instead.
put() {
  local path mode text
  path=$(target "$1")
  mode=$2
  text=$(cat; printf x)
  text=${text%x}
  if [[ -f $path ]] && [[ $(cat "$path"; printf x) == "${text}x" ]]; then
    say "unchanged $path"
    return 0
  fi
  if ((DRY_RUN)); then
    say "would write $path (mode $mode):"
    local old=/dev/null
    if [[ -f $path ]]; then old=$path; fi
    diff -u --label "$path" --label "$path (new)" "$old" <(printf '%s' "$text") || true
    return 0
  fi
  mkdir -p "$(dirname "$path")"
  printf '%s' "$text" >"$path"
  chmod "$mode" "$path"
  say "wrote $path"
}

# Removes a file or folder under the root; a dry run says what it would remove.
drop() {
  local path
  path=$(target "$1")
  [[ -e $path || -L $path ]] || return 0
  if ((DRY_RUN)); then say "would remove $path"; else rm -rf -- "$path"; say "removed $path"; fi
}

# The mode of a file under the root, for rewriting a shared file as it was.
mode_of() { stat -c %a "$(target "$1")"; }

# One value of the install record (empty when absent).
recorded() {
  local file
  file=$(target "$RECORD")
  [[ -f $file ]] || return 0
  sed -n "s/^$1=//p" "$file" | tail -n 1
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

# The host name the machine has now: the one in /etc/hostname under the root.
current_hostname() {
  local file
  file=$(target /etc/hostname)
  if [[ -f $file ]]; then head -n 1 "$file" | tr -d '[:space:]'; elif ((HOST)); then hostname; fi
}

# The data folder the service uses: RED7_DATA of the settings file, else the state directory.
data_dir() {
  local env value
  env=$(target /etc/red7/red7.env)
  value=
  if [[ -f $env ]]; then value=$(sed -n 's/^RED7_DATA=//p' "$env" | tail -n 1); fi
  printf '%s' "${value:-$STATE_DIR}"
}

# The packages and the user the install adds, remembered only when they were not there before.
install_packages() {
  local pkg missing=()
  for pkg in "${PACKAGES[@]}"; do
    if ((HOST)) && dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'ok installed'; then continue; fi
    missing+=("$pkg")
  done
  if ((${#missing[@]} == 0)); then say "espeak-ng and avahi-daemon are installed"; return 0; fi
  # espeak-ng speaks on the Pi (optional for the app, wanted on a table); avahi-daemon announces the dashboard.
  live apt-get install -y --no-install-recommends "${missing[@]}"
  if ((HOST)); then ADDED_PACKAGES=$(printf '%s\n' "$ADDED_PACKAGES" "${missing[@]}" | xargs -n 1 | sort -u | xargs); fi
  return 0
}

create_user() {
  local group list
  for group in "${GROUPS_NEEDED[@]}"; do
    if ((HOST)) && getent group "$group" >/dev/null; then continue; fi
    # gpio exists on Raspberry Pi OS only; --force makes this a no-op where the group is there.
    live groupadd --force --system "$group"
    if ((HOST)); then ADDED_GROUPS=$(printf '%s %s' "$ADDED_GROUPS" "$group" | xargs); fi
  done
  list=$(IFS=,; printf '%s' "${GROUPS_NEEDED[*]}")
  if ((HOST)) && id -u "$SERVICE_USER" >/dev/null 2>&1; then
    live usermod --append --groups "$list" "$SERVICE_USER"
  else
    live useradd --system --user-group --groups "$list" --home-dir "$STATE_DIR" --no-create-home \
      --shell /usr/sbin/nologin "$SERVICE_USER"
    if ((HOST)); then ADDED_USER=$SERVICE_USER; fi
  fi
}

# Copies the checkout into DIR.new, installs its packages and builds the dashboard there, so the
# running version is untouched until the new one is ready.
stage_app() {
  local dest next
  dest=$(target "$APP_DIR")
  next=$dest.new
  [[ $(readlink -f "$dest" 2>/dev/null || true) != "$SRC_DIR" ]] ||
    die "the checkout is $APP_DIR itself: clone the repository elsewhere (git clone … ~/red7) and run the script from there"
  drop "$APP_DIR.new"
  if ((DRY_RUN)); then
    say "would copy $SRC_DIR to $next (without node_modules, .git, data, builds)"
    if [[ -d $dest ]]; then
      say "files of the new version that differ from $dest:"
      diff -rq --exclude=node_modules --exclude=.git --exclude=data --exclude=dist "$dest" "$SRC_DIR" | sed 's/^/  /' || true
    fi
  else
    mkdir -p "$next"
    # node_modules is built for this machine by npm ci below; data/ is a developer's journal.
    tar -C "$SRC_DIR" --exclude=node_modules --exclude=./.git --exclude=./data --exclude=./test-artifacts \
      --exclude=./web/client/dist --exclude=./firmware/build --exclude=./firmware/sim/build --exclude=./.vite \
      --exclude=./.scratch --exclude='*.log' -cf - . |
      tar -C "$next" --no-same-owner -xf -
    say "copied the app to $next"
  fi
  # npm ci installs optional dependencies too, so @tensorflow/tfjs-node comes along when it can
  # download libtensorflow; when it cannot, npm skips it and the app uses the WASM backend.
  local untouched="the installed version is untouched; $next is what was staged"
  files_cmd npm --prefix "$next" ci --include=optional --no-audit --no-fund || die "npm ci failed: $untouched"
  # The service runs bin/red7.js, not `npm start` (whose prestart builds): the dashboard is built here, once.
  files_cmd npm --prefix "$next" run build:client || die "building the dashboard failed: $untouched"
}

# Opens a copy of the journal with the new version, as the service will at its start: it migrates
# the copy forward, or refuses the journal (a newer schema, a damaged file) with the app's reason.
check_journal() {
  local data journal copy
  data=$(data_dir)
  journal=$(target "$data")/red7.db
  [[ -f $journal ]] || { say "no journal in $(target "$data") yet"; return 0; }
  if ((DRY_RUN)); then
    say "would check that the new version opens the journal $journal (on a copy) before switching to it"
    return 0
  fi
  copy=$(mktemp -d)
  cp -p "$journal" "$copy/"
  if [[ -f $journal-wal ]]; then cp -p "$journal-wal" "$copy/"; fi
  if ! JOURNAL_REFUSAL=$(cd "$(target "$APP_DIR").new" && "$NODE_BIN" bin/red7.js play --data "$copy" </dev/null 2>&1); then
    rm -rf -- "$copy"
    # The app's reason, about the real file rather than the copy.
    JOURNAL_REFUSAL=$(printf '%s\n' "$JOURNAL_REFUSAL" | grep -m 1 journal || printf '%s\n' "$JOURNAL_REFUSAL" | tail -n 1)
    JOURNAL_REFUSAL=${JOURNAL_REFUSAL//$copy\/red7.db/$journal}
    JOURNAL_REFUSAL=${JOURNAL_REFUSAL#red7 play: }
    return 1
  fi
  rm -rf -- "$copy"
  say "the new version opens the journal $journal (and migrates it forward at its start)"
}

# Puts the staged version in place of the installed one.
switch_app() {
  if [[ -d $(target "$APP_DIR") ]]; then
    drop "$APP_DIR.old"
    files_cmd mv -- "$(target "$APP_DIR")" "$(target "$APP_DIR").old"
    files_cmd mv -- "$(target "$APP_DIR").new" "$(target "$APP_DIR")"
    drop "$APP_DIR.old"
    say "updated $(target "$APP_DIR") in place"
  else
    files_cmd mv -- "$(target "$APP_DIR").new" "$(target "$APP_DIR")"
  fi
}

write_service_files() {
  fill "$TEMPLATES/systemd/red7.service" | put /etc/systemd/system/red7.service 0644
  fill "$TEMPLATES/avahi/red7.service" | put /etc/avahi/services/red7.service 0644
  put /etc/udev/rules.d/99-red7-panel.rules 0644 <"$TEMPLATES/udev/99-red7-panel.rules"
  if [[ -e $(target /etc/red7/red7.env) ]]; then
    say "kept $(target /etc/red7/red7.env) (already there, maybe edited)"
  else
    put /etc/red7/red7.env 0644 <<ENV
# Settings of the red7 service (read by systemd; see device/config.ts for every setting).
NODE_ENV=production
RED7_PORT=$PORT
RED7_DATA=$STATE_DIR
RED7_PANEL=/dev/red7-panel
RED7_GPIO_SCAN=$SCAN_BUTTON
ENV
  fi
}

# /etc/hosts without the line the install added.
hosts_without_ours() { grep -vF -- "$HOSTS_MARK" "$(target /etc/hosts)" || true; }

# Renames the machine only when asked; the old name stays in /etc/hosts, the new one is mapped by
# one marked line placed before it, which a second run replaces and --uninstall removes.
set_hostname() {
  local now hosts text
  now=$(current_hostname)
  if [[ -z $HOST_NAME ]]; then
    if [[ $now == red7 ]]; then return 0; fi
    say "the host name stays '${now:-unknown}': the dashboard is announced as http://${now:-<host>}.local:$PORT;" \
      "red7.local needs the host name red7 (run again with --hostname red7)"
    return 0
  fi
  [[ -n $PREVIOUS_HOSTNAME || $now == "$HOST_NAME" ]] || PREVIOUS_HOSTNAME=$now
  printf '%s\n' "$HOST_NAME" | put /etc/hostname 0644
  hosts=$(target /etc/hosts)
  if [[ -f $hosts ]]; then
    text=$(hosts_without_ours; printf x)
    text=${text%x}
    if ! printf '%s' "$text" | grep -qE "^[^#]*[[:space:]]$HOST_NAME([[:space:]]|\$)"; then
      local line
      line=$(printf '127.0.1.1\t%s\t%s' "$HOST_NAME" "$HOSTS_MARK")
      if printf '%s' "$text" | grep -q '^127\.0\.1\.1[[:space:]]'; then
        text=$(printf '%s' "$text" | awk -v line="$line" '!done && /^127\.0\.1\.1[[:space:]]/ { print line; done = 1 } { print }'; printf x)
        text=${text%x}
      else
        text+="$line"$'\n'
      fi
    fi
    printf '%s' "$text" | put /etc/hosts "$(mode_of /etc/hosts)"
  fi
  [[ $now == "$HOST_NAME" ]] || live hostnamectl set-hostname "$HOST_NAME"
}

# The firmware's config.txt under the root, if there is one.
boot_config() {
  local config
  for config in /boot/firmware/config.txt /boot/config.txt; do
    [[ -f $(target "$config") ]] && { printf '%s' "$config"; return 0; }
  done
  return 0
}

pull_up_scan_button() {
  # Sysfs GPIO cannot set pull resistors, so the firmware sets one at boot (config.txt "gpio=" line).
  local config text
  config=$(boot_config)
  if [[ -z $config ]]; then
    say "no config.txt under $ROOT/boot: wire a 10 kΩ pull-up from the scan button's pin to 3.3 V"
    return 0
  fi
  if grep -qxF -- "$CONFIG_MARK" "$(target "$config")" && grep -qx "gpio=$SCAN_BUTTON=ip,pu" "$(target "$config")"; then
    say "unchanged $(target "$config") (its pull-up for BCM $SCAN_BUTTON is there)"
    return 0
  fi
  text=$(config_without_ours "$config"; printf x)
  text=${text%x}
  if printf '%s' "$text" | grep -q "^gpio=$SCAN_BUTTON="; then
    say "$(target "$config") already sets up BCM $SCAN_BUTTON"
  else
    text+=$'\n'"$CONFIG_MARK"$'\n'"gpio=$SCAN_BUTTON=ip,pu"$'\n'
  fi
  printf '%s' "$text" | put "$config" "$(mode_of "$config")"
}

# config.txt without the block the install added (the mark, its gpio line and the blank line before).
config_without_ours() {
  awk -v mark="$CONFIG_MARK" '
    skip { skip = 0; next }
    $0 == mark { held = ""; hold = 0; skip = 1; next }
    hold { print held; hold = 0 }
    $0 == "" { held = $0; hold = 1; next }
    { print }
    END { if (hold) print held }
  ' "$(target "$1")"
}

write_record() {
  put "$RECORD" 0644 <<RECORD
# What scripts/install-pi.sh changed besides its own files, so that --uninstall undoes only that.
app_dir=$APP_DIR
user=$SERVICE_USER
added_user=$ADDED_USER
added_groups=$ADDED_GROUPS
packages=$ADDED_PACKAGES
previous_hostname=$PREVIOUS_HOSTNAME
hostname=$OUR_HOSTNAME
RECORD
}

# Stops the running service for the switch; false when it was not running.
stop_service() {
  ((LIVE)) || return 1
  systemctl is-active --quiet red7.service || return 1
  systemctl stop red7.service
}

install() {
  check_node
  ((LIVE)) || say "commands that change the running system are printed, not run:"
  if ((DRY_RUN)); then say "dry run: nothing is written; files are shown as differences from what is there"; fi
  ADDED_USER=$(recorded added_user)
  ADDED_GROUPS=$(recorded added_groups)
  ADDED_PACKAGES=$(recorded packages)
  PREVIOUS_HOSTNAME=$(recorded previous_hostname)
  OUR_HOSTNAME=${HOST_NAME:-$(recorded hostname)}
  local updating=0 was_running=0
  if [[ -d $(target "$APP_DIR") ]]; then updating=1; fi
  if ((updating)); then say "updating the companion in $(target "$APP_DIR"); the data in $(target "$(data_dir)") is kept"; fi
  install_packages
  stage_app
  if stop_service; then was_running=1; fi
  if ! check_journal; then
    if ((was_running)); then systemctl start red7.service; fi
    drop "$APP_DIR.new"
    local kept='nothing was installed'
    if ((updating)); then kept='the installed version is as it was'; fi
    die "the new version cannot use the journal, so it stopped and $kept: $JOURNAL_REFUSAL"
  fi
  switch_app
  create_user
  write_service_files
  set_hostname
  pull_up_scan_button
  write_record
  live udevadm control --reload-rules
  live udevadm trigger --subsystem-match=tty --action=add
  live systemctl daemon-reload
  live systemctl enable red7.service
  live systemctl restart red7.service
  live systemctl try-reload-or-restart avahi-daemon.service
  local name=${HOST_NAME:-$(current_hostname)}
  say "done: the dashboard will be at http://${name:-<host>}.local:$PORT (service red7, user $SERVICE_USER, data in $(data_dir))"
}

uninstall() {
  ((LIVE)) || say "commands that change the running system are printed, not run:"
  if ((DRY_RUN)); then say "dry run: nothing is removed or written"; fi
  local app added_user groups packages previous ours data group config
  app=$(recorded app_dir)
  valid_app_dir "${app:-/}" && APP_DIR=${app:-$APP_DIR}
  added_user=$(recorded added_user)
  groups=$(recorded added_groups)
  packages=$(recorded packages)
  previous=$(recorded previous_hostname)
  ours=$(recorded hostname)
  data=$(data_dir)
  # A second uninstall, or one after a half-done install, finds some parts gone: it skips them.
  if ((LIVE)) && ! systemctl cat red7.service >/dev/null 2>&1; then
    say "no red7 service to stop"
  else
    live systemctl disable --now red7.service
  fi
  drop /etc/systemd/system/red7.service
  drop /etc/avahi/services/red7.service
  drop /etc/udev/rules.d/99-red7-panel.rules
  drop "$APP_DIR.new"
  drop "$APP_DIR.old"
  drop "$APP_DIR"
  if [[ -f $(target /etc/hosts) ]] && grep -qF -- "$HOSTS_MARK" "$(target /etc/hosts)"; then
    hosts_without_ours | put /etc/hosts "$(mode_of /etc/hosts)"
  fi
  if [[ -n $previous && -n $ours && $previous != "$ours" ]] && valid_host "$previous" && [[ $(current_hostname) == "$ours" ]]; then
    printf '%s\n' "$previous" | put /etc/hostname 0644
    live hostnamectl set-hostname "$previous"
  fi
  config=$(boot_config)
  if [[ -n $config ]] && grep -qxF -- "$CONFIG_MARK" "$(target "$config")"; then
    config_without_ours "$config" | put "$config" "$(mode_of "$config")"
  fi
  drop /etc/red7
  live systemctl daemon-reload
  live udevadm control --reload-rules
  live systemctl try-reload-or-restart avahi-daemon.service
  if [[ -n $added_user ]] && valid_user "$added_user" && ! { ((HOST)) && ! id -u "$added_user" >/dev/null 2>&1; }; then
    live userdel "$added_user"
  fi
  for group in $groups; do
    if valid_user "$group" && ! { ((HOST)) && ! getent group "$group" >/dev/null; }; then live groupdel "$group"; fi
  done
  # Only the packages the install added; `apt-get remove` leaves their settings.
  local -a package_list
  read -ra package_list <<<"$packages"
  ((${#package_list[@]} == 0)) || live apt-get remove -y "${package_list[@]}"
  if ((PURGE)); then
    drop "$STATE_DIR"
    [[ $data == "$STATE_DIR" ]] || say "RED7_DATA pointed at $data: left as it is (remove it yourself)"
    say "uninstalled, data removed"
  else
    say "uninstalled; the data in $(target "$data") was kept (journal, referee PIN, paired phones): --purge removes it"
  fi
}

if ((UNINSTALL)); then uninstall; else install; fi
exit 0
