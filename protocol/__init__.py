"""Kafka's wire protocol: declarations, codecs, framing, records; no I/O."""

from protocol import native

# Before any module of native.COMPILED is imported: their source where the compiled copy must not
# run (KBROKER_PURE_PYTHON=1, or edited since the build).
native.install()
