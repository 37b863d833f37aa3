#!/usr/bin/env python3
"""Writes a baseline jar: the manifest and the classes of the exported packages of a bundle, nothing else.

bnd's baseliner compares exported packages only; keeping just those keeps the committed baselines small.
Usage: strip.py BUNDLE.jar OUT.jar
"""
import re
import sys
import zipfile


def exported_packages(manifest: str) -> list[str]:
    text = re.sub(r"\r?\n ", "", manifest)
    for line in text.splitlines():
        if line.startswith("Export-Package:"):
            value = line.split(":", 1)[1].strip()
            clauses, depth, current = [], False, ""
            for ch in value:
                if ch == '"':
                    depth = not depth
                if ch == "," and not depth:
                    clauses.append(current)
                    current = ""
                else:
                    current += ch
            clauses.append(current)
            return [c.split(";", 1)[0].strip() for c in clauses if c.strip()]
    return []


def main(source: str, target: str) -> None:
    with zipfile.ZipFile(source) as jar:
        manifest = jar.read("META-INF/MANIFEST.MF").decode("utf-8")
        dirs = [p.replace(".", "/") + "/" for p in exported_packages(manifest)]
        if not dirs:
            sys.exit(f"{source}: exports no package; nothing to baseline")
        with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
            out.writestr("META-INF/MANIFEST.MF", manifest)
            for entry in jar.infolist():
                name = entry.filename
                if any(name.startswith(d) and "/" not in name[len(d):] for d in dirs) and not name.endswith("/"):
                    out.writestr(name, jar.read(name))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
