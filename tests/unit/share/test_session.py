"""Share sessions (broker/share/session.py): Kafka's epoch rules and the session limit."""

from __future__ import annotations

import uuid

import pytest

from broker.share.session import ShareSessionCache, ShareSessionError, next_epoch
from protocol.errors import ErrorCode as E

T = uuid.uuid4()


def error_of(fn, *args, **kwargs) -> E:  # type: ignore[no-untyped-def]
    with pytest.raises(ShareSessionError) as e:
        fn(*args, **kwargs)
    return e.value.error


def test_open_increment_close() -> None:
    cache = ShareSessionCache(2)
    s = cache.for_fetch("g", "m", 0, "c1", [(T, 0)], [], acknowledging=False)
    assert (s.epoch, list(s.partitions)) == (1, [(T, 0)])
    assert cache.for_fetch("g", "m", 1, "c1", [(T, 1)], [(T, 0)], acknowledging=True) is s
    assert (s.epoch, list(s.partitions)) == (2, [(T, 1)])
    assert cache.for_acknowledge("g", "m", 2) is s and s.epoch == 3
    # -1: the session it closes (the caller removes it), whatever the epoch reached
    assert cache.for_fetch("g", "m", -1, "c1", [], [], acknowledging=True) is s
    assert cache.remove("g", "m") is s and cache.get("g", "m") is None


def test_errors() -> None:
    cache = ShareSessionCache(1)
    assert (
        error_of(cache.for_fetch, "g", "m", 1, "c", [], [], acknowledging=False) == E.SHARE_SESSION_NOT_FOUND
    )
    assert (
        error_of(cache.for_fetch, "g", "m", -1, "c", [], [], acknowledging=False) == E.SHARE_SESSION_NOT_FOUND
    )
    assert error_of(cache.for_acknowledge, "g", "m", 1) == E.SHARE_SESSION_NOT_FOUND
    assert error_of(cache.for_acknowledge, "g", "m", 0) == E.INVALID_SHARE_SESSION_EPOCH
    assert error_of(cache.for_fetch, "g", "m", 0, "c", [], [], acknowledging=True) == E.INVALID_REQUEST
    cache.for_fetch("g", "m", 0, "c", [], [], acknowledging=False)
    assert (
        error_of(cache.for_fetch, "g", "m", 5, "c", [], [], acknowledging=False)
        == E.INVALID_SHARE_SESSION_EPOCH
    )
    assert error_of(cache.for_acknowledge, "g", "m", 0) == E.INVALID_SHARE_SESSION_EPOCH
    assert cache.get("g", "m").epoch == 1  # refused requests moved nothing
    assert error_of(cache.for_fetch, "g", "other", 0, "c", [], [], acknowledging=False) == (
        E.SHARE_SESSION_LIMIT_REACHED
    )
    # the member's own new session replaces its old one, within the limit
    assert cache.for_fetch("g", "m", 0, "c", [], [], acknowledging=False).epoch == 1


def test_epoch_wraps_to_one() -> None:
    assert next_epoch(0x7FFFFFFF) == 1 and next_epoch(1) == 2
