"""structlog set-up: key=value lines on stderr by default, JSON lines for machines.

Levels are per logger (`logger=` of each event), changed live through the BROKER_LOGGER config
resource (Kafka's log4j loggers, broker/logger_configs.py): the first processor drops an event
below its logger's level, else below the root level (--log-level)."""

from __future__ import annotations

import logging
import sys
from typing import Any

import structlog

LEVELS = {"debug": logging.DEBUG, "info": logging.INFO, "warning": logging.WARNING, "error": logging.ERROR}
_METHODS = {**LEVELS, "warn": logging.WARNING, "exception": logging.ERROR, "critical": logging.CRITICAL}
ROOT = "root"
_root_level = logging.INFO
_levels: dict[str, int] = {}  # per-logger levels set live (BROKER_LOGGER)
known: set[str] = set()  # every name given to get_logger


def _by_logger_level(_logger: object, method: str, event: Any) -> Any:
    name = event.get("logger")
    if _METHODS.get(method, logging.INFO) < _levels.get(name, _root_level):
        raise structlog.DropEvent
    return event


def level_of(name: str) -> int:
    return _levels.get(name, _root_level) if name != ROOT else _root_level


def set_level(name: str, level: int | None) -> None:
    """A logger's level (None: back to the root's); the root's own with name "root"."""
    global _root_level
    if name == ROOT:
        _root_level = level if level is not None else logging.INFO
    elif level is None:
        _levels.pop(name, None)
    else:
        _levels[name] = level


def configure(fmt: str = "logfmt", level: str = "info") -> None:
    renderer = (
        structlog.processors.JSONRenderer()
        if fmt == "json"
        else structlog.processors.LogfmtRenderer(
            key_order=["timestamp", "level", "logger", "event"], drop_missing=True
        )
    )
    global _root_level
    _root_level = LEVELS[level]
    structlog.configure(
        processors=[
            _by_logger_level,
            structlog.contextvars.merge_contextvars,
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            structlog.processors.format_exc_info,
            renderer,
        ],
        # every level reaches _by_logger_level, which filters by logger (few debug events exist)
        wrapper_class=structlog.make_filtering_bound_logger(logging.DEBUG),
        logger_factory=structlog.PrintLoggerFactory(file=sys.stderr),
        cache_logger_on_first_use=True,
    )


def get_logger(name: str) -> structlog.typing.FilteringBoundLogger:
    """A logger whose events carry `logger=name` (the factory ignores a positional name)."""
    known.add(name)
    logger: structlog.typing.FilteringBoundLogger = structlog.get_logger().bind(logger=name)
    return logger
