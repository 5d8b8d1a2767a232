# The portable tarball Scripts/package --portable wrote for this checkout's version, sourced by
# the scripts that use it (Scripts/portable/oci, Scripts/portable/check, Scripts/check-hooks,
# Scripts/bench).

# This checkout's version, as `reelshare --version` gives it (Sources/ReelShareCLI/Help.swift).
reelshare_version() {
    sed -n 's/^ *static let version = "\(.*\)"$/\1/p' Sources/ReelShareCLI/Help.swift
}

# dist/'s tarball of this version; nothing (and status 1) when there is none: never an older one.
portable_tarball() {
    local tarball
    tarball=dist/reelshare-$(reelshare_version)-x86_64-linux.tar.gz
    [[ -f $tarball ]] || return 1
    echo "$tarball"
}
