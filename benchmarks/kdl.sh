#!/usr/bin/env bash
# RoboCell next to Orocos KDL on the FR3 chain base -> link8, in one run: writes the chain RoboCell parsed from the
# URDF, compiles benchmarks/kdl/kdl_timing.cpp against the installed KDL (g++ -O3 -march=native), checks that both
# compute the same tip pose, RNEA torques, mass matrix and forward dynamics to 1e-9, times KDL, then the matching
# KinematicsBenchmark methods in JMH, and prints operation, KDL median ns, RoboCell median ns, ratio.
#   benchmarks/kdl.sh        (needs benchmarks/target/benchmarks.jar: mvn -B -o -DskipTests package -pl benchmarks -am)
# Without KDL (Debian: apt-get install liborocos-kdl-dev) or g++ it says so and exits 0.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! pkg-config --exists orocos-kdl 2>/dev/null && [ ! -f /usr/include/kdl/chain.hpp ]; then
  echo "KDL is not installed (liborocos-kdl-dev, pkg-config orocos-kdl): skipping the KDL comparison"
  exit 0
fi
if ! command -v g++ >/dev/null; then
  echo "g++ is not installed: skipping the KDL comparison"
  exit 0
fi
jar=${BENCHMARKS_JAR:-benchmarks/target/benchmarks.jar}
[ -f "$jar" ] || { echo "build first: mvn -B -o -DskipTests package -pl benchmarks -am" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cflags=$(pkg-config --cflags orocos-kdl 2>/dev/null || echo -I/usr/include/eigen3)
libs=$(pkg-config --libs orocos-kdl 2>/dev/null || echo -lorocos-kdl)
# shellcheck disable=SC2086
g++ -O3 -march=native -std=c++17 $cflags benchmarks/kdl/kdl_timing.cpp -o "$work/kdl_timing" $libs
java -cp "$jar" org.robocell.benchmarks.KdlComparison chain "$work/chain.txt"
echo "machine: nproc $(nproc), load average $(cut -d' ' -f1-3 /proc/loadavg), $(java -version 2>&1 | head -n 1)"
echo "KDL $(pkg-config --modversion orocos-kdl 2>/dev/null || echo '(version unknown)'), $(g++ --version | head -n 1), -O3 -march=native"
echo "timing KDL (3 + 5 iterations of 1 s per operation) ..."
"$work/kdl_timing" "$work/chain.txt" > "$work/kdl.txt"
java -cp "$jar" org.robocell.benchmarks.KdlComparison compare "$work/chain.txt" "$work/kdl.txt"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
