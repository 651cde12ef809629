"""Cluster mode on ZooKeeper (Kafka 2.x's znode layout): broker registration, the controller,
partition placement and leadership, and what the handlers ask to redirect clients.

Absent `zookeeper.connect`, a single broker needs none of this package.
"""

from __future__ import annotations

import importlib.util

INSTALL_HINT = "pip install 'kbroker[cluster]'"


def require_kazoo() -> None:
    """Cluster mode needs kazoo, an extra: say so by name rather than with an ImportError."""
    if importlib.util.find_spec("kazoo") is None:
        from broker.config import ConfigError

        raise ConfigError(
            f"zookeeper.connect is set but kazoo, which cluster mode needs, is not installed: {INSTALL_HINT}"
        )
