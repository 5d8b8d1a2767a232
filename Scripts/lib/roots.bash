# Scripts/lib/roots.bash: the Debian roots of other releases, as Scripts/compat makes and uses them
# and Scripts/package reads what was built there; sourced by both, so neither knows the other's
# layout. Roots are cached outside the checkout in $REELSHARE_ROOTS (default
# /var/cache/reelshare/roots): SUITE for building and testing, SUITE-clean for trying a package.

roots_dir() { echo "${REELSHARE_ROOTS:-/var/cache/reelshare/roots}"; }

# root_path SUITE [clean]: the root of SUITE (its clean twin with "clean").
root_path() {
    local name=$1
    [[ ${2:-} == clean ]] && name=$1-clean
    echo "$(roots_dir)/$name"
}

# root_checkout SUITE: where the root of SUITE holds its copy of the checkout (and, in its dist/,
# the packages Scripts/package made there).
root_checkout() { echo "$(root_path "$1")/build/reelshare"; }

# The Debian archive this machine's apt reads: the URI that serves its own release's suite (or
# SUITE's: `debian_mirror bookworm-security` for the security archive).
debian_mirror() {
    local codename=${1:-}
    [[ -n $codename ]] || codename=$(host_release)
    local files=(/etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources)
    python3 - "$codename" "${files[@]}" <<'PY'
import os, sys
codename, files = sys.argv[1], sys.argv[2:]
found = []
for path in files:
    if not os.path.exists(path):
        continue
    text = open(path).read()
    if path.endswith(".sources"):
        for stanza in text.split("\n\n"):
            fields = {}
            for line in stanza.splitlines():
                if ":" in line and not line.startswith((" ", "#")):
                    key, value = line.split(":", 1)
                    fields[key.strip().lower()] = value.split()
            if "deb" in fields.get("types", []) and codename in fields.get("suites", []):
                found += [u for u in fields.get("uris", []) if "main" in fields.get("components", [])]
    else:
        for line in text.splitlines():
            words = [w for w in line.split() if not w.startswith("[")] if not line.lstrip().startswith("#") else []
            if len(words) >= 4 and words[0] == "deb" and words[2] == codename and "main" in words[3:]:
                found.append(words[1])
if not found:
    sys.exit("roots: no Debian mirror for '%s' in this machine's apt sources" % codename)
print(found[0].rstrip("/"))
PY
}

# This machine's Debian release, by its codename (bookworm, trixie...), read from /etc/os-release.
host_release() {
    local codename
    codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
    [[ -n $codename ]] || { echo "roots: no VERSION_CODENAME in /etc/os-release" >&2; return 1; }
    echo "$codename"
}

# The Swift toolchain's prefix (the directory whose usr/bin holds swift), from the compiler's own
# report of its runtime resource path (PREFIX/usr/lib/swift). A toolchain installed in /usr itself
# cannot be bind-mounted alone, and is refused.
toolchain_prefix() {
    local resource
    resource=$(swift -print-target-info 2>/dev/null |
        python3 -c 'import json, sys; print(json.load(sys.stdin)["paths"]["runtimeResourcePath"])') ||
        { echo "roots: no Swift toolchain on PATH (swift -print-target-info failed)" >&2; return 1; }
    local prefix=${resource%/usr/lib/swift}
    if [[ $prefix == "$resource" || -z $prefix || ! -x $prefix/usr/bin/swift ]]; then
        echo "roots: the Swift toolchain's resources are at $resource, not under PREFIX/usr/lib/swift of a toolchain of its own (swift.org's, in /opt or the like): it cannot be mounted into a root" >&2
        return 1
    fi
    echo "$prefix"
}
