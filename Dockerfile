# kbroker: one broker per container (docker-compose.yml runs three on ZooKeeper).
FROM python:3.11-slim
WORKDIR /app
ENV PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
COPY pyproject.toml README.md ./
COPY protocol ./protocol
COPY broker ./broker
COPY client ./client
COPY jobs ./jobs
RUN pip install .
COPY config ./config
EXPOSE 9092 19092 19093 19094
# SIGTERM: the broker leaves the cluster cleanly (its ZooKeeper session closes at once).
STOPSIGNAL SIGTERM
ENTRYPOINT []
CMD ["kbroker", "config/server.properties"]
