#!/usr/bin/env bash
# System packages kbroker needs beyond its Python packages, installed with apt only when missing,
# so it is quiet and quick when there is nothing to do. Run by `make install`.
#   - a Java runtime for Spark (make jobs and the Spark tests): openjdk-17-jre-headless
#   - ZooKeeper for cluster mode (make cluster and the cluster tests): Debian's zookeeper package
#     (jars in /usr/share/java; kbroker starts the server itself, the package's service is not used)
#   - headless Chromium for the screenshot test of the report and monitor pages: Debian's chromium
#   - iproute2 (ip, tc) and nftables (nft) for the network-fault tests (tests/netfaults/), which put
#     ZooKeeper and each broker in a network namespace of their own and cut links with nft rules;
#     iptables for their fixed latency (its NFQUEUE target hands packets to tests/netfaults/delayer.py)
set -euo pipefail

packages=()
if command -v java >/dev/null 2>&1; then
    version=$(java -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -n1)
    if [ -n "$version" ] && [ "$version" -lt 17 ]; then
        echo "install_system_deps: java $version found; Spark 4 needs Java 17 or newer (openjdk-17-jre-headless)" >&2
    fi
else
    packages+=(openjdk-17-jre-headless)
fi
if [ ! -f /usr/share/java/zookeeper.jar ]; then
    packages+=(zookeeper)
fi
if ! command -v chromium >/dev/null 2>&1 && ! command -v chromium-browser >/dev/null 2>&1; then
    packages+=(chromium)
fi
if ! command -v ip >/dev/null 2>&1 || ! command -v tc >/dev/null 2>&1; then
    packages+=(iproute2)
fi
if ! command -v nft >/dev/null 2>&1; then
    packages+=(nftables)
fi
if ! command -v iptables >/dev/null 2>&1; then
    packages+=(iptables)
fi
if [ ${#packages[@]} -eq 0 ]; then
    exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
    echo "install_system_deps: missing ${packages[*]} and there is no apt-get: install them yourself" >&2
    exit 1
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
        SUDO="sudo"
    else
        echo "install_system_deps: missing ${packages[*]}; run as root to install them" >&2
        exit 1
    fi
fi

echo "install_system_deps: installing ${packages[*]} (Java for Spark, ZooKeeper for cluster mode, Chromium for page screenshots, iproute2, nftables and iptables for the network-fault tests)"
export DEBIAN_FRONTEND=noninteractive
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! { $SUDO apt-get update -qq && $SUDO apt-get install -y -qq --no-install-recommends "${packages[@]}"; } >"$log" 2>&1; then
    cat "$log" >&2
    echo "install_system_deps: apt-get failed to install ${packages[*]}" >&2
    exit 1
fi
if command -v java >/dev/null 2>&1; then
    java -version 2>&1 | head -n1
else
    echo "install_system_deps: installed, but java is not on PATH" >&2
fi
