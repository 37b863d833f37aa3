#!/bin/sh
# N robots of 7 joints (mock FR3: broadcaster + trajectory controller) at 1 kHz in one JVM, and a table of each
# robot's p50/p99 wake-up lateness next to one robot's alone in the same run:
#   benchmarks/robots.sh N [--scheduling thread-per-robot|shared] [--idle sleep|sleep_then_spin|spin] [--seconds S]
# e.g. benchmarks/robots.sh 16 --scheduling shared
# The jar: mvn -B -o -DskipTests package -pl benchmarks -am
set -e
here=$(cd "$(dirname "$0")" && pwd)
jar="$here/target/benchmarks.jar"
[ -f "$jar" ] || { echo "build first: mvn -B -o -DskipTests package -pl benchmarks -am" >&2; exit 1; }
echo "machine: $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)"
exec java -Xms512m -Xmx512m -cp "$jar" org.robocell.benchmarks.jitter.RobotsHarness "$@"
