#!/usr/bin/env bash
# Prints, one per line, the JVM options that give `java -jar JAR` a class-data sharing archive (AppCDS, JDK 13+ dynamic archive):
# the classes of the framework and of every bundle, parsed, verified and laid out once, mapped on the next starts.
#   runtime/class-data-sharing.sh JAR [runtime arguments...]
# One archive per runtime jar and JDK, in the folder cds/ beside the jar (ROBOCELL_CDS_DIR overrides), named by a
# checksum of the JDK (the java binary's real path and its release file) and of the jar (size and modification time):
# a rebuilt jar or another JDK gets an archive of its own, never one it cannot use.
#   - the archive is there, starts like one and a trial JVM mapped it once:  -XX:SharedArchiveFile=ARCHIVE (an
#     archive the JVM still refuses is skipped without a message and the start goes on)
#   - it is missing, is not an archive, or the trial failed:  -XX:ArchiveClassesAtExit=ARCHIVE (this start runs
#     without one and writes it when the JVM exits; a bad file is deleted first)
#   - ROBOCELL_CDS=off, --help / -h, or a JVM that cannot say where it lives: nothing (a start that answers --help
#     loads too few classes to be worth archiving)
# Nothing here can stop the runtime from starting: every failure prints no option.
set -uo pipefail
jar=${1:?usage: class-data-sharing.sh JAR [runtime arguments...]}
shift
# on by default: with nothing left waiting in a start it shortens one by 8-11 % (BENCHMARKS.md, cold start)
[ "${ROBOCELL_CDS:-on}" = on ] || exit 0
for arg in "$@"; do
  case "$arg" in --help|-h) exit 0 ;; esac
done
[ -f "$jar" ] || exit 0
java_bin=$(readlink -f "$(command -v "${JAVA:-java}" 2>/dev/null)" 2>/dev/null) || exit 0
[ -n "$java_bin" ] || exit 0
java_home=$(dirname "$(dirname "$java_bin")")
jdk_key="$java_bin $(cat "$java_home/release" 2>/dev/null | cksum)"
jar_key=$(stat -c '%s %Y' "$jar" 2>/dev/null) || exit 0
key=$(printf '%s\n%s\n' "$jdk_key" "$jar_key" | cksum | cut -d' ' -f1)
dir=${ROBOCELL_CDS_DIR:-$(dirname "$jar")/cds}
mkdir -p "$dir" 2>/dev/null || exit 0
archive="$dir/robocell-$key.jsa"

quiet=(-Xlog:cds=off -Xlog:cds+dynamic=off) # a refused archive is not worth a line on the user's console

# A dynamic archive starts with the magic 0xf00baba8 (HotSpot cds.h CDS_DYNAMIC_ARCHIVE_MAGIC), little-endian.
if [ -f "$archive" ] && [ "$(od -An -tx1 -N4 "$archive" 2>/dev/null | tr -d ' \n')" != a8ab0bf0 ]; then
  rm -f "$archive" "$archive.ok" 2>/dev/null
fi
# Before its first use, one trial JVM maps the archive with this jar's class path: JDK 17 dies of SIGBUS on an
# archive whose header is whole and whose body is cut short (a copy that ran out of disk, a truncated file); JDK 25
# skips it. An archive that passed is marked (.ok: its size and time) and not tried again while it stays as it was.
if [ -f "$archive" ] && [ "$(cat "$archive.ok" 2>/dev/null)" != "$(stat -c '%s %Y' "$archive" 2>/dev/null)" ]; then
  if { "$java_bin" "-XX:SharedArchiveFile=$archive" -Xshare:auto "${quiet[@]}" -XX:ErrorFile=/dev/null -cp "$jar" \
      -version; } >/dev/null 2>&1; then
    stat -c '%s %Y' "$archive" > "$archive.ok" 2>/dev/null
  else
    rm -f "$archive" 2>/dev/null
  fi
fi
if [ -f "$archive" ]; then
  printf '%s\n' "-XX:SharedArchiveFile=$archive" -Xshare:auto "${quiet[@]}"
else
  rm -f "$archive.ok" 2>/dev/null
  # older archives of this jar's folder (other keys) are left alone: another JDK may still use them
  [ -w "$dir" ] && printf '%s\n' "-XX:ArchiveClassesAtExit=$archive" "${quiet[@]}"
fi
exit 0
