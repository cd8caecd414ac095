#!/usr/bin/env bash
# A Debian 13 (trixie, SimGrid 4.0) root beside this Debian 12 machine, to build and test scalecast where SimGrid is
# current (issue #29). Needs root and debootstrap (installed on first use).
#   scripts/debian13.sh create        make the root (debootstrap minbase + the packages scalecast needs there)
#   scripts/debian13.sh run CMD...    run CMD inside, in /scalecast: a copy of this checkout's HEAD (git archive;
#                                     its own target/, so the two machines' builds never mix)
#   scripts/debian13.sh test          scripts/test.sh inside
#   scripts/debian13.sh remove        unmount and delete the root
# ROOT (default /var/tmp/scalecast-trixie) chooses where; MIRROR (default http://deb.debian.org/debian) the registry.
set -euo pipefail
REPO="$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)"
ROOT="${ROOT:-/var/tmp/scalecast-trixie}"
MIRROR="${MIRROR:-http://deb.debian.org/debian}"
PACKAGES="openjdk-21-jdk-headless maven simgrid-java libsimgrid-dev openmpi-bin libopenmpi-dev libblas3 make gcc ca-certificates"

die() { echo "debian13.sh: $*" >&2; exit 2; }
[ "$(id -u)" = 0 ] || die "needs root (debootstrap and chroot)"

mounted() { mountpoint -q "$ROOT/$1"; }
mount_all() {
  for d in proc sys dev dev/pts; do mounted "$d" || mount --bind "/$d" "$ROOT/$d"; done
  cp /etc/resolv.conf "$ROOT/etc/resolv.conf"
}
umount_all() {
  for d in run/netns dev/pts dev sys proc; do   # run/netns: what `ip netns` (the testbed tests) mounts inside
    if [ -d "$ROOT/$d" ] && mounted "$d"; then umount -l "$ROOT/$d"; fi
  done
}

case "${1:-}" in
  create)
    command -v debootstrap >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y -q debootstrap >/dev/null
    if [ ! -x "$ROOT/usr/bin/apt-get" ]; then
      echo "debian13.sh: debootstrap trixie into $ROOT (about a minute)" >&2
      debootstrap --variant=minbase trixie "$ROOT" "$MIRROR" >/dev/null
    fi
    mount_all
    trap umount_all EXIT
    chroot "$ROOT" env DEBIAN_FRONTEND=noninteractive apt-get update -q >/dev/null
    chroot "$ROOT" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $PACKAGES >/dev/null
    chroot "$ROOT" dpkg-query -W -f='${Package} ${Version}\n' simgrid-java openjdk-21-jdk-headless openmpi-bin
    ;;
  run)
    shift
    [ -x "$ROOT/usr/bin/apt-get" ] || die "no root at $ROOT: run 'scripts/debian13.sh create' first"
    mkdir -p "$ROOT/scalecast"
    find "$ROOT/scalecast" -mindepth 1 -maxdepth 1 ! -name target -exec rm -rf {} +
    git -C "$REPO" archive HEAD | tar -x -C "$ROOT/scalecast"
    # Maven's plugins and libraries: a copy of this machine's local repository on first use (no download inside)
    if [ ! -d "$ROOT/root/.m2/repository" ] && [ -d "$HOME/.m2/repository" ]; then
      mkdir -p "$ROOT/root/.m2" && cp -a "$HOME/.m2/repository" "$ROOT/root/.m2/"
    fi
    mount_all
    trap umount_all EXIT
    chroot "$ROOT" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 bash -c 'cd /scalecast && "$@"' bash "$@"
    ;;
  test)
    exec "$0" run ./scripts/test.sh
    ;;
  remove)
    umount_all
    rm -rf --one-file-system "$ROOT"
    ;;
  *)
    sed -n 2,9p "$0" >&2
    exit 2
    ;;
esac
