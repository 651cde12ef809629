#!/usr/bin/env bash
# make compose-test: the repository's docker-compose.yml for real. Installs what it needs if missing
# (docker.io, docker-compose, debootstrap: apt), starts a Docker daemon only if none answers (and
# stops only what it started), builds the images, brings the cluster up, runs the client scenario
# (tools/compose_scenario.py: produce, a 3-member group, `docker kill` of a broker, its restart;
# then broker-4 of the `scale` profile and half a topic moved onto it under a throttle),
# then `down -v` and checks that nothing is left. A trap stops everything it started, also when a
# step fails; a failing step prints one line naming what was tried, logs are kept in $WORK.
#
# Images, when Docker Hub cannot be reached (no internet here, only the Debian and PyPI mirrors):
#   - the broker's base: a Debian bookworm with python3 made by debootstrap from the mirror apt
#     uses, imported as kbroker-base:bookworm and passed as the Dockerfile's BASE_IMAGE argument
#     (with a registry it stays python:3.11-slim);
#   - ZooKeeper: docker/zookeeper/ (Debian's ZooKeeper and a headless Java on that base), tagged
#     kbroker-zookeeper:3.8 and passed as ZOOKEEPER_IMAGE (with a registry: zookeeper:3.8);
#   - pip inside the image installs only from wheels built here (docker/wheelhouse, --no-index).
#
# Knobs: DOCKERD_FLAGS (default --storage-driver=vfs, for a daemon started here),
#        COMPOSE_TEST_PROJECT (the compose project name, default kbroker-compose-test).
set -uo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
PY="$ROOT/.venv/bin/python"
PROJECT=${COMPOSE_TEST_PROJECT:-kbroker-compose-test}
DOCKERD_FLAGS=${DOCKERD_FLAGS:---storage-driver=vfs}
LOCAL_BASE=kbroker-base:bookworm
LOCAL_ZOOKEEPER=kbroker-zookeeper:3.8
PORTS=(19092 19093 19094 19095)  # the brokers' EXTERNAL listeners, published on the host (19095: broker-4)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/kbroker-compose-test.XXXXXX")

DOCKERD_PID=""
UP=0
SUDO=""
[ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1 && SUDO="sudo"
COMPOSE=()
declare -A TIMES=()
T_START=$(date +%s%N)

say() { printf 'compose-test: [%5ds] %s\n' "$(( ($(date +%s%N) - T_START) / 1000000000 ))" "$*"; }
die() { printf 'compose-test: FAILED: %s\n' "$*" >&2; exit 1; }
ms_since() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }
secs() { printf '%d.%01ds' $(($1 / 1000)) $((($1 % 1000) / 100)); }
compose() { "${COMPOSE[@]}" -p "$PROJECT" -f "$ROOT/docker-compose.yml" "$@"; }
# down and logs with the `scale` profile: broker-4 (started by the scenario's step 3) included.
scaled() { compose --profile scale "$@"; }

cleanup() {
    local rc=$?
    trap - EXIT INT TERM
    if [ "$UP" = 1 ]; then
        scaled logs --no-color >"$WORK/cluster.log" 2>&1 || true
        say "stopping the cluster (docker-compose down -v)"
        scaled down -v --remove-orphans -t 10 >>"$WORK/down.log" 2>&1 || true
    fi
    if [ -n "$DOCKERD_PID" ] && kill -0 "$DOCKERD_PID" 2>/dev/null; then
        say "stopping the Docker daemon this run started (pid $DOCKERD_PID)"
        $SUDO kill -TERM "$DOCKERD_PID" 2>/dev/null
        for _ in $(seq 1 300); do kill -0 "$DOCKERD_PID" 2>/dev/null || break; sleep 0.1; done
        if kill -0 "$DOCKERD_PID" 2>/dev/null; then $SUDO kill -KILL "$DOCKERD_PID" 2>/dev/null; fi
    fi
    $SUDO rm -rf "$WORK/rootfs"  # a debootstrap cut short
    if [ "$rc" -eq 0 ]; then
        rm -rf "$WORK"
    else
        echo "compose-test: logs kept in $WORK" >&2
    fi
    exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# --- tools -----------------------------------------------------------------------------------
apt_install() {
    command -v apt-get >/dev/null 2>&1 || die "missing $*, and there is no apt-get to install them"
    if [ "$(id -u)" -ne 0 ] && [ -z "$SUDO" ]; then die "missing $*: run as root (or with sudo) to install them"; fi
    say "installing $* (apt)"
    if ! { DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "$@" ||
           { $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq \
               --no-install-recommends "$@"; }; } >"$WORK/apt.log" 2>&1; then
        die "apt-get install $* failed: $(grep -E '^E:' "$WORK/apt.log" | tail -n1) (log: $WORK/apt.log)"
    fi
}

[ -x "$PY" ] || die "no virtualenv at $PY: run make install first"
missing=()
command -v dockerd >/dev/null 2>&1 || missing+=(docker.io)
if docker compose version >/dev/null 2>&1; then
    COMPOSE=(docker compose)
elif command -v docker-compose >/dev/null 2>&1; then
    COMPOSE=(docker-compose)
else
    missing+=(docker-compose)
fi
[ ${#missing[@]} -eq 0 ] || apt_install "${missing[@]}"
command -v docker >/dev/null 2>&1 || die "docker.io is installed but there is no docker command on PATH"
[ ${#COMPOSE[@]} -gt 0 ] || COMPOSE=(docker-compose)

# --- the daemon ------------------------------------------------------------------------------
if docker info >/dev/null 2>&1; then
    say "using the Docker daemon that already answers ($(docker version -f '{{.Server.Version}}' 2>/dev/null))"
else
    if [ "$(id -u)" -ne 0 ] && [ -z "$SUDO" ]; then
        die "no Docker daemon answers and starting dockerd needs root (tried: docker info)"
    fi
    say "no Docker daemon answers: starting dockerd $DOCKERD_FLAGS (log: $WORK/dockerd.log)"
    # shellcheck disable=SC2086  # DOCKERD_FLAGS is a list of flags
    $SUDO setsid dockerd $DOCKERD_FLAGS >"$WORK/dockerd.log" 2>&1 </dev/null &
    DOCKERD_PID=$!
    for _ in $(seq 1 600); do
        docker info >/dev/null 2>&1 && break
        kill -0 "$DOCKERD_PID" 2>/dev/null || break
        sleep 0.1
    done
    if ! docker info >/dev/null 2>&1; then
        why=$(grep -iE 'level=(fatal|error)|failed|error' "$WORK/dockerd.log" | tail -n1 | sed -E 's/.*msg="?([^"]*)"?.*/\1/')
        die "no Docker daemon answers and \`dockerd $DOCKERD_FLAGS\` did not start: ${why:-no answer within 60s} (log: $WORK/dockerd.log)"
    fi
    say "dockerd $(docker version -f '{{.Server.Version}}') started (pid $DOCKERD_PID)"
fi
COMPOSE_VERSION=$("${COMPOSE[@]}" version --short 2>/dev/null || "${COMPOSE[@]}" version | head -n1)
say "compose: ${COMPOSE[*]} $COMPOSE_VERSION"

# What an earlier run that was killed may have left (same project name), then the host's ports.
scaled down -v --remove-orphans -t 5 >"$WORK/predown.log" 2>&1 || true
for i in "${!PORTS[@]}"; do
    port=${PORTS[$i]}
    if ! "$PY" -c "import socket,sys; s=socket.socket(); s.bind(('0.0.0.0', $port))" 2>/dev/null; then
        holder=$(ss -Hltnp "sport = :$port" 2>/dev/null | grep -oE 'users:\(\("[^"]+",pid=[0-9]+' | head -n1 \
                 | sed -E 's/users:\(\("([^"]+)",pid=([0-9]+)/ by \1 (pid \2)/')
        die "port $port on this host is already in use${holder} (docker-compose.yml publishes broker-$((i + 1))'s EXTERNAL listener there): free it and run again"
    fi
done

# --- images ----------------------------------------------------------------------------------
T=$(date +%s%N)
pullable() {  # present, or pulled now
    docker image inspect "$1" >/dev/null 2>&1 && return 0
    timeout 120 docker pull -q "$1" >>"$WORK/pull.log" 2>&1
}
apt_mirror() {  # the Debian mirror apt uses here (deb822 .sources or a sources.list line)
    local m
    m=$(grep -hsE '^URIs:' /etc/apt/sources.list.d/*.sources | grep -v security | awk '{print $2}' | head -n1)
    [ -n "$m" ] || m=$(grep -hsE '^deb ' /etc/apt/sources.list /etc/apt/sources.list.d/*.list \
                        | grep -v security | awk '{print $2}' | grep -i debian | head -n1)
    echo "${m:-http://deb.debian.org/debian}"
}

if pullable python:3.11-slim; then
    BASE=python:3.11-slim
    say "base image: python:3.11-slim (from the registry)"
else
    BASE=$LOCAL_BASE
    if docker image inspect "$BASE" >/dev/null 2>&1; then
        say "base image: $BASE (made earlier by debootstrap; the registry is unreachable)"
    else
        command -v debootstrap >/dev/null 2>&1 || apt_install debootstrap
        mirror=$(apt_mirror)
        say "base image: the registry is unreachable; making $BASE with debootstrap from $mirror"
        rootfs="$WORK/rootfs"
        if ! $SUDO debootstrap --variant=minbase --include=python3,python3-venv bookworm "$rootfs" "$mirror" \
                >"$WORK/debootstrap.log" 2>&1; then
            die "debootstrap of bookworm from $mirror failed: $(grep -E '^E:' "$WORK/debootstrap.log" | tail -n1) (log: $WORK/debootstrap.log)"
        fi
        $SUDO rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/*.bin "$rootfs"/usr/share/doc/* \
            "$rootfs"/usr/share/man/* "$rootfs"/usr/share/locale/*
        $SUDO tar -C "$rootfs" -c . | docker import - "$BASE" >/dev/null || die "docker import of the debootstrap rootfs failed"
        $SUDO rm -rf "$rootfs"
    fi
fi
if pullable zookeeper:3.8; then
    ZOOKEEPER=zookeeper:3.8
    say "zookeeper image: zookeeper:3.8 (from the registry)"
else
    ZOOKEEPER=$LOCAL_ZOOKEEPER
    say "zookeeper image: building $ZOOKEEPER from Debian's packages (docker/zookeeper) on $BASE"
    if ! DOCKER_BUILDKIT=0 docker build -q --build-arg BASE_IMAGE="$BASE" -t "$ZOOKEEPER" docker/zookeeper \
            >"$WORK/zookeeper-build.log" 2>&1; then
        die "building $ZOOKEEPER failed: $(grep -vE '^\s*$|DEPRECATED|BuildKit|environment-variable' "$WORK/zookeeper-build.log" | tail -n1) (log: $WORK/zookeeper-build.log)"
    fi
fi

# pip builds kbroker in the image in an isolated environment: pyproject.toml's build requirements
# (setuptools, wheel, mypy) must be wheels there too, or `--no-index` finds nothing to build with.
# Only kbroker[cluster]'s requirements are wheeled here, not kbroker: the image builds it from its
# sources (pure Python), and a wheel of it on the host would compile it with mypyc for minutes.
mapfile -t BUILD_REQUIRES < <("$PY" -c 'import tomllib; print(*tomllib.load(open("pyproject.toml", "rb"))["build-system"]["requires"], sep="\n")')
mapfile -t REQUIRES < <("$PY" -c 'import tomllib; p = tomllib.load(open("pyproject.toml", "rb"))["project"]; print(*p["dependencies"], *p["optional-dependencies"]["cluster"], sep="\n")')
say "wheels: kbroker[cluster]'s requirements on the host into docker/wheelhouse (pip wheel; build: ${BUILD_REQUIRES[*]})"
find docker/wheelhouse -name '*.whl' -delete
if ! { "$PY" -m pip wheel --quiet --wheel-dir docker/wheelhouse "${REQUIRES[@]}" &&
       "$PY" -m pip download --quiet --dest docker/wheelhouse "${BUILD_REQUIRES[@]}"; } >"$WORK/wheels.log" 2>&1; then
    die "pip wheel of kbroker[cluster]'s requirements failed: $(grep -iE 'error' "$WORK/wheels.log" | tail -n1) (log: $WORK/wheels.log)"
fi

export KBROKER_BASE_IMAGE=$BASE KBROKER_PIP_INSTALL_FLAGS=--no-index ZOOKEEPER_IMAGE=$ZOOKEEPER
export DOCKER_BUILDKIT=0 COMPOSE_DOCKER_CLI_BUILD=0
say "broker image: building kbroker:latest on $BASE (pip --no-index from docker/wheelhouse)"
if ! compose build >"$WORK/build.log" 2>&1; then
    die "docker-compose build failed: $(grep -vE '^\s*$' "$WORK/build.log" | tail -n1) (log: $WORK/build.log)"
fi
find docker/wheelhouse -name '*.whl' -delete
size=$(docker image inspect -f '{{.Size}}' kbroker:latest)
if docker run --rm kbroker:latest python3 -c 'import pyspark' >/dev/null 2>&1; then
    die "the broker image holds pyspark: it must hold only what a broker needs"
fi
say "broker image kbroker:latest: $((size / 1000000)) MB (base $BASE: $(( $(docker image inspect -f '{{.Size}}' "$BASE") / 1000000 )) MB); no Spark in it"
TIMES[images]=$(ms_since "$T")

# --- up --------------------------------------------------------------------------------------
T=$(date +%s%N)
UP=1
say "cluster: docker-compose up -d (project $PROJECT; broker-4 of the scale profile stays out)"
if ! compose up -d >"$WORK/up.log" 2>&1; then
    die "docker-compose up failed: $(grep -vE '^\s*$' "$WORK/up.log" | tail -n1) (log: $WORK/up.log)"
fi
"$PY" tools/compose_scenario.py --compose "${COMPOSE[*]}" --project "$PROJECT" wait-healthy \
    || die "the cluster did not become healthy (container logs: $WORK/cluster.log)"
TIMES[up]=$(ms_since "$T")

# --- the scenario ----------------------------------------------------------------------------
T=$(date +%s%N)
"$PY" tools/compose_scenario.py --compose "${COMPOSE[*]}" --project "$PROJECT" scenario \
    || die "the client scenario failed (output above; container logs: $WORK/cluster.log)"
TIMES[scenario]=$(ms_since "$T")

# --- down -v: nothing left -------------------------------------------------------------------
T=$(date +%s%N)
scaled down -v --remove-orphans -t 30 >"$WORK/down.log" 2>&1 || die "docker-compose down -v failed (log: $WORK/down.log)"
UP=0
label="label=com.docker.compose.project=$PROJECT"
left="$(docker ps -aq --filter "$label") $(docker network ls -q --filter "$label") $(docker volume ls -q --filter "$label")"
[ -z "${left// /}" ] || die "docker-compose down -v left containers/networks/volumes behind: $left"
say "down -v: no container, network or volume of project $PROJECT is left"
TIMES[down]=$(ms_since "$T")

say "timings: image build $(secs "${TIMES[images]}"), cluster up $(secs "${TIMES[up]}"), scenario $(secs "${TIMES[scenario]}"), down $(secs "${TIMES[down]}"), total $(secs "$(ms_since "$T_START")")"
say "passed"
