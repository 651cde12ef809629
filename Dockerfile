# kbroker: one broker per container (docker-compose.yml runs three on ZooKeeper).
# The image holds the broker only: protocol/, broker/, client/ (the replica fetchers speak to
# other brokers with it), config/ and `kbroker[cluster]`'s packages in a virtualenv (no Spark jobs). Two build arguments:
#   BASE_IMAGE         a Python 3.11 image (default python:3.11-slim from Docker Hub; without a
#                      registry `make compose-test` imports one made by debootstrap from Debian)
#   PIP_INSTALL_FLAGS  extra pip flags, e.g. "--no-index" to install only from the wheels that
#                      `make compose-test` built on the host into docker/wheelhouse/ (offline)
ARG BASE_IMAGE=python:3.11-slim

FROM ${BASE_IMAGE} AS build
ARG PIP_INSTALL_FLAGS=""
# Pure Python in the image: the slim bases have no C compiler for mypyc's modules (setup.py would
# try, fail and fall back after minutes); protocol/native.py runs the same sources uncompiled.
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1 KBROKER_PURE_PYTHON=1
# One COPY (.dockerignore lets through only what the broker needs): one layer.
COPY . /src
RUN python3 -m venv /opt/kbroker/venv \
    && /opt/kbroker/venv/bin/pip install --quiet ${PIP_INSTALL_FLAGS} --find-links /src/docker/wheelhouse '/src[cluster]' \
    && cp -r /src/config /opt/kbroker/config

FROM ${BASE_IMAGE}
COPY --from=build /opt/kbroker /opt/kbroker
WORKDIR /opt/kbroker
ENV PATH=/opt/kbroker/venv/bin:$PATH PYTHONUNBUFFERED=1
EXPOSE 9092 19092 19093 19094
# SIGTERM: the broker leaves the cluster cleanly (its ZooKeeper session closes at once).
STOPSIGNAL SIGTERM
ENTRYPOINT []
CMD ["kbroker", "config/server.properties"]
