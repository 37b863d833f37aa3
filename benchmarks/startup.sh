#!/usr/bin/env bash
# Cold start of the runtime, N times each (default 9) without and with the class-data sharing archive
# (runtime/class-data-sharing.sh, as ./robocell starts it), alternating the two so both see the same load:
#   ready  launching `java -jar robocell.jar --script` → the `robots` command lists the default cell's two robots
#          running (it waits until every configured robot is up with its controllers); stamped on the output stream
#   shell  JVM start → the shell takes the main thread (the shell's `startup` command, every bundle started)
#   wall   the whole run: start, `robots`, `startup` and a clean stop
#   cpu    user + system CPU time of the whole run (/usr/bin/time; less sensitive to other processes than wall time)
# Prints the medians and every figure, with the load average before and after.
#   benchmarks/startup.sh [runs]          JAVA=/path/to/bin/java benchmarks/startup.sh 5   (another JDK)
#   BASELINE=/path/to/other/robocell.jar benchmarks/startup.sh 5   also starts that jar in each round, plain and with
#          its own archive, as "before" and "b-cds": a change measured side by side with the build it changes (e.g.
#          from a git worktree of HEAD~1)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-9}
java=${JAVA:-java}
jar=$PWD/runtime/target/robocell.jar
[ -f "$jar" ] || { echo "build first: mvn -B -DskipTests package -pl runtime -am" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf 'robots\nstartup\n' > "$work/ready.gosh"
export ROBOCELL_CDS_DIR=$work/cds ROBOCELL_CDS=on  # whatever the caller set: "cds" rounds need the archive

timer=()
[ -x /usr/bin/time ] && timer=(/usr/bin/time -f '%U %S' -o "$work/cpu")

# one start; sets ready_ms, shell_ms, wall_ms, cpu_ms
start_once() {
  local t0 t line ready="" out=""
  t0=$EPOCHREALTIME
  while IFS= read -r line; do
    t=$EPOCHREALTIME
    out+="$line"$'\n'
    [[ -z $ready && $line == ROBOT* ]] && ready=$t
  done < <(cd "$work" && exec "${timer[@]}" "$java" "$@" -jar "${jar_of_run:-$jar}" --script ready.gosh 2>&1)
  wait $! 2>/dev/null || true
  t=$EPOCHREALTIME
  grep -Eq '^fr3 .* yes ' <<<"$out" && grep -Eq '^kr6 .* yes ' <<<"$out" \
    || { echo "the two robots are not both running in: $out" >&2; exit 1; }
  shell_ms=$(sed -n 's/.*shell ready \([0-9]*\) ms.*/\1/p' <<<"$out")
  [ -n "$shell_ms" ] || { echo "no startup figure in: $out" >&2; exit 1; }
  ready_ms=$(micros_between "$t0" "$ready")
  wall_ms=$(micros_between "$t0" "$t")
  cpu_ms=$(awk 'END {printf "%d", ($1 + $2) * 1000}' "$work/cpu" 2>/dev/null || echo n/a)
}
micros_between() { echo $(( (${2/./} - ${1/./}) / 1000 )); }
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
mapfile -t write < <(JAVA=$java runtime/class-data-sharing.sh "$jar")
[[ ${write[0]:-} == -XX:ArchiveClassesAtExit=* ]] || { echo "class-data-sharing.sh offers no archive: ${write[*]:-}" >&2; exit 1; }
start_once "${write[@]}"   # writes the archive, not counted
mapfile -t use < <(JAVA=$java runtime/class-data-sharing.sh "$jar")
[[ ${use[0]:-} == -XX:SharedArchiveFile=* ]] || { echo "no archive was written: ${use[*]:-}" >&2; exit 1; }

modes=(plain cds)
if [ -n "${BASELINE:-}" ]; then
  [ -f "$BASELINE" ] || { echo "BASELINE=$BASELINE is no file" >&2; exit 1; }
  mapfile -t write < <(JAVA=$java runtime/class-data-sharing.sh "$BASELINE")
  jar_of_run=$BASELINE start_once "${write[@]}"   # the baseline's own archive, not counted
  mapfile -t use_before < <(JAVA=$java runtime/class-data-sharing.sh "$BASELINE")
  [[ ${use_before[0]:-} == -XX:SharedArchiveFile=* ]] || { echo "no archive for $BASELINE: ${use_before[*]:-}" >&2; exit 1; }
  modes=(before b-cds plain cds)
fi
declare -A ready shell wall cpu
for i in $(seq "$runs"); do
  for mode in "${modes[@]}"; do
    case $mode in
      cds) start_once "${use[@]}" ;;
      before) jar_of_run=$BASELINE start_once ;;
      b-cds) jar_of_run=$BASELINE start_once "${use_before[@]}" ;;
      *) start_once ;;
    esac
    ready[$mode]+="$ready_ms "; shell[$mode]+="$shell_ms "; wall[$mode]+="$wall_ms "; cpu[$mode]+="$cpu_ms "
  done
done
echo "runs: $runs each, alternating   java: $("$java" -version 2>&1 | head -n 1)   nproc: $(nproc)"
echo "load average before: $load_before   after: $(cut -d' ' -f1-3 /proc/loadavg)"
for mode in "${modes[@]}"; do
  # shellcheck disable=SC2086
  printf '%-6s  launch -> robots running: median %5s ms   JVM start -> shell: median %5s ms   wall: median %5s ms   cpu: median %5s ms\n' \
    "$mode" "$(median ${ready[$mode]})" "$(median ${shell[$mode]})" "$(median ${wall[$mode]})" "$(median ${cpu[$mode]})"
done
for mode in "${modes[@]}"; do
  echo "$mode all (ready / shell / wall / cpu): ${ready[$mode]}/ ${shell[$mode]}/ ${wall[$mode]}/ ${cpu[$mode]}"
done
