# kbroker: one broker per container (docker-compose.yml runs three on ZooKeeper).
FROM python:3.11-slim
WORKDIR /app
ENV PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
COPY pyproject.toml README.md ./
COPY protocol ./protocol
COPY broker ./broker
COPY client ./client
# A broker and its cluster mode (kazoo): not the Spark jobs (kbroker[jobs]), which a broker never runs.
# tests/integration/test_install.py builds this image where a Docker engine exists and prints its size.
RUN pip install '.[cluster]'
COPY config ./config
EXPOSE 9092 19092 19093 19094
# SIGTERM: the broker leaves the cluster cleanly (its ZooKeeper session closes at once).
STOPSIGNAL SIGTERM
ENTRYPOINT []
CMD ["kbroker", "config/server.properties"]
