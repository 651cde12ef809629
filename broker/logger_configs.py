"""BROKER_LOGGER config resources: kbroker's loggers (every `logger=` name of its events) and
their levels, described and changed live as Kafka's log4j loggers are (KIP-412), with log4j's
level names. Not persisted: a restart goes back to --log-level, as Kafka does."""

from __future__ import annotations

import logging
from collections.abc import Iterable

from broker import logging_setup
from broker.config_resources import ConfigEntry, ConfigSource, ConfigType
from protocol.errors import ErrorCode

# log4j's names -> the levels structlog filters by
KAFKA_LEVELS = {
    "TRACE": logging.DEBUG,
    "DEBUG": logging.DEBUG,
    "INFO": logging.INFO,
    "WARN": logging.WARNING,
    "ERROR": logging.ERROR,
    "FATAL": logging.CRITICAL,
}
_NAMES = {logging.DEBUG: "DEBUG", logging.INFO: "INFO", logging.WARNING: "WARN", logging.ERROR: "ERROR"}
_NAMES[logging.CRITICAL] = "FATAL"


class LoggerConfigError(Exception):
    def __init__(self, code: ErrorCode, message: str):
        super().__init__(message)
        self.code = code


def loggers() -> list[str]:
    return [logging_setup.ROOT, *sorted(logging_setup.known)]


def describe(keys: Iterable[str] | None) -> list[ConfigEntry]:
    names = loggers() if keys is None else [k for k in keys if k in loggers()]
    out = []
    for name in names:
        level = _NAMES.get(logging_setup.level_of(name), "INFO")
        source = ConfigSource.DYNAMIC_BROKER_LOGGER_CONFIG
        out.append(ConfigEntry(name, level, source, False, ((name, level, source),), ConfigType.STRING))
    return out


def check(changes: Iterable[tuple[str, int, str | None]]) -> list[tuple[str, int | None]]:
    """Kafka's validateLogLevelConfigs; the (logger, level or None to reset) to apply."""
    out: list[tuple[str, int | None]] = []
    known = set(loggers())
    for name, op, value in changes:
        if op in (2, 3):
            kind = "APPEND" if op == 2 else "SUBTRACT"
            raise LoggerConfigError(
                ErrorCode.INVALID_REQUEST, f"{kind} operation is not allowed for the BROKER_LOGGER resource"
            )
        if name not in known:
            raise LoggerConfigError(ErrorCode.INVALID_CONFIG, f"Logger {name} does not exist!")
        if op == 1:
            if name == logging_setup.ROOT:
                raise LoggerConfigError(
                    ErrorCode.INVALID_REQUEST, "Removing the log level of the root logger is not allowed"
                )
            out.append((name, None))
            continue
        level = KAFKA_LEVELS.get((value or "").upper())
        if level is None:
            raise LoggerConfigError(
                ErrorCode.INVALID_CONFIG,
                f"Cannot set the log level of {name} to {value} as it is not a supported log level. "
                f"Valid log levels are {', '.join(KAFKA_LEVELS)}",
            )
        out.append((name, level))
    return out


def apply(levels: list[tuple[str, int | None]]) -> None:
    for name, level in levels:
        logging_setup.set_level(name, level)
