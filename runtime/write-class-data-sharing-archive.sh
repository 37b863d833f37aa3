#!/usr/bin/env bash
# Writes the class-data sharing archive of a runtime jar for one JDK, as part of the build (runtime/pom.xml, package
# phase), so that the first start after a build maps it instead of writing it:
#   runtime/write-class-data-sharing-archive.sh JAR        JAVA=/path/to/bin/java for another JDK than `java`
# One training start of the default cell (both robots running with their controllers, then exit) in a scratch
# folder, with the options class-data-sharing.sh names: the archive lands where ./robocell looks for it (cds/ beside
# the jar, ROBOCELL_CDS_DIR overrides), keyed by this JDK and this jar. A start with another JDK writes its own.
# Nothing here fails the build: without an archive the runtime starts as before and its first start writes one.
set -uo pipefail
jar=${1:?usage: write-class-data-sharing-archive.sh JAR}
here=$(cd "$(dirname "$0")" && pwd)
mapfile -t options < <("$here/class-data-sharing.sh" "$jar")
case "${options[0]:-}" in
  -XX:SharedArchiveFile=*) echo "class-data sharing archive already written: ${options[0]#*=}"; exit 0 ;;
  -XX:ArchiveClassesAtExit=*) ;;
  *) echo "no class-data sharing archive (ROBOCELL_CDS=off or no usable java)"; exit 0 ;;
esac
archive=${options[0]#*=}
# an archive older than the jar belongs to an earlier build of it (each is written after its jar): of no use now
find "$(dirname "$archive")" -maxdepth 1 \( -name 'robocell-*.jsa' -o -name 'robocell-*.jsa.ok' \) ! -newer "$jar" \
  -delete 2>/dev/null
work=$(mktemp -d) || exit 0
trap 'rm -rf "$work"' EXIT
# the default cell is runtime/cell of the working folder: the scratch folder's runtime/ is this one, so the training
# start loads the drivers and controllers a start of the default cell does; its state/ and deploy/ stay in scratch
ln -s "$here" "$work/runtime"
printf 'robots\n' > "$work/train.gosh"
jar_path=$(cd "$(dirname "$jar")" && pwd)/$(basename "$jar")
if (cd "$work" && timeout 120 "${JAVA:-java}" "${options[@]}" -jar "$jar_path" --script train.gosh) > "$work/train.log" 2>&1 \
    && [ -s "$archive" ]; then
  echo "class-data sharing archive written: $archive"
else
  rm -f "$archive"
  echo "WARNING: no class-data sharing archive written (the first start writes one); the training start said:"
  tail -n 20 "$work/train.log"
fi
exit 0
