#!/usr/bin/env bash
# Records the exported API of a released version as the baseline the build compares against.
#   cnf/baseline/make-baseline.sh COMMIT VERSION     e.g. make-baseline.sh 7c9a5be 0.1.0
# Builds COMMIT with its poms set to VERSION in a temporary worktree, then keeps, for every bundle that exports
# packages, its manifest and exported classes under cnf/baseline/repo (a Maven repository layout).
set -euo pipefail
commit=$1 version=$2
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'git -C "$root" worktree remove --force "$work/src" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
git -C "$root" worktree add -q --detach "$work/src" "$commit"
cd "$work/src"
snapshot=$(sed -n 's:.*<version>\(.*-SNAPSHOT\)</version>.*:\1:p' pom.xml | head -n 1)
grep -rl -- "$snapshot" --include=pom.xml . | xargs sed -i "s/$snapshot/$version/g"
mvn -B -ntp -q -DskipTests -Dbnd.baseline.skip=true package
for jar in $(find . -path '*/target/*' -name "*-$version.jar" -not -path './runtime/*' -not -path './itests/*'); do
  artifact=$(basename "$jar" "-$version.jar")
  # the EJML wrapper exports EJML's packages at EJML's versions: not our API
  [ "$artifact" = org.robocell.ejml ] && continue
  out="$root/cnf/baseline/repo/org/robocell/$artifact/$version"
  mkdir -p "$out"
  if python3 "$root/cnf/baseline/strip.py" "$jar" "$out/$artifact-$version.jar" 2>/dev/null; then
    printf '<project><modelVersion>4.0.0</modelVersion><groupId>org.robocell</groupId><artifactId>%s</artifactId><version>%s</version></project>\n' \
      "$artifact" "$version" > "$out/$artifact-$version.pom"
    echo "baseline $artifact $version"
  else
    rm -rf "$(dirname "$out")"
  fi
done
# version ranges are resolved from maven-metadata.xml: list every recorded version of each artifact
for dir in "$root"/cnf/baseline/repo/org/robocell/*/; do
  artifact=$(basename "$dir")
  versions=$(ls "$dir" | grep -v maven-metadata | sort -V)
  {
    printf '<metadata><groupId>org.robocell</groupId><artifactId>%s</artifactId><versioning>\n' "$artifact"
    printf '  <release>%s</release>\n  <versions>\n' "$(echo "$versions" | tail -n 1)"
    for v in $versions; do printf '    <version>%s</version>\n' "$v"; done
    printf '  </versions>\n</versioning></metadata>\n'
  } > "$dir/maven-metadata.xml"
done
# checksums, so that Maven can verify what it copies from the folder
find "$root/cnf/baseline/repo" -type f \( -name '*.jar' -o -name '*.pom' -o -name 'maven-metadata.xml' \) | while read -r f; do
  sha1sum "$f" | cut -d' ' -f1 > "$f.sha1"
done
