#!/usr/bin/env bash
# Cold start of the runtime, measured N times (default 9): JVM start to a ready shell (reported by the shell's
# `startup` command) and the wall time of a whole start + one command + clean stop. Prints the medians.
#   benchmarks/startup.sh [runs]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-9}
jar=runtime/target/robocell.jar
[ -f "$jar" ] || { echo "build first: mvn -B -DskipTests install" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo startup > "$work/startup.gosh"
ready=(); wall=()
for i in $(seq "$runs"); do
  start=$(date +%s%N)
  out=$(cd "$work" && java -jar "$OLDPWD/$jar" --script startup.gosh 2>&1)
  end=$(date +%s%N)
  ms=$(sed -n 's/.*shell ready \([0-9]*\) ms.*/\1/p' <<<"$out")
  [ -n "$ms" ] || { echo "no startup figure in: $out" >&2; exit 1; }
  ready+=("$ms"); wall+=($(( (end - start) / 1000000 )))
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
echo "runs: $runs   java: $(java -version 2>&1 | head -n 1)"
echo "JVM start -> shell ready: median $(median "${ready[@]}") ms   (all: ${ready[*]})"
echo "start + command + stop (wall): median $(median "${wall[@]}") ms   (all: ${wall[*]})"
