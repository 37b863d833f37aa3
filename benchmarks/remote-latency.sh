#!/usr/bin/env bash
# Remote shell latency: the wall time of one-shot commands over SSH (OpenSSH's ssh, one multiplexed connection, so
# each command is one new channel: open, exec, output, exit status, close), N times (default 50); prints the
# medians. The baseline is ssh -O check over the same connection: starting the ssh client, no channel.
#   benchmarks/remote-latency.sh [runs] [command]        (ROBOCELL_JAR=other.jar to measure another build)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-50}
command=${2:-echo hi}
jar=${ROBOCELL_JAR:-$PWD/runtime/target/robocell.jar}   # ROBOCELL_JAR: compare another build
[ -f "$jar" ] || { echo "build first: mvn -B -ntp -DskipTests package -pl runtime -am" >&2; exit 1; }
work=$(mktemp -d)
pid=
cleanup() {
  ssh -S "$work/ctl" -O exit x 2>/dev/null || true
  [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
mkdir -p "$work/deploy" "$work/etc"
chmod 700 "$work/etc"
ssh-keygen -q -t ed25519 -N '' -f "$work/id" >/dev/null
cp "$work/id.pub" "$work/etc/authorized_keys"
chmod 600 "$work/etc/authorized_keys"
printf 'enabled=true\nport=0\n' > "$work/deploy/org.robocell.remote.ssh.cfg"
# enableConfigSave=false: FileInstall would rewrite the .cfg in place while it reads it
(cd "$work" && exec java -Dfelix.fileinstall.enableConfigSave=false -jar "$jar" --headless > run.log 2>&1) &
pid=$!
port=
for _ in $(seq 600); do
  port=$(sed -n 's/.*SSH server listening on [^ ]*:\([0-9]*\) .*/\1/p' "$work/run.log")
  [ -n "$port" ] && break
  sleep 0.1
done
[ -n "$port" ] || { echo "the SSH server did not start:" >&2; cat "$work/run.log" >&2; exit 1; }
ssh_opts=(-q -i "$work/id" -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o BatchMode=yes -p "$port")
ssh "${ssh_opts[@]}" -fN -M -S "$work/ctl" operator@127.0.0.1
one() {
  ssh -S "$work/ctl" "${ssh_opts[@]}" operator@127.0.0.1 "$command" > /dev/null \
    || { echo "ssh failed ($?); the cell's log ends:" >&2; tail -n 5 "$work/run.log" >&2; exit 1; }
}
one   # warm up
ms() { echo $(( ($2 - $1) / 1000 )); }
shell=(); base=()
for _ in $(seq "$runs"); do
  t0=$(date +%s%N)
  one
  t1=$(date +%s%N)
  ssh -S "$work/ctl" -O check x 2> /dev/null
  t2=$(date +%s%N)
  shell+=("$(ms "$t0" "$t1")"); base+=("$(ms "$t1" "$t2")")
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
echo "runs: $runs   command: $command   java: $(java -version 2>&1 | sed -n 1p)"
echo "one-shot command over ssh: median $(median "${shell[@]}") us   (min $(printf "%s\n" "${shell[@]}" | sort -n | sed -n 1p))"
echo "baseline (ssh -O check):   median $(median "${base[@]}") us"
