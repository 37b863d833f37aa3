#!/bin/sh
# The loop-jitter harness from the command line, with the JVM choices that are not the harness's own:
#
#   benchmarks/jitter.sh [--gc g1|parallel|zgc|shenandoah|serial] [--pretouch] [--heap SIZE] [harness options]
#
# e.g. benchmarks/jitter.sh --gc zgc --pretouch --seconds 60 --switch-storm 100 --fifo 80 --cpu 1
# Harness options: --rate HZ --seconds S --warmup S --idle sleep|sleep_then_spin|spin --robot kr6|fr3|dual_fr3
#   --switch-storm N --shell-storm N --alloc-mbps N --fifo PRIO --cpu LIST --bare-cpu LIST --mlock
# (java -cp benchmarks/target/benchmarks.jar org.robocell.benchmarks.jitter.JitterHarness --help lists them.)
# Builds benchmarks/target/benchmarks.jar first when it is missing (offline Maven: the other modules must be
# installed in ~/.m2, e.g. by mvn -B install -DskipTests once).
set -e
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
jar="$here/target/benchmarks.jar"
gc=""
heap="512m"
pretouch=""
while [ $# -gt 0 ]; do
    case "$1" in
        --gc)
            case "$2" in
                g1) gc="-XX:+UseG1GC" ;;
                parallel) gc="-XX:+UseParallelGC" ;;
                zgc) gc="-XX:+UseZGC" ;;
                shenandoah) gc="-XX:+UseShenandoahGC" ;;
                serial) gc="-XX:+UseSerialGC" ;;
                *) echo "unknown GC '$2': g1, parallel, zgc, shenandoah or serial" >&2; exit 2 ;;
            esac
            shift 2 ;;
        --pretouch) pretouch="-XX:+AlwaysPreTouch"; shift ;;
        --heap) heap="$2"; shift 2 ;;
        *) break ;;
    esac
done
if [ ! -f "$jar" ]; then
    (cd "$root" && mvn -B -o -q -pl bundles/jitter install -DskipTests && mvn -B -o -q -pl benchmarks package)
fi
echo "machine: $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg), JVM options: -Xms$heap -Xmx$heap $gc $pretouch"
exec java -Xms"$heap" -Xmx"$heap" $gc $pretouch -cp "$jar" org.robocell.benchmarks.jitter.JitterHarness "$@"
