"""The broker: server, request handlers, logs, groups, transactions."""

# Before any module of protocol/native.py's COMPILED in broker/ is imported: protocol's import
# installs the finder that runs their sources where the compiled copies must not run.
import protocol  # noqa: F401
