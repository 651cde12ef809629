"""structlog for a library: the application's configuration when it made one, else quiet.

An unconfigured structlog prints every level to stdout, which a library must not do to the
programs that import it. Until the application calls `structlog.configure`, the client's events
go to stderr as logfmt lines from level WARNING (KBROKER_CLIENT_LOG=debug|info|... to change).
"""

from __future__ import annotations

import logging
import os
import sys
from typing import Any

import structlog

_LEVELS = {"debug": logging.DEBUG, "info": logging.INFO, "warning": logging.WARNING, "error": logging.ERROR}
_fallback: Any = None


def _fallback_logger() -> Any:
    global _fallback
    if _fallback is None:
        level = _LEVELS.get(os.environ.get("KBROKER_CLIENT_LOG", "warning").lower(), logging.WARNING)
        _fallback = structlog.wrap_logger(
            structlog.PrintLogger(file=sys.stderr),
            processors=[
                structlog.processors.add_log_level,
                structlog.processors.TimeStamper(fmt="iso", utc=True),
                structlog.processors.format_exc_info,
                structlog.processors.LogfmtRenderer(
                    key_order=["timestamp", "level", "logger", "event"], drop_missing=True
                ),
            ],
            wrapper_class=structlog.make_filtering_bound_logger(level),
        )
    return _fallback


class Logger:
    """`log.info("join_group", group=..., member=..., generation=...)`: events are verbs."""

    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name

    def _target(self) -> Any:
        if structlog.is_configured():
            return structlog.get_logger().bind(logger=self.name)
        return _fallback_logger().bind(logger=self.name)

    def debug(self, event: str, **kw: Any) -> None:
        self._target().debug(event, **kw)

    def info(self, event: str, **kw: Any) -> None:
        self._target().info(event, **kw)

    def warning(self, event: str, **kw: Any) -> None:
        self._target().warning(event, **kw)

    def error(self, event: str, **kw: Any) -> None:
        self._target().error(event, **kw)

    def exception(self, event: str, **kw: Any) -> None:
        self._target().exception(event, **kw)


def get(name: str) -> Logger:
    return Logger(name)
