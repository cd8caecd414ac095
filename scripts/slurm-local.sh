#!/usr/bin/env bash
# A one-node Slurm cluster on this machine (Debian slurm-wlm + munge), for the Slurm executor's
# tests and for trying `--executor slurm` by hand. Needs root.
#   scripts/slurm-local.sh start   -> starts munged, slurmctld, slurmd; waits until the node is idle
#   scripts/slurm-local.sh stop    -> stops what start started
#   scripts/slurm-local.sh status
# State lives in $SCALECAST_SLURM_DIR (default /tmp/scalecast-slurm). Prints one line per action.
set -euo pipefail
DIR="${SCALECAST_SLURM_DIR:-/tmp/scalecast-slurm}"
HOST="$(hostname -s)"
CONF=/etc/slurm/slurm.conf
MARK="# scalecast one-node cluster"

die() { echo "slurm-local: $*" >&2; exit 1; }

write_conf() {
  mkdir -p "$DIR"/{spool,state,log} /etc/slurm
  if [ -f "$CONF" ] && ! grep -q "$MARK" "$CONF"; then
    cp -n "$CONF" "$CONF.scalecast-backup" || true
  fi
  cat > "$CONF" <<CONFEOF
$MARK (written by scripts/slurm-local.sh)
ClusterName=scalecast
SlurmctldHost=$HOST
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
JobAcctGatherType=jobacct_gather/none
MpiDefault=none
ReturnToService=2
SlurmctldPidFile=$DIR/slurmctld.pid
SlurmdPidFile=$DIR/slurmd.pid
SlurmdSpoolDir=$DIR/spool
StateSaveLocation=$DIR/state
SlurmctldLogFile=$DIR/log/slurmctld.log
SlurmdLogFile=$DIR/log/slurmd.log
SchedulerParameters=sched_interval=1
MinJobAge=30
KillWait=2
InactiveLimit=0
NodeName=$HOST CPUs=$(nproc) State=UNKNOWN
PartitionName=debug Nodes=$HOST Default=YES MaxTime=INFINITE State=UP
CONFEOF
}

start_munge() {
  if [ -f /run/munge/munged.pid ] && kill -0 "$(cat /run/munge/munged.pid)" 2>/dev/null; then return; fi
  if [ ! -s /etc/munge/munge.key ]; then
    dd if=/dev/urandom of=/etc/munge/munge.key bs=1024 count=1 status=none
  fi
  chown munge:munge /etc/munge/munge.key; chmod 400 /etc/munge/munge.key
  mkdir -p /run/munge /var/log/munge /var/lib/munge; chown munge:munge /run/munge /var/log/munge /var/lib/munge
  su -s /bin/sh munge -c /usr/sbin/munged
  for _ in $(seq 50); do munge -n 2>/dev/null | unmunge >/dev/null 2>&1 && return; sleep 0.1; done
  die "munged did not start"
}

running() { [ -f "$DIR/$1.pid" ] && kill -0 "$(cat "$DIR/$1.pid")" 2>/dev/null; }

start() {
  [ "$(id -u)" = 0 ] || die "needs root"
  command -v slurmctld >/dev/null || die "slurm-wlm is not installed (apt-get install slurm-wlm munge)"
  write_conf
  start_munge
  running slurmctld || slurmctld
  running slurmd || slurmd
  local deadline=$((SECONDS + 30))   # sinfo can hang for its message timeout when slurmctld never came up (a chroot)
  while [ "$SECONDS" -lt "$deadline" ]; do
    state="$(timeout 3 sinfo -h -N -o %t 2>/dev/null | head -1 || true)"
    case "$state" in idle|mix|alloc) echo "slurm-local: node $HOST $state"; return 0;; esac
    case "$state" in down*|drain*) scontrol update nodename="$HOST" state=resume >/dev/null 2>&1 || true;; esac
    sleep 0.2
  done
  die "node did not become idle (see $DIR/log)"
}

stop() {
  for d in slurmd slurmctld; do
    if running "$d"; then kill "$(cat "$DIR/$d.pid")" 2>/dev/null || true; fi
  done
  for _ in $(seq 50); do running slurmd || running slurmctld || break; sleep 0.1; done
  if [ -f /run/munge/munged.pid ]; then kill "$(cat /run/munge/munged.pid)" 2>/dev/null || true; fi
  echo "slurm-local: stopped"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) sinfo 2>&1 || true ;;
  *) echo "usage: $0 start|stop|status" >&2; exit 2 ;;
esac
